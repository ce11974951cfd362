/// Splits a session line into ``Token``s by the lexical rules of session files.
///
/// Words are separated by blanks (space or tab). A word starting with `"` is a string up to
/// the next unescaped `"`, with the escapes `\"` `\\` `\n` `\t` `\u{1F600}`; it must be
/// followed by a blank or the end of the line. A bare word takes its characters as written
/// (a backslash is an ordinary character there) and may not contain `"`. A `#` at the start
/// of a word, that is at the start of the line or after a blank, starts a comment.
enum Tokenizer {
  /// The words of `line` (valid UTF-8 without its line end), line `number` of `file`;
  /// throws the first lexical error, located at its column.
  static func tokens(in line: String, file: String, number: Int) throws(SessionError) -> [Token] {
    var scanner = Scanner(text: line, file: file, line: number)
    try scanner.scan()
    return scanner.tokens
  }

  /// Reads one line's scalars in place, front to back: a comment or the end of the line
  /// stops it, so the rest of a line is never looked at.
  private struct Scanner {
    let text: String
    let scalars: String.UnicodeScalarView
    let file: String
    let line: Int
    var index: String.Index
    /// The words found so far.
    var tokens: [Token] = []

    init(text: String, file: String, line: Int) {
      self.text = text
      scalars = text.unicodeScalars
      self.file = file
      self.line = line
      index = scalars.startIndex
    }

    /// The scalar at the reading position, or `nil` at the end of the line.
    private var current: Unicode.Scalar? {
      index < scalars.endIndex ? scalars[index] : nil
    }

    private mutating func advance() {
      scalars.formIndex(after: &index)
    }

    /// Reads the line's words into ``tokens``.
    mutating func scan() throws(SessionError) {
      while true {
        while let scalar = current, Self.isBlank(scalar) { advance() }
        guard let first = current, first != "#" else { return }
        let start = index
        let isQuoted = first == "\""
        let word = isQuoted ? try quoted() : try bare()
        tokens.append(Token(text: word, column: column(start), isQuoted: isQuoted))
      }
    }

    /// Reads a bare word and returns its text.
    private mutating func bare() throws(SessionError) -> String {
      let start = index
      while let scalar = current, !Self.isBlank(scalar) {
        if scalar == "\"" { throw error(.unexpectedQuote, at: index) }
        advance()
      }
      return String(scalars[start..<index])
    }

    /// Reads a quoted string and returns its text, escapes resolved.
    private mutating func quoted() throws(SessionError) -> String {
      let start = index
      advance()
      var value = String.UnicodeScalarView()
      while let scalar = current {
        if scalar == "\"" {
          advance()
          if let next = current, !Self.isBlank(next) {
            throw error(.missingBlankAfterString, at: index)
          }
          return String(value)
        }
        if scalar == "\\" {
          guard scalars.index(after: index) < scalars.endIndex else { break }
          value.append(try escape())
        } else {
          value.append(scalar)
          advance()
        }
      }
      throw error(.unterminatedString, at: start)
    }

    /// Resolves the escape at the reading position (a backslash) and moves past it.
    private mutating func escape() throws(SessionError) -> Unicode.Scalar {
      let backslash = index
      advance()
      let letter = current
      advance()
      switch letter {
      case "\"": return "\""
      case "\\": return "\\"
      case "n": return "\n"
      case "t": return "\t"
      case "u": return try unicodeEscape(from: backslash)
      default: throw error(.badEscape(.unknown), at: backslash)
      }
    }

    /// Resolves `\u{HEX}`; the reading position is just after the `u`.
    private mutating func unicodeEscape(from backslash: String.Index) throws(SessionError)
      -> Unicode.Scalar
    {
      func bad(_ problem: SessionError.EscapeProblem) -> SessionError {
        error(.badEscape(problem), at: backslash)
      }
      guard current == "{" else { throw bad(.missingOpeningBrace) }
      advance()
      var digits: [Unicode.Scalar] = []
      while let scalar = current, scalar != "}", scalar != "\"" {
        digits.append(scalar)
        advance()
      }
      guard current == "}" else { throw bad(.missingClosingBrace) }
      advance()
      guard !digits.isEmpty else { throw bad(.empty) }
      var value: UInt32 = 0
      for digit in digits {
        guard let digitValue = Self.hexValue(digit) else { throw bad(.notHex) }
        if digits.count <= 8 { value = value << 4 | digitValue }
      }
      guard digits.count <= 8 else { throw bad(.tooManyDigits) }
      guard value <= 0x10_FFFF else { throw bad(.outOfRange) }
      guard let scalar = Unicode.Scalar(value) else { throw bad(.surrogate) }
      return scalar
    }

    /// The 1-based column, in characters, of the character that holds the scalar at
    /// `position` (a combining mark belongs to the character before it, so it never gets a
    /// column of its own); the end of the line is one column past its last character.
    private func column(_ position: String.Index) -> Int {
      guard position < scalars.endIndex else { return text.count + 1 }
      return text[...position].count
    }

    private func error(_ kind: SessionError.Kind, at position: String.Index) -> SessionError {
      SessionError(kind, at: SourceLocation(file: file, line: line, column: column(position)))
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t"
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
      switch scalar.value {
      case 0x30...0x39: scalar.value - 0x30
      case 0x41...0x46: scalar.value - 0x41 + 10
      case 0x61...0x66: scalar.value - 0x61 + 10
      default: nil
      }
    }
  }
}

/// One word of a session line: a bare word or a quoted string with its escapes resolved.
struct Token: Equatable {
  /// The word's text.
  var text: String
  /// The 1-based column (in characters) where the word or its opening quote starts.
  var column: Int
  /// Whether the word was written in double quotes.
  var isQuoted: Bool
}
