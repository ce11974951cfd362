import Foundation
import Testing

@testable import LoginReplay

/// The streaming line reader: line ends, long lines, bad bytes, chunk boundaries, pipes.
@Suite struct DescriptorLineReaderTests {
  /// Everything a reader delivers for `bytes` read from a temporary file.
  func read(_ bytes: [UInt8]) throws -> [Result<SourceLine, SessionError>] {
    let file = try TemporaryFile(bytes)
    defer { file.remove() }
    return Array(try DescriptorLineReader(path: file.path))
  }

  func line(_ number: Int, _ text: String) -> Result<SourceLine, SessionError> {
    .success(SourceLine(number: number, text: text))
  }

  @Test func splitsOnNewlineAndCRLF() throws {
    let lines = try read(Array("submit\r\ncancel\n\r\nlast\r".utf8))
    #expect(lines == [line(1, "submit"), line(2, "cancel"), line(3, ""), line(4, "last")])
  }

  @Test func lastLineWithoutNewline() throws {
    #expect(try read(Array("a\nb".utf8)) == [line(1, "a"), line(2, "b")])
    #expect(try read(Array("a\n".utf8)) == [line(1, "a")])
    #expect(try read([]).isEmpty)
    #expect(try read(Array("\n".utf8)) == [line(1, "")])
  }

  @Test func aLoneCarriageReturnInsideALineIsKept() throws {
    #expect(try read(Array("a\rb\n".utf8)) == [line(1, "a\rb")])
    // Only the `\r` of the line end goes, whether the line is read from one chunk or from
    // the end of a line begun in the previous chunk.
    #expect(try read(Array("a\r\r\nb\r".utf8)) == [line(1, "a\r"), line(2, "b")])
    let across = String(repeating: "w", count: DescriptorLineReader.chunkSize - 1) + "\r\r\n"
    #expect(try read(Array(across.utf8)).map { try $0.get().text.suffix(2) } == ["w\r"])
  }

