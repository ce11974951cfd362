import LoginFlow
import Testing

@testable import LoginReplay

/// Lines read from a file parse exactly as their text does, wherever they lie in the
/// reader's chunks.
@Suite struct LineReadingTests {
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
