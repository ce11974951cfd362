/// Finds the first invalid UTF-8 sequence or NUL byte of a line, and its column.
enum UTF8Check {
  /// A problem found in a line's bytes, with its 1-based column in characters.
  struct Problem: Error, Equatable {
    /// ``SessionError/Kind/invalidUTF8(byte:)`` or ``SessionError/Kind/nulByte``.
    var kind: SessionError.Kind
    /// The column of the bad byte: the characters of the valid text before it, plus one.
    var column: Int
  }

  /// The text of `bytes` when they are NUL-free UTF-8, else the first problem in them.
  static func text(of bytes: ArraySlice<UInt8>) -> Result<String, Problem> {
    let valid = bytes.contains(0) ? nil : String(validating: bytes, as: UTF8.self)
    if let valid { return .success(valid) }
    return .failure(firstProblem(in: bytes) ?? Problem(kind: .nulByte, column: 1))
  }

  /// The first problem in `bytes`, or `nil` when they are NUL-free UTF-8.
  private static func firstProblem(in bytes: ArraySlice<UInt8>) -> Problem? {
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

  private static func column(_ prefix: ArraySlice<UInt8>, allASCII: Bool) -> Int {
    allASCII ? prefix.count + 1 : String(decoding: prefix, as: UTF8.self).count + 1
  }
}
