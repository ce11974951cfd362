/// Splits a session line into ``Token``s by the lexical rules of session files.
///
/// Words are separated by blanks (space or tab). A word starting with `"` is a string up to
/// the next unescaped `"`, with the escapes `\"` `\\` `\n` `\t` `\u{1F600}`; it must be
/// followed by a blank or the end of the line. A bare word takes its characters as written
/// (a backslash is an ordinary character there) and may not contain `"`. A `#` at the start
/// of a word, that is at the start of the line or after a blank, starts a comment.
enum Tokenizer {
  /// Writes the words of the line `bytes` (valid UTF-8) into `tokens`, replacing what it
  /// held, and returns the texts of the words that are not bytes of the line; throws the
  /// first lexical error, located in `file` at `line`.
  ///
  /// In most lines every word is ASCII without `"`: such words are read straight from the
  /// bytes and hold only where they lie (``Token/Source/bytes(_:)``), since they can hold no
  /// error, a byte is a column, and the scanner would find the very same words. Any other
  /// line is decoded and scanned scalar by scalar, and its words hold their text. A reader
  /// of many lines passes the same `tokens` for each, so that no line allocates its words.
  @inline(__always)
  static func tokens(
    in bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int, into tokens: inout TokenRoom
  ) throws(SessionError) -> [String] {
    tokens.removeAll()
    if asciiBareWords(bytes, into: &tokens) { return [] }
    tokens.removeAll()
    var scanner = Scanner(text: String(decoding: bytes, as: UTF8.self), file: file, line: line)
    try scanner.scan()
    for token in scanner.tokens { tokens.append(token) }
    return scanner.texts
  }

  /// Appends the words of a line whose words are ASCII without `"` to `tokens`; `false`
  /// for any other line (a comment may hold anything: neither reader looks into it).
  @inline(__always)
  static func asciiBareWords(
    _ bytes: UnsafeBufferPointer<UInt8>, into tokens: inout TokenRoom
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while true {
      while index < count, isBlank(base[index]) { index += 1 }
      guard index < count, base[index] != UInt8(ascii: "#") else { return true }
      let start = index
      index = firstSpecial(in: base, from: index, count: count)
      if index < count, !isBlank(base[index]) { return false }
      tokens.append(Token(source: .bytes(start..<index), column: start + 1, isQuoted: false))
    }
  }

  /// The offset of the first byte from `index` that ends or refuses a bare word (a blank,
  /// `"`, or a non-ASCII byte), or `count`: eight bytes at a time while eight remain, each
  /// test setting the high bit of the bytes it holds for, then byte by byte.
  @inline(__always)
  private static func firstSpecial(
    in base: UnsafePointer<UInt8>, from start: Int, count: Int
  ) -> Int {
    var index = start
    while index &+ 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let special =
        bytes(of: word, equalTo: 0x20) | bytes(of: word, equalTo: 0x09)
        | bytes(of: word, equalTo: 0x22) | word & 0x8080_8080_8080_8080
      if special != 0 { return index &+ special.trailingZeroBitCount / 8 }
      index &+= 8
    }
    while index < count, !isSpecial(base[index]) { index += 1 }
    return index
  }

  /// The high bit of each byte of `word` equal to `byte`, exactly (no carry crosses bytes).
  @inline(__always)
  private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
    let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    let nonZero =
      ((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference
    return ~nonZero & 0x8080_8080_8080_8080
  }

  /// The bytes below 64 that end or refuse a bare word: space, tab and `"`.
  private static let specialBelow64: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x22

  /// Whether `byte` ends a bare word (a blank) or refuses it (`"`, non-ASCII).
  @inline(__always)
  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte < 64 ? specialBelow64 &>> UInt64(byte) & 1 != 0 : byte >= 0x80
  }

  @inline(__always)
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    let file: String
    let line: Int
    /// Every scalar before this offset is ASCII, so offsets there are columns.
    let asciiPrefix: Int
    var index = 0
    /// The words found so far; each one's text is in ``texts``.
    var tokens: [Token] = []
    /// The words' texts, in order.
    var texts: [String] = []

    init(text: String, file: String, line: Int) {
      scalars = Array(text.unicodeScalars)
      self.file = file
      self.line = line
      asciiPrefix = scalars.firstIndex { !$0.isASCII } ?? scalars.count
    }

    /// Reads the line's words into ``tokens`` and ``texts``.
    mutating func scan() throws(SessionError) {
      while true {
        while index < scalars.count, Self.isBlank(scalars[index]) { index += 1 }
        guard index < scalars.count, scalars[index] != "#" else { return }
        let start = index
        let isQuoted = scalars[index] == "\""
        texts.append(isQuoted ? try quoted() : try bare())
        tokens.append(
          Token(source: .text(texts.count - 1), column: column(start), isQuoted: isQuoted))
      }
    }

    /// Reads a bare word and returns its text.
    private mutating func bare() throws(SessionError) -> String {
      let start = index
      while index < scalars.count, !Self.isBlank(scalars[index]) {
        if scalars[index] == "\"" { throw error(.unexpectedQuote, at: index) }
        index += 1
      }
      return Self.string(scalars[start..<index])
    }

    /// Reads a quoted string and returns its text, escapes resolved.
    private mutating func quoted() throws(SessionError) -> String {
      let start = index
      index += 1
      var value = String.UnicodeScalarView()
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\"" {
          index += 1
          if index < scalars.count, !Self.isBlank(scalars[index]) {
            throw error(.missingBlankAfterString, at: index)
          }
          return String(value)
        }
        if scalar == "\\" {
          guard index + 1 < scalars.count else { break }
          value.append(try escape())
        } else {
          value.append(scalar)
          index += 1
        }
      }
      throw error(.unterminatedString, at: start)
    }

    /// Resolves the escape at `index` (a backslash) and moves past it.
    private mutating func escape() throws(SessionError) -> Unicode.Scalar {
      let backslash = index
      let letter = scalars[index + 1]
      index += 2
      switch letter {
      case "\"": return "\""
      case "\\": return "\\"
      case "n": return "\n"
      case "t": return "\t"
      case "u": return try unicodeEscape(from: backslash)
      default:
        throw error(.badEscape(.unknown), at: backslash)
      }
    }

    /// Resolves `\u{HEX}`; `index` is just after the `u`.
    private mutating func unicodeEscape(from backslash: Int) throws(SessionError) -> Unicode.Scalar
    {
      guard index < scalars.count, scalars[index] == "{" else {
        throw error(.badEscape(.missingOpeningBrace), at: backslash)
      }
      index += 1
      let digitsStart = index
      while index < scalars.count, scalars[index] != "}", scalars[index] != "\"" { index += 1 }
      let digits = scalars[digitsStart..<index]
      guard index < scalars.count, scalars[index] == "}" else {
        throw error(.badEscape(.missingClosingBrace), at: backslash)
      }
      index += 1
      func bad(_ problem: SessionError.EscapeProblem) -> SessionError {
        error(.badEscape(problem), at: backslash)
      }
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

    /// The 1-based column, in characters, of the character that holds the scalar at `offset`
    /// (a combining mark belongs to the character before it, so it never gets a column of its
    /// own); the end of the line is one column past its last character.
    private func column(_ offset: Int) -> Int {
      if offset < asciiPrefix { return offset + 1 }
      guard offset < scalars.count else { return Self.string(scalars[...]).count + 1 }
      return Self.string(scalars[...offset]).count
    }

    private func error(_ kind: SessionError.Kind, at offset: Int) -> SessionError {
      SessionError(kind, at: SourceLocation(file: file, line: line, column: column(offset)))
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

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
  }
}

