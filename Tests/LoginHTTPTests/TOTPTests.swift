import Testing

/// The tests' own TOTP (`TOTP.swift`) against the published vectors: FIPS 180 SHA-1,
/// RFC 2202 HMAC-SHA1 and RFC 6238 Appendix B (SHA-1, 8 digits).
@Suite struct TOTPTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }
    .joined()
  }

  @Test func sha1Vectors() {
    #expect(Self.hex(TOTP.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(Self.hex(TOTP.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(
      Self.hex(TOTP.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      Self.hex(TOTP.sha1([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func hmacSHA1Vectors() {
    #expect(
      Self.hex(
        TOTP.hmacSHA1(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b617318655057264e28bc0b6fb378c8ef146be00")
    #expect(
      Self.hex(
        TOTP.hmacSHA1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    // A key longer than the block is hashed first (RFC 2202 test case 6).
    #expect(
      Self.hex(
        TOTP.hmacSHA1(
          key: [UInt8](repeating: 0xaa, count: 80),
          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
  }

  @Test(arguments: [
    (UInt64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
    (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
  ])
  func rfc6238AppendixB(_ time: UInt64, _ expected: String) {
    #expect(
      TOTP.code(secret: Array("12345678901234567890".utf8), time: time, digits: 8) == expected)
  }

  /// The secret the TOTP server shares is base32 for the RFC's key.
  @Test func sharedSecretIsTheRFCKey() {
    #expect(
      TOTP.base32Decode(HTTPCodeStepTOTPServerTests.secret) == Array("12345678901234567890".utf8))
    #expect(TOTP.base32Decode("MZXW6===") == Array("foo".utf8))
    #expect(TOTP.base32Decode("mzxw6") == nil)
  }
}
