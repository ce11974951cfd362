import LoginFlow
import Testing

@testable import LoginReplay

/// Lines read from a file are parsed from the reader's bytes, never from a string of the
/// line, and keywords are found by their bytes (``KeywordTable``).
@Suite struct ParsingFromBytesTests {
  /// Looks `word` up in `table`.
  static func lookUp<Keyword>(_ word: String, in table: KeywordTable<Keyword>) -> Keyword? {
    Array(word.utf8).withUnsafeBufferPointer { table[$0] }
  }

  @Test func everyKeywordOfEveryKindIsFoundByItsWord() {
    for name in SessionCommand.Name.allCases {
      #expect(Self.lookUp(name.rawValue, in: KeywordTable<SessionCommand.Name>()) == name)
    }
    for subject in SessionCommand.Expectation.Subject.allCases {
      #expect(
        Self.lookUp(subject.rawValue, in: KeywordTable<SessionCommand.Expectation.Subject>())
          == subject)
    }
    for phase in LoginPhase.Kind.allCases {
      #expect(Self.lookUp(phase.rawValue, in: KeywordTable<LoginPhase.Kind>()) == phase)
    }
    let effects = KeywordTable(LoginEffect.Kind.allCases.map { (word: $0.name, keyword: $0) })
    for kind in LoginEffect.Kind.allCases {
      #expect(Self.lookUp(kind.name, in: effects) == kind)
    }
  }

  @Test func aWordThatOnlyStartsOrEndsLikeAKeywordIsNone() {
    let names = KeywordTable<SessionCommand.Name>()
    for word in [
      "", "s", "se", "sett", "set\0", "\0set", "Set", "set ", "toggle-passwor",
      "toggle-passwordx", "session-store\0\0\0",
    ] {
      #expect(Self.lookUp(word, in: names) == nil, "\(word.debugDescription)")
    }
  }

  /// Every keyword of every table the parser uses changed by one byte, cut short by one or
  /// grown by one, at every place: none is a keyword of its table but the one it spells, as
  /// comparing with every keyword says. (The tables hash a word to one slot: a near miss
  /// must not find a keyword there.)
  @Test func aWordOneByteFromAKeywordIsOnlyTheKeywordItSpells() {
    func check<Keyword: Equatable & Sendable>(_ words: [(word: String, keyword: Keyword)]) {
      let table = KeywordTable(words)
      for (word, _) in words {
        let bytes = Array(word.utf8)
        var nearMisses = [Array(bytes.dropLast()), bytes + [0x61], bytes + [0]]
        for index in bytes.indices {
          for byte: UInt8 in [0, 0x2D, 0x61, 0x7A, bytes[index] ^ 0x20, bytes[index] &+ 1] {
            var changed = bytes
            changed[index] = byte
            nearMisses.append(changed)
          }
          nearMisses.append(Array(bytes[..<index] + bytes[(index + 1)...]))
        }
        for miss in nearMisses {
          let expected = words.first { Array($0.word.utf8) == miss }?.keyword
          let found = miss.withUnsafeBufferPointer { table[$0] }
          #expect(found == expected, "\(miss)")
        }
      }
    }
    check(SessionCommand.Name.allCases.map { ($0.rawValue, $0) })
    check(SessionCommand.Field.allCases.map { ($0.rawValue, $0) })
    check(SessionCommand.SessionStoreMode.allCases.map { ($0.rawValue, $0) })
    check(SessionCommand.Expectation.Subject.allCases.map { ($0.rawValue, $0) })
    check(LoginPhase.Kind.allCases.map { ($0.rawValue, $0) })
    check(SessionCommand.Outcome.allCases.map { ($0.name, $0) })
    check(LoginEffect.Kind.allCases.map { ($0.name, $0) })
    check([("true", true), ("false", false)])
    // Many words, each a slot of its own.
    check((0..<200).map { (String($0, radix: 7) + "-word", $0) })
  }

  @Test func aKeywordIsAtMostTheLongestLengthAndALongerWordIsNone() {
    let longest = String(repeating: "k", count: KeywordTable<Int>.maximumLength)
    let table = KeywordTable([(word: longest, keyword: 1), (word: longest + "k", keyword: 2)])
    #expect(Self.lookUp(longest, in: table) == 1)
    #expect(Self.lookUp(longest + "k", in: table) == nil, "a word too long to be a keyword")
    #expect(Self.lookUp(String(repeating: "k", count: 10_000), in: table) == nil)
  }

  /// A comment may hold anything, a quote or any character: the words before it are read
  /// as the words of any line.
  @Test func aCommentAfterTheWordsHoldsAnything() throws {
    for comment in ["# \"é, never closed", "#😀", "# \\u{zz}"] {
      let parsed = try #require(SessionParser.parse("set email x " + comment, file: "f", line: 1))
      #expect(try parsed.get().command == .set(.email, "x"))
    }
  }

  /// Every row of the command and error tables, read from a file at an offset that is not
  /// a word boundary of the reader's chunk, parses exactly as its text does.
  @Test func aLineReadFromAFileParsesAsItsText() throws {
    let texts =
      SessionParserCommandTests.rows.map(\.0) + SessionParserErrorTests.cases.map(\.0)
      + [
        "# a comment", "   ", "\u{FEFF}set email x", "set email \"é\" # trailing",
        "set email x # \"é, never closed", "expect phase idle\t#é",
      ]
    // A first line that puts every later line at an odd offset of the chunk.
    let lines = ["#x"] + texts
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    var fromFile: [Int: Result<LocatedCommand, SessionError>] = [:]
    for result in try SessionCommandSequence(path: file.path) {
      let line: Int
      switch result {
      case .success(let located): line = located.location.line
      case .failure(let error): line = error.location.line
      }
      fromFile[line] = result
    }
    for (index, text) in lines.enumerated() {
      let expected = SessionParser.parse(text, file: file.path, line: index + 1)
      #expect(fromFile[index + 1] == expected, "line \(index + 1): \(text.debugDescription)")
    }
  }

  /// Lines after the reader's first chunk, and after lines that span chunks, parse as their
  /// text does: each line is lent from wherever it lies once the reader has refilled.
  @Test func linesInLaterChunksParseAsTheirText() throws {
    let commands = [
      "set email demo@example.com", "type password \"pässword 1\"", "expect error none",
    ]
    let filler = "# " + String(repeating: "x", count: 60_000)
    let lines = commands + [filler, filler, filler] + commands
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let read = try SessionCommandSequence(path: file.path).map { try $0.get().command }
    let expected = try commands.map { text in
      try #require(SessionParser.parse(text, file: "f", line: 1)).get().command
    }
    #expect(read == expected + expected)
    #expect(read.first == .set(.email, "demo@example.com"))
  }

  /// A byte order mark before the first line is not part of it: its words and columns are
  /// those of the line without it.
  @Test func aByteOrderMarkBeforeTheFirstCommandIsNotPartOfIt() throws {
    let file = try TemporaryFile("\u{FEFF}set email demo@example.com\nset email x\n")
    defer { file.remove() }
    let read = try SessionCommandSequence(path: file.path).map { try $0.get() }
    #expect(read.map(\.command) == [.set(.email, "demo@example.com"), .set(.email, "x")])
    #expect(read.first?.location.column == 1)
  }
}
