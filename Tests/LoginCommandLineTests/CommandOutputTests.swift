import Testing

@testable import LoginCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output failures and the statuses they end a program with.
@Suite struct CommandOutputTests {
  @Test func aClosedPipeIsQuietAndEverythingElseIsSaidOnce() {
    #expect(OutputFailure(errno: EPIPE) == .closedPipe)
    #expect(OutputFailure.closedPipe.message == nil)
    #expect(
      OutputFailure(errno: ENOSPC).message
        == "error: cannot write to standard output: No space left on device")
    #expect(
      OutputFailure(errno: EBADF).message == "error: cannot write to standard output: Bad file "
        + "descriptor")
    #expect(OutputFailure.closedPipe.exitCode(otherwise: .failure) == .failure)
    #expect(OutputFailure(errno: EIO).exitCode(otherwise: .success) == .outputFailed)
  }

  @Test func finishingFlushesAndKeepsTheStatusOfOutputThatCannotFail() {
    let output = CapturedOutput()
    output.writeLine("a")
    output.writeErrorLine("b")
    #expect(output.finish(.failure) == .failure)
    #expect(output.flushCount == 1)
    #expect(output.standardOutput == "a\n" && output.standardError == "b\n")
    #expect(output.failure == nil)
  }

  @Test func statusesRankFromBestToWorst() {
    #expect(
      [ExitCode.success, .failure, .usageOrInputError, .outputFailed].map(\.rawValue)
        == [0, 1, 2, 3])
    #expect(ExitCode.success.worse(.failure) == .failure)
    #expect(ExitCode.outputFailed.worse(.usageOrInputError) == .outputFailed)
    #expect(ExitCode(rawValue: 143).worse(.outputFailed).rawValue == 143)
  }

  /// What reaches an output is escaped there, whoever made the text: line feeds stay.
  @Test func capturedOutputEscapesWhatATerminalWouldObey() {
    let output = CapturedOutput()
    output.isTerminal = true
    output.writeLine("a\u{1B}[2J\nb\u{9B}")
    output.writeErrorLine("path \u{202E}x\u{7}")
    output.showStatus("\u{1B}]0;t\u{7}")
    #expect(output.standardOutput == "a\\u{1B}[2J\nb\\u{9B}\n")
    #expect(output.standardError == "path \\u{202E}x\\u{7}\n")
    #expect(output.statusLines == ["\\u{1B}]0;t\\u{7}"])
  }
}
