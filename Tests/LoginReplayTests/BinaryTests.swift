import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginTestSupport
import Testing

/// The `login-replay` executable end to end, as a child process.
@Suite(.timeLimit(.minutes(2))) struct BinaryTests {
  static let demo = ExampleReplayTests.path(of: "demo")

  /// Memory stays flat however long the session is: a file of 60 MB (comment lines of
  /// 60,000 bytes between a few commands) peaks within a few megabytes of a file of a few
  /// lines, where reading it whole would add all 60. Both end with more screens than a pipe
  /// holds, so the peak is read while the run still goes, after the whole file was read.
  @Test func aLongFileIsReadAsAStreamNeverWhole() async throws {
    try await onItsOwnThread {
      let commands = "set email demo@example.com\nexpect phase editing\n"
      let screens = String(repeating: "snapshot\n", count: 200)
      let small = try TemporaryFile(commands + screens)
      defer { small.remove() }
      let comment = "# " + String(repeating: "x", count: 60_000) + "\n"
      let big = try TemporaryFile(
        commands + String(repeating: comment, count: 1_000) + commands + screens)
      defer { big.remove() }
      let smallPeak = try ReplayBinary.peakMemoryAtFirstOutput([small.path])
      let bigPeak = try ReplayBinary.peakMemoryAtFirstOutput([big.path])
      #expect(
        bigPeak - smallPeak < 16_000,
        "peak \(smallPeak) KB for a few lines, \(bigPeak) KB for 60 MB")
    }
  }

  /// A long `type` line prints its events press by press: the run holds one press's events
  /// at a time, not the line's 65,000.
  @Test func aLongTypeLineHoldsOnePressAtATime() async throws {
    try await onItsOwnThread {
      let short = try TemporaryFile("type email xy\n")
      defer { short.remove() }
      let long = try TemporaryFile("type email " + String(repeating: "x", count: 65_000) + "\n")
      defer { long.remove() }
      let shortPeak = try ReplayBinary.peakMemoryAtFirstOutput(["--trace", short.path])
      let longPeak = try ReplayBinary.peakMemoryAtFirstOutput(["--trace", long.path])
      #expect(
        longPeak - shortPeak < 8_000,
        "peak \(shortPeak) KB for 2 presses, \(longPeak) KB for 65,000")
    }
  }

  @Test func helpOnStandardOutput() async throws {
    try await onItsOwnThread {
      let result = try ReplayBinary.run(["--help"])
      #expect(result.status == 0)
      #expect(result.standardOutput == ReplayOptions.helpText + "\n")
      #expect(result.standardError == "")
    }
  }

  @Test func version() async throws {
    try await onItsOwnThread {
      let result = try ReplayBinary.run(["--version"])
      #expect(result.status == 0)
      #expect(result.standardOutput == "login-replay \(LoginFlowVersion.current)\n")
    }
  }

  @Test func aUsageErrorIsTwo() async throws {
    try await onItsOwnThread {
      let result = try ReplayBinary.run(["--bogus", Self.demo])
      #expect(result.status == 2)
      #expect(result.standardOutput == "")
      #expect(
        result.standardError
          == "error: unknown option (argument 1); expected one of: --format, --trace, --auth, "
          + "--auth-format, --client-id, --scope, --device-url, --timeout, --width, --ascii, --session-file, --coverage, "
          + "--version, --help\n"
          + "USAGE: login-replay [<options>] <file>\n"
          + "  See 'login-replay --help' for more information.\n")
    }
  }

  @Test func theDemoExampleMatchesItsGolden() async throws {
    let binary = try await onItsOwnThread { try ReplayBinary.run([Self.demo]) }
    #expect(binary.status == 0)
    let inProcess = await Replay.command([Self.demo])
    #expect(binary.standardOutput == inProcess.standardOutput)
    #expect(binary.standardOutput.hasSuffix("31 actions, 17 expectations: 17 passed, 0 failed\n"))
  }

  @Test func aParseErrorListingIsTwo() async throws {
    try await onItsOwnThread {
      let file = try TemporaryFile("snapshot\nsubmt\nwait 2m\nexpect phase \"done\n")
      defer { file.remove() }
      let result = try ReplayBinary.run([file.path])
      #expect(result.status == 2)
      #expect(result.standardOutput == "")
      let lines = result.standardError.split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      #expect(lines[0].hasPrefix("\(file.path):2:1: error: unknown command"))
      #expect(
        lines[1]
          == "\(file.path):3:6: error: bad duration for 'wait'; expected the unit ms or s, "
          + "as in 250ms or 1.5s")
      #expect(
        lines[2]
          == "\(file.path):4:14: error: unterminated string; expected a closing '\"' on the same line"
      )
    }
  }

  @Test func anExpectationFailureIsOne() async throws {
    try await onItsOwnThread {
      let file = try TemporaryFile("expect phase idle\ntype email x\nexpect phase idle\n")
      defer { file.remove() }
      let result = try ReplayBinary.run([file.path])
      #expect(result.status == 1)
      #expect(
        result.standardError == "\(file.path):3: expectation failed: expected idle, got editing\n")
      #expect(result.standardOutput == "1 action, 2 expectations: 1 passed, 1 failed\n")
    }
  }

  @Test func standardInputFromAFile() async throws {
    try await onItsOwnThread {
      let result = try ReplayBinary.run(
        ["-", "--format", "jsonl"], input: "type email ab\nexpect phase editing\n")
      #expect(result.status == 0)
      #expect(result.standardOutput.split(separator: "\n").count == 4)
    }
  }

  /// A driver writes one command, reads its answer, then writes the next: this only works
  /// when every answer is flushed as soon as its command is done.
  @Test func aDriverProgramTalksToLoginReplayOneCommandAtATime() async throws {
    try await onItsOwnThread {
      let process = Process()
      process.executableURL = try ReplayBinary.url()
      process.arguments = ["-", "--format", "jsonl"]
      let input = Pipe()
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // A watchdog instead of a hang: if an answer never comes, the child is stopped, its
      // output ends, and the reads below fail.
      let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
      DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
      defer {
        watchdog.cancel()
        if process.isRunning { process.terminate() }
      }
      let reader = PipeLineReader(output.fileHandleForReading)
      func send(_ command: String) {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
      }

      send("set email demo@example.com")
      var object = try reader.nextObject()
      #expect(object["type"] as? String == "action")
      #expect(object["action"] as? String == "emailChanged(\"demo@example.com\")")
      #expect(object["line"] as? Int == 1)

      send("type password Pass")
      for length in 1...4 {
        object = try reader.nextObject()
        let unit = length == 1 ? "character" : "characters"
        #expect(object["action"] as? String == "passwordChanged(<redacted> \(length) \(unit))")
      }

      send("expect can-submit true")
      object = try reader.nextObject()
      #expect(object["type"] as? String == "expect")
      #expect(object["passed"] as? Bool == true)

      send("submt")
      object = try reader.nextObject()
      #expect(object["type"] as? String == "error")
      #expect(object["line"] as? Int == 4)

      send("respond success after 2s")
      object = try reader.nextObject()
      #expect(object["type"] as? String == "respond")

      send("submit")
      object = try reader.nextObject()
      #expect(object["action"] as? String == "submitTapped")
      #expect(object["after"] as? String == "submitting")

      send("wait 2s")
      object = try reader.nextObject()
      #expect(
        object["action"] as? String == "authResponse(1, success(AuthSession(token: <redacted>)))")
      #expect(object["time"] as? String == "2s")
      object = try reader.nextObject()
      #expect(object["type"] as? String == "wait")

      send("snapshot")
      object = try reader.nextObject()
      #expect(object["type"] as? String == "snapshot")
      #expect(object["phase"] as? String == "succeeded")

      try input.fileHandleForWriting.close()
      object = try reader.nextObject()
      #expect(object["type"] as? String == "summary")
      #expect(object["rejected"] as? Int == 1)
      #expect(reader.nextLine() == nil)
      process.waitUntilExit()
      #expect(process.terminationStatus == 2)
      let diagnostics = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(diagnostics.hasPrefix("<stdin>:4:1: error: unknown command"))
    }
  }
}