  @Test func byteOrderMarkIsIgnoredOnTheFirstLineOnly() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("submit\n".utf8) + [0xEF, 0xBB, 0xBF]
      + Array("x\n".utf8)
    #expect(try read(bytes) == [line(1, "submit"), line(2, "\u{FEFF}x")])
  }

  @Test func invalidUTF8IsReportedAtTheFirstBadByte() throws {
    let bytes = Array("submit\ntype email ab".utf8) + [0xFF] + Array("c\ncancel\n".utf8)
    let lines = try read(bytes)
    #expect(lines.count == 3)
    let expected = SessionError(
      .invalidUTF8(byte: 0xFF), at: SourceLocation(file: try pathless(lines), line: 2, column: 14))
    #expect(lines[1] == .failure(expected))
    #expect(lines[2] == line(3, "cancel"))
    guard case .failure(let error) = lines[1] else { return }
    #expect(error.message == "invalid UTF-8 (byte 0xFF); expected UTF-8 text")
  }

  @Test func invalidUTF8ColumnCountsCharactersBeforeIt() throws {
    // "é" is two bytes and one column; a truncated sequence (C3 then "(") is the bad spot.
    let bytes = Array("set email é".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    let lines = try read(bytes)
    guard case .failure(let error) = lines.first else {
      Issue.record("expected an error, got \(lines)")
      return
    }
    #expect(error.kind == .invalidUTF8(byte: 0xC3))
    #expect(error.location.line == 1)
    #expect(error.location.column == 12)
    // An overlong encoding and a lone continuation byte are invalid too.
    for bad: [UInt8] in [[0xC0, 0x80], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
      let result = try read(Array("ab".utf8) + bad + [0x0A])
      guard case .failure(let error) = result.first else {
        Issue.record("expected an error for \(bad)")
        continue
      }
      #expect(error.kind == .invalidUTF8(byte: bad[0]))
      #expect(error.location.column == 3)
    }
  }

  @Test func nulByteIsReportedWithItsColumn() throws {
    let lines = try read(Array("submit".utf8) + [0] + Array("\nsnapshot\n".utf8))
    guard case .failure(let error) = lines.first else {
      Issue.record("expected an error, got \(lines)")
      return
    }
    #expect(error.kind == .nulByte)
    #expect(error.location.line == 1)
    #expect(error.location.column == 7)
    #expect(error.message == "NUL byte; expected text")
    #expect(lines.last == line(2, "snapshot"))
  }

  @Test func aLineOfExactlyTheLimitIsAccepted() throws {
    let limit = DescriptorLineReader.maximumLineLength
    let long = [UInt8](repeating: 0x61, count: limit)
    let lines = try read(long + Array("\r\n".utf8) + long + Array("\nend".utf8))
    #expect(lines.count == 3)
    for (index, result) in lines.prefix(2).enumerated() {
      guard case .success(let line) = result else {
        Issue.record("line \(index + 1) rejected: \(result)")
        continue
      }
      #expect(line.text.utf8.count == limit)
    }
    #expect(lines.last == line(3, "end"))
  }

  @Test func overLongLinesAreSkippedAndReported() throws {
    let limit = DescriptorLineReader.maximumLineLength
    let bytes =
      Array("submit\n".utf8) + [UInt8](repeating: 0x61, count: limit + 1) + Array("\n".utf8)
      + [UInt8](repeating: 0x62, count: 1_000_000) + Array("\r\nsnapshot\n".utf8)
      + [UInt8](repeating: 0x63, count: 200_000)
    let lines = try read(bytes)
    #expect(lines.count == 5)
    #expect(lines[0] == line(1, "submit"))
    let expectedLengths = [(2, limit + 1), (3, 1_000_000), (5, 200_000)]
    for (lineNumber, length) in expectedLengths {
      guard case .failure(let error) = lines[lineNumber - 1] else {
        Issue.record("line \(lineNumber) should be too long")
        continue
      }
      #expect(error.kind == .lineTooLong(length: length))
      #expect(error.location.line == lineNumber)
      #expect(error.location.column == 1)
      #expect(error.message == "line is \(length) bytes long; expected at most 65536 bytes")
    }
    #expect(lines[3] == line(4, "snapshot"))
  }

  @Test func linesAcrossChunkBoundariesAreWhole() throws {
    // 40,000 numbered lines of varying length: about 300 KB, many chunk boundaries.
    var text = ""
    for number in 1...40_000 { text += "wait \(number)ms" + (number % 3 == 0 ? "\r\n" : "\n") }
    let lines = try read(Array(text.utf8))
    #expect(lines.count == 40_000)
    for (index, result) in lines.enumerated() where result != line(index + 1, "wait \(index + 1)ms")
    {
      Issue.record("line \(index + 1) is \(result)")
      break
    }
  }

  @Test func aSmallerLimitCanBeGiven() throws {
    let pipe = Pipe()
    let reader = DescriptorLineReader(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor, fileName: "p",
      maximumLineLength: 4)
    pipe.fileHandleForWriting.write(Data("abcd\nabcde\nab\r\n".utf8))
    try pipe.fileHandleForWriting.close()
    let lines = Array(reader)
    #expect(lines.count == 3)
    #expect(lines[0] == line(1, "abcd"))
    #expect(
      lines[1]
        == .failure(SessionError(.lineTooLong(length: 5), at: .init(file: "p", line: 2, column: 1)))
    )
    #expect(lines[2] == line(3, "ab"))
  }

  @Test func aMissingFileCannotBeOpened() {
    #expect(throws: SessionError.self) { try DescriptorLineReader(path: "/nonexistent/x.login") }
    do {
      _ = try DescriptorLineReader(path: "/nonexistent/x.login")
    } catch {
      #expect(error.location == SourceLocation(file: "/nonexistent/x.login", line: 0, column: 0))
      #expect(error.description.hasPrefix("/nonexistent/x.login: error: cannot read the session: "))
    }
  }

  @Test func aDirectoryCannotBeRead() throws {
    let file = try TemporaryFile("x")
    defer { file.remove() }
    let directory = URL(fileURLWithPath: file.path).deletingLastPathComponent().path
    let lines = Array(try DescriptorLineReader(path: directory))
    #expect(lines.count == 1)
    guard case .failure(let error) = lines.first else {
      Issue.record("expected a read error, got \(lines)")
      return
    }
    guard case .unreadable = error.kind else {
      Issue.record("expected unreadable, got \(error.kind)")
      return
    }
  }

  /// The file name every error of `lines` carries (they all come from one file).
  private func pathless(_ lines: [Result<SourceLine, SessionError>]) throws -> String {
    for case .failure(let error) in lines { return error.location.file }
    throw CancellationError()
  }
}
