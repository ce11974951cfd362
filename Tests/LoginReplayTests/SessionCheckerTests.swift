import Foundation
import Testing

@testable import LoginReplay

/// The whole-file check (every error, up to 20) and the second, streaming pass.
@Suite struct SessionCheckerTests {
  @Test func checkListsEveryErrorInLineOrder() throws {
    let text = """
      # A session with three mistakes.
      type email demo@example.com
      type pasword Password123!
      submit
      wait 1.5
      expect loading maybe # trailing comment
      expect phase succeeded

      """
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let errors = try SessionChecker.check(path: file.path)
    #expect(
      errors.map(\.description) == [
        "\(file.path):3:6: error: bad field for 'type'; expected email, password or code; "
          + "did you mean 'password'?",
        "\(file.path):5:6: error: bad duration for 'wait'; expected a unit after the "
          + "number: ms or s, as in 250ms or 1.5s",
        "\(file.path):6:16: error: bad value for 'expect loading'; expected true or false",
      ])
  }

  @Test func checkStopsAtTwentyErrors() throws {
    var text = "submit\n"
    for number in 1...30 { text += "oops\(number)\n" }
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let errors = try SessionChecker.check(path: file.path)
    #expect(errors.count == 20)
    #expect(SessionChecker.maximumReportedErrors == 20)
    #expect(errors.first?.location.line == 2)
    #expect(errors.last?.location.line == 21)
    #expect(errors.last?.kind == .unknownCommand(suggestion: nil))
  }

  @Test func checkReportsByteLevelErrorsToo() throws {
    let bytes =
      Array("submit\n".utf8) + [0xFE] + Array("\nsub".utf8) + [0] + Array("mit\n".utf8)
      + [UInt8](repeating: 0x20, count: 70_000) + Array("\n\"\n".utf8)
    let file = try TemporaryFile(bytes)
    defer { file.remove() }
    let errors = try SessionChecker.check(path: file.path)
    #expect(
      errors.map(\.kind) == [
        .invalidUTF8(byte: 0xFE), .nulByte, .lineTooLong(length: 70_000), .unterminatedString,
      ])
    #expect(errors.map(\.location.line) == [2, 3, 4, 5])
    #expect(errors.map(\.location.column) == [1, 4, 1, 1])
  }

  @Test func aCleanFileHasNoErrorsAndStreamsItsCommands() throws {
    let file = try TemporaryFile("type email a@b.co\n\n# note\nsubmit\nwait 2s\n")
    defer { file.remove() }
    #expect(try SessionChecker.check(path: file.path).isEmpty)
    let commands = try SessionCommandSequence(path: file.path).map { try $0.get() }
    #expect(
      commands == [
        LocatedCommand(.type(.email, "a@b.co"), at: .init(file: file.path, line: 1, column: 1)),
        LocatedCommand(.submit, at: .init(file: file.path, line: 4, column: 1)),
        LocatedCommand(.wait(.seconds(2)), at: .init(file: file.path, line: 5, column: 1)),
      ])
  }

  @Test func aMissingFileThrows() {
    #expect(throws: SessionError.self) { try SessionChecker.check(path: "/no/such/file.login") }
  }

  @Test func aLargeFileIsCheckedAsAStream() throws {
    // A large generated file: the check reads it in chunks and finds the one bad line.
    var text = ""
    text.reserveCapacity(1_200_000)
    for _ in 1..<100_000 { text += "submit\n" }
    text += "sumbit\n"
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let errors = try SessionChecker.check(path: file.path)
    #expect(errors.map(\.location.line) == [100_000])
  }
}
