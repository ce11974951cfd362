import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exit statuses 0, 1 and 2, usage errors, parse error listings and bad lines on standard
/// input, run in-process.
@Suite struct ExitStatusTests {
  @Test func zeroWhenEveryExpectationHolds() async throws {
    let result = try await Replay.session("expect phase idle\n")
    #expect(result.status == .success)
    #expect(result.standardOutput == "0 actions, 1 expectation: 1 passed, 0 failed\n")
  }

  @Test func oneWhenAnExpectationFails() async throws {
    let result = try await Replay.session("expect phase idle\nexpect loading true\n")
    #expect(result.status == .expectationFailed)
    #expect(result.standardError == "FILE:2: expectation failed: expected true, got false\n")
  }

  @Test func outputIsFlushedAfterEveryCommand() async throws {
    let file = try TemporaryFile("type email ab\nsnapshot\nexpect phase editing\n")
    defer { file.remove() }
    let output = CapturedOutput()
    let status = await ReplayCommand.run([file.path], output: output)
    #expect(status == .success)
    #expect(output.flushCount == 4)  // three commands, then the summary
  }

  @Test func helpAndVersion() async {
    let help = await Replay.command(["--help"])
    #expect(help.status == .success)
    #expect(help.standardOutput == ReplayOptions.helpText + "\n")
    #expect(help.standardOutput.contains("--client-id <id>"))
    let version = await Replay.command(["--version"])
    #expect(version.status == .success)
    #expect(version.standardOutput == "login-replay \(LoginFlowVersion.current)\n")
  }

  @Test(arguments: [
    ["--bogus", "x.login"], [], ["--format", "xml", "x.login"], ["/no/such/file.login"],
    ["--client-id", "", "x.login"],
  ])
  func twoForAUsageError(_ arguments: [String]) async {
    let result = await Replay.command(arguments)
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("error: "))
    #expect(result.standardError.contains("\nUSAGE: login-replay [<options>] <file>\n"))
  }

  @Test func twoForAnInsecureAuthURL() async throws {
    let file = try TemporaryFile("submit\n")
    defer { file.remove() }
    let result = await Replay.command(["--auth", "http://example.com/login", file.path])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "error: Refusing plain http to 'example.com': use https, or http only on loopback "
        + "(127.0.0.0/8, localhost).\n")
  }

  @Test func aParseErrorListsEveryErrorAndRunsNothing() async throws {
    let result = try await Replay.session(
      "snapshot\nsubmt\ntype name x\nwait 15\nexpect loading maybe\nsnapshot\n")
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    let errors = result.standardError.split(separator: "\n").map(String.init)
    #expect(errors.count == 4)
    #expect(errors[0].hasPrefix("FILE:2:1: error: unknown command; expected one of: "))
    #expect(errors[1] == "FILE:3:6: error: bad field for 'type'; expected email, password or code")
    #expect(errors[2].hasPrefix("FILE:4:6: error: bad duration for 'wait'"))
    #expect(
      errors[3]
        == "FILE:5:16: error: bad value for 'expect loading'; expected true or false")
  }

  @Test func atMostTwentyErrorsAreListed() async throws {
    let result = try await Replay.session(String(repeating: "submt\n", count: 30))
    #expect(result.status == .usageOrInputError)
    let errors = result.standardError.split(separator: "\n")
    #expect(errors.count == 20)
    #expect(errors.last?.hasPrefix("FILE:20:1: error: unknown command") == true)
  }

  @Test func anUnreadableFileIsTwo() async throws {
    let file = try TemporaryFile("expect phase idle\n")
    defer { file.remove() }
    // A file without read permission; root reads anything, so there use a file that opens
    // but fails to read (Linux: /proc/self/mem at offset 0 is an I/O error).
    var path = file.path
    if geteuid() == 0 {
      path = "/proc/self/mem"
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
    }
    let result = await Replay.command([path])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardError.hasPrefix(path + ":"))
    #expect(result.standardError.contains(" error: cannot read the session: "))
    #expect(!result.standardOutput.contains("expectation"))
  }

  @Test func standardInputReportsABadLineSkipsItAndExitsTwo() async {
    let result = await Replay.standardInput(
      "type email a@b.co\nsubmt\nexpect phase editing\nexpect phase idle\n",
      ["--format", "jsonl"])
    #expect(result.status == .usageOrInputError)
    #expect(
      result.standardError.hasPrefix("<stdin>:2:1: error: unknown command; expected"))
    #expect(
      result.standardError.hasSuffix(
        "\n<stdin>:4: expectation failed: expected idle, got editing\n"))
    let error = try? result.jsonObjects(ofType: "error").first
    #expect(error?["line"] as? Int == 2)
    #expect(error?["column"] as? Int == 1)
    let expects = (try? result.jsonObjects(ofType: "expect")) ?? []
    #expect(expects.map { $0["passed"] as? Bool } == [true, false])
    let summary = try? result.jsonObjects(ofType: "summary").first
    #expect(summary?["rejected"] as? Int == 1)
  }

  @Test func standardInputWithEveryExpectationHoldingIsZero() async {
    let result = await Replay.standardInput(demoLogin + "submit\nsettle\nexpect phase succeeded\n")
    #expect(result.status == .success, "\(result.standardError)")
    #expect(result.standardOutput == "30 actions, 1 expectation: 1 passed, 0 failed\n")
  }

  @Test func respondWithARealAuthServiceIsAnErrorBeforeAnythingRuns() async throws {
    let result = try await Replay.session(
      "submit\n  respond success\nwait 1s\nrespond timeout after 2s\n",
      ["--auth", "http://127.0.0.1:9/login"])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == """
        FILE:2:3: error: 'respond' cannot be used with --auth URL; the server decides every \
        answer (expected --auth demo to script answers)
        FILE:4:1: error: 'respond' cannot be used with --auth URL; the server decides every \
        answer (expected --auth demo to script answers)

        """)
  }

  @Test func respondWithARealAuthServiceOnStandardInputIsSkipped() async {
    let result = await Replay.standardInput(
      "expect phase idle\nrespond success\n", ["--auth", "http://127.0.0.1:9/login"])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardError.hasPrefix("<stdin>:2:1: error: 'respond' cannot be used"))
    #expect(
      result.standardOutput.hasSuffix(
        "0 actions, 1 expectation: 1 passed, 0 failed, 1 bad line skipped\n"))
  }
}
