/// Finds the first invalid UTF-8 sequence or NUL byte of a line, and its column.
enum UTF8Check {
  /// A problem found in a line's bytes, with its 1-based column in characters.
  struct Problem: Equatable {
    /// ``SessionError/Kind/invalidUTF8(byte:)`` or ``SessionError/Kind/nulByte``.
    var kind: SessionError.Kind
    /// The column of the bad byte: the characters of the valid text before it, plus one.
    var column: Int
  }

  /// The first problem in `bytes`, or `nil` when they are NUL-free UTF-8.
  ///
  /// Most lines are plain ASCII without NUL: one cheap pass, inlined where lines are read,
  /// says so; any other line is decoded.
  @inline(__always)
  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    isASCIIWithoutNUL(bytes) ? nil : firstProblemDecoding(bytes)
  }

  /// ``firstProblem(in:)`` for a line that is not plain ASCII without NUL.
  private static func firstProblemDecoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = bytes.startIndex
    var allASCII = true
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1, encoded.first == 0 {
          return Problem(kind: .nulByte, column: column(bytes[..<offset], allASCII: allASCII))
        }
        if encoded.count > 1 { allASCII = false }
        offset += encoded.count
      case .error:
        return Problem(
          kind: .invalidUTF8(byte: bytes[offset]),
          column: column(bytes[..<offset], allASCII: allASCII))
      case .emptyInput:
        return nil
      }
    }
  }

  /// Whether every byte is ASCII and none is NUL, read eight bytes at a time: a line is
  /// checked before it is parsed, so this runs for every line of every session.
  @inline(__always)
  static func isASCIIWithoutNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    guard count >= 8 else { return bytes.allSatisfy { $0 != 0 && $0 < 0x80 } }
    let lowBits: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var flagged: UInt64 = 0
    var offset = 0
    while true {
      // The last word overlaps the one before it: its bytes are the line's last eight.
      let word = UnsafeRawPointer(base + Swift.min(offset, count - 8)).loadUnaligned(
        as: UInt64.self)
      // A byte's high bit flags non-ASCII; a zero byte borrows into its high bit.
      flagged |= word | ((word &- lowBits) & ~word)
      offset += 8
      if offset >= count { break }
    }
    return flagged & highBits == 0
  }

  private static func column(_ prefix: Slice<UnsafeBufferPointer<UInt8>>, allASCII: Bool) -> Int {
    allASCII ? prefix.count + 1 : String(decoding: prefix, as: UTF8.self).count + 1
  }
}
