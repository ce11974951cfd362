import Foundation

/// RFC 6238 time-based one-time passwords with HMAC-SHA1 (RFC 4226's HOTP on a time step),
/// written out for the tests: the package has no cryptography dependency, and the codes the
/// TOTP test server (`Fixtures/totp_server.py`, pyotp) accepts are computed here
/// independently. Checked against RFC 6238 Appendix B in `TOTPTests`.
enum TOTP {
  /// The code for `secret` at `time` seconds after the Unix epoch: `digits` decimal digits
  /// (leading zeros kept) of HOTP on the counter `time / step`.
  static func code(secret: [UInt8], time: UInt64, digits: Int = 6, step: UInt64 = 30) -> String {
    code(secret: secret, counter: time / step, digits: digits)
  }

  /// RFC 4226 HOTP: dynamic truncation of HMAC-SHA1(secret, counter as 8 big-endian bytes).
  static func code(secret: [UInt8], counter: UInt64, digits: Int) -> String {
    let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
    let mac = hmacSHA1(key: secret, message: message)
    let offset = Int(mac[19] & 0x0f)
    let binary =
      (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
      | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
    var modulus: UInt32 = 1
    for _ in 0..<digits { modulus *= 10 }
    let text = String(binary % modulus)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// The current Unix time in whole seconds.
  static var now: UInt64 { UInt64(Date().timeIntervalSince1970) }

  /// RFC 3548 base32 (upper case, `=` padding optional), or `nil` for any other character.
  static func base32Decode(_ text: String) -> [UInt8]? {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    var bytes: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for character in text.utf8 where character != UInt8(ascii: "=") {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      buffer = (buffer << 5) | UInt32(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return bytes
  }

  /// RFC 2104 HMAC with SHA-1 (block size 64).
  static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var block = key.count > 64 ? sha1(key) : key
    block += [UInt8](repeating: 0, count: 64 - block.count)
    let inner = sha1(block.map { $0 ^ 0x36 } + message)
    return sha1(block.map { $0 ^ 0x5c } + inner)
  }

  /// FIPS 180-4 SHA-1 of `message`: 20 bytes.
  static func sha1(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message + [0x80]
    while padded.count % 64 != 56 { padded.append(0) }
    let bitLength = UInt64(message.count) * 8
    padded += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: padded.count, by: 64) {
      for t in 0..<16 {
        let i = chunk + 4 * t
        w[t] =
          (UInt32(padded[i]) << 24) | (UInt32(padded[i + 1]) << 16)
          | (UInt32(padded[i + 2]) << 8) | UInt32(padded[i + 3])
      }
      for t in 16..<80 { w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for t in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch t {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, rotl(b, 30), a, temp)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) }
    }
  }

  private static func rotl(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value << count) | (value >> (32 - count))
  }
}
