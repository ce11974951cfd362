import Foundation
import LoginTestSupport
import Testing

@testable import LoginReplay

/// A session on a pipe is parsed line by line: each command is available as soon as its
/// newline is written, before the writer sends the next one (as `login-replay -` needs).
@Suite(.hangGuard) struct StreamingTests {
  @Test func commandsArriveOneLineAtATime() throws {
    let pipe = Pipe()
    let reader = SessionCommandSequence(
      lines: DescriptorLineReader(
        fileDescriptor: pipe.fileHandleForReading.fileDescriptor,
        fileName: SourceLocation.standardInputName))
    let writer = pipe.fileHandleForWriting
    func send(_ text: String) { writer.write(Data(text.utf8)) }

    send("type email demo@example.com\n")
    #expect(
      reader.next()
        == .success(
          LocatedCommand(
            .type(.email, "demo@example.com"),
            at: SourceLocation(file: "<stdin>", line: 1, column: 1)
          )))

    send("# a comment, then a command\n\n  submit\r\n")
    #expect(
      reader.next()
        == .success(
          LocatedCommand(.submit, at: SourceLocation(file: "<stdin>", line: 4, column: 3))))

    send("subm")
    send("t\n")
    guard case .failure(let error) = reader.next() else {
      Issue.record("expected an error for 'submt'")
      return
    }
    #expect(error.description.hasPrefix("<stdin>:5:1: error: unknown command"))

    send("wait 1.5s")
    try writer.close()
    #expect(
      reader.next()
        == .success(
          LocatedCommand(
            .wait(.milliseconds(1_500)), at: SourceLocation(file: "<stdin>", line: 6, column: 1))))
    #expect(reader.next() == nil)
    #expect(reader.next() == nil)
  }

  @Test func standardInputIsNamedStdin() {
    #expect(SessionCommandSequence.standardInput().fileName == "<stdin>")
  }
}
