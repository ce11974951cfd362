import LoginTestSupport
import Testing

@testable import LoginReplay

/// The line check's fast path, eight bytes at a time, says what a byte-by-byte reading says.
@Suite struct UTF8CheckTests {
  /// The reference: every byte ASCII, none NUL.
  static func isASCIIWithoutNULByByte(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { $0 != 0 && $0 < 0x80 }
  }

  static func fastPath(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { UTF8Check.isASCIIWithoutNUL($0) }
  }

  /// A NUL, a non-ASCII byte or the highest ASCII byte at every position of every length up
  /// to 40, in lines of printable ASCII and of DEL and 0x01 bytes (next to the flagged
  /// values).
  @Test func oneOddByteAtEveryPositionOfEveryLength() {
    for length in 0...40 {
      for filler: UInt8 in [0x61, 0x01, 0x7F] {
        let line = [UInt8](repeating: filler, count: length)
        #expect(Self.fastPath(line) == Self.isASCIIWithoutNULByByte(line))
        for position in 0..<length {
          for odd: UInt8 in [0x00, 0x80, 0xFF, 0xC3, 0x7F, 0x01] {
            var bytes = line
            bytes[position] = odd
            #expect(
              Self.fastPath(bytes) == Self.isASCIIWithoutNULByByte(bytes),
              "length \(length), \(odd) at \(position) among \(filler)")
          }
        }
      }
    }
  }

  @Test func randomLines() {
    var random = SeededGenerator(seed: 8)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 48)
      let bytes = (0..<length).map { _ -> UInt8 in
        // Mostly printable ASCII, now and then a NUL or a byte of a multibyte sequence.
        let roll = random.next() % 64
        return roll == 0 ? 0 : roll == 1 ? UInt8(0x80 + random.next() % 0x80) : UInt8(0x20 + roll)
      }
      #expect(Self.fastPath(bytes) == Self.isASCIIWithoutNULByByte(bytes), "\(bytes)")
    }
  }
}