/// Room for the words of one line, used again for every line of a session: memory of its
/// own, so that a line's words are written without an array's uniqueness and capacity
/// checks, and lent to the parser without a copy.
struct TokenRoom: ~Copyable {
  private var base: UnsafeMutablePointer<Token>
  private var capacity: Int
  /// How many words the room holds.
  private(set) var count = 0

  /// An empty room with space for `capacity` words (it grows as needed).
  init(capacity: Int = 8) {
    self.capacity = Swift.max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// The words, lent while the room is not changed.
  var tokens: UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: base, count: count) }

  /// Forgets every word, keeping the space.
  mutating func removeAll() {
    base.deinitialize(count: count)
    count = 0
  }

  /// Adds `token` after the others.
  mutating func append(_ token: Token) {
    if count == capacity { grow() }
    (base + count).initialize(to: token)
    count += 1
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}

/// One word of a session line: a bare word or a quoted string with its escapes resolved.
///
/// A plain value, copied without reference counting: its text is in the ``TokenizedLine``.
struct Token: Equatable {
  /// Where the word's text is.
  var source: Source
  /// The 1-based column (in characters) where the word or its opening quote starts.
  var column: Int
  /// Whether the word was written in double quotes.
  var isQuoted: Bool

  /// Where a word's text is: in the line's bytes, or among the line's decoded texts.
  enum Source: Equatable {
    /// A bare word of ASCII characters without `"`: these offsets in the line's bytes.
    case bytes(Range<Int>)
    /// A word of any other line, or a quoted string with its escapes resolved: this index of
    /// ``TokenizedLine/texts``.
    case text(Int)
  }
}

/// The words of one line, and where their texts are: what the parser reads a word's text
/// and keywords from.
///
/// Everything in it is lent, so that it is a plain value: the parser holding it has nothing
/// to release when a line is done.
struct TokenizedLine {
  /// The line's UTF-8 bytes, without its line end: lent by the caller, valid only while it
  /// parses the line (a command keeps strings of its own, never these bytes).
  let bytes: UnsafeBufferPointer<UInt8>
  /// The line's words, in order, lent like the bytes.
  let tokens: UnsafeBufferPointer<Token>
  /// The texts of words that are not bytes of the line (``Token/Source/text(_:)``), lent
  /// like the bytes.
  let texts: UnsafeBufferPointer<String>

  /// The text of `token`, as a string of its own.
  func text(of token: Token) -> String {
    switch token.source {
    case .bytes(let range): String(decoding: bytes[range], as: UTF8.self)
    case .text(let index): texts[index]
    }
  }

  /// The keyword of `table` that `token` spells, compared byte for byte, without building
  /// the word's string.
  @inline(__always)
  func keyword<Keyword>(of token: Token, in table: KeywordTable<Keyword>) -> Keyword? {
    switch token.source {
    case .bytes(let range):
      return table[UnsafeBufferPointer(rebasing: bytes[range])]
    case .text(let index):
      var text = texts[index]
      return text.withUTF8 { table[$0] }
    }
  }

  /// Whether `token` spells `word`.
  func token(_ token: Token, is word: String) -> Bool {
    switch token.source {
    case .bytes(let range): bytes[range].elementsEqual(word.utf8)
    case .text(let index): texts[index] == word
    }
  }
}
