import Foundation
import LoginTestSupport
import Testing

/// Every executable of the package, run as a child process with its standard output or
/// error full, closed or a pipe without a reader: none traps, a lost standard output is said
/// once and exits 3, a closed pipe ends quietly, and a lost standard error changes nothing.
@Suite(.timeLimit(.minutes(2))) struct StandardStreamsTests {
  /// An executable of the package.
  enum Program: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case replay = "login-replay"
    case terminal = "login-tui"
    case explore = "login-explore"
    case bench = "login-bench"

    var testDescription: String { rawValue }

    /// A run that prints on standard output and ends on its own with status 0: the demo
    /// session; `--version` for login-tui, whose only other run without a terminal prints
    /// nothing there (see ``theTerminalWithoutATerminalOnlyTalksToStandardError``); a
    /// shallow exploration; one cheap measurement.
    var normalRun: [String] {
      switch self {
      case .replay: [Self.packageRoot.appendingPathComponent("Docs/Examples/demo.login").path]
      case .terminal: ["--version"]
      case .explore: ["--depth", "2"]
      case .bench: ["--quick", "--only", "keystroke_raw"]
      }
    }

    /// The `USAGE:` line of a usage error.
    var usageLine: String {
      self == .replay ? "USAGE: login-replay [<options>] <file>" : "USAGE: \(rawValue) [<options>]"
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  /// What a test asks of a program.
  enum Request: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case help
    /// `--versoin`, a usage error.
    case misspelt
    /// ``Program/normalRun``.
    case normal

    var testDescription: String { rawValue }

    func arguments(for program: Program) -> [String] {
      switch self {
      case .help: ["--help"]
      case .misspelt: ["--versoin"]
      case .normal: program.normalRun
      }
    }

    /// The status when every stream works.
    var status: Int32 { self == .misspelt ? 2 : 0 }
  }

  static let noSpace = "error: cannot write to standard output: No space left on device"

  @Test(arguments: Program.allCases, Request.allCases)
  func everyStreamWorking(_ program: Program, _ request: Request) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(program.rawValue, request.arguments(for: program))
      #expect(result.status == request.status)
      switch request {
      case .help:
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(result.standardOutput.contains("\n\(program.usageLine)\n"))
        #expect(result.standardOutput.contains("\n  3  standard output could not be written\n"))
        #expect(result.standardError == "")
      case .misspelt:
        #expect(result.standardOutput == "")
        let lines = result.errorLines
        #expect(lines.count == 3)
        #expect(
          lines.first?.hasPrefix("error: unknown option (argument 1); expected one of: ") == true)
        #expect(lines.first?.hasSuffix(", --version, --help; did you mean '--version'?") == true)
        #expect(lines.dropFirst().first.map(String.init) == program.usageLine)
        #expect(lines.last == "  See '\(program.rawValue) --help' for more information.")
      case .normal:
        #expect(!result.standardOutput.isEmpty)
        #expect(result.standardError == "")
      }
    }
  }

  @Test(arguments: Program.allCases, Request.allCases)
  func aFullStandardOutputIsSaidOnceAndExitsThree(_ program: Program, _ request: Request)
    async throws
  {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), output: .full)
      #expect(result.signal == nil)
      switch request {
      case .help, .normal:
        #expect(result.status == 3)
        #expect(result.errorLines == [Substring(Self.noSpace)])
      case .misspelt:
        // Nothing goes to standard output: the usage error is reported as always.
        #expect(result.status == 2)
        #expect(result.errorLines.count == 3)
      }
    }
  }

  @Test(arguments: Program.allCases, [Request.help, .normal])
  func aClosedStandardOutputIsSaidOnceAndExitsThree(_ program: Program, _ request: Request)
    async throws
  {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), output: .closed)
      #expect(result.signal == nil)
      #expect(result.status == 3)
      #expect(result.errorLines == ["error: cannot write to standard output: Bad file descriptor"])
    }
  }

  @Test(arguments: Program.allCases, Request.allCases)
  func aClosedStandardErrorChangesNothing(_ program: Program, _ request: Request) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), error: .closed)
      #expect(result.signal == nil)
      #expect(result.status == request.status)
      #expect(result.standardOutput.isEmpty == (request == .misspelt))
    }
  }

  @Test(arguments: Program.allCases, Request.allCases)
  func aFullStandardErrorChangesNothing(_ program: Program, _ request: Request) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), error: .full)
      #expect(result.signal == nil)
      #expect(result.status == request.status)
      #expect(result.standardOutput.isEmpty == (request == .misspelt))
    }
  }

  @Test(arguments: Program.allCases, [Request.help, .normal])
  func bothStreamsLostStillEndsWithThree(_ program: Program, _ request: Request) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), output: .full, error: .closed)
      #expect(result.signal == nil)
      #expect(result.status == 3)
    }
  }

  /// The bench's start-up baseline is no tool (no options), but it is an executable of the
  /// package: it refuses arguments with 2 and a lost standard output with 3 and one line.
  @Test func theStartUpBaselineSaysHelloRefusesArgumentsAndALostOutput() async throws {
    try await onItsOwnThread {
      let hello = try SpawnedProgram.run("startup-baseline", [])
      #expect(hello.status == 0)
      #expect(hello.standardOutput == "hello (GET)\n")
      let misspelt = try SpawnedProgram.run("startup-baseline", ["--versoin"])
      #expect(misspelt.status == 2)
      #expect(misspelt.errorLines == ["error: startup-baseline takes no arguments"])
      let full = try SpawnedProgram.run("startup-baseline", [], output: .full)
      #expect(full.signal == nil)
      #expect(full.status == 3)
      #expect(full.errorLines == [Substring(Self.noSpace)])
    }
  }

  @Test(arguments: Program.allCases, [Request.help, .normal])
  func aPipeClosedByItsReaderEndsQuietly(_ program: Program, _ request: Request) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run(
        program.rawValue, request.arguments(for: program), output: .closedPipe)
      #expect(result.signal == nil, "SIGPIPE is ignored: the write fails with EPIPE instead")
      #expect(result.status == request.status)
      #expect(result.standardError == "")
    }
  }

  /// Without a terminal login-tui says so on standard error alone, and exits 2 whatever
  /// becomes of its streams.
  @Test(arguments: [
    (SpawnedProgram.Stream.captured, SpawnedProgram.Stream.captured), (.full, .captured),
    (.closed, .captured), (.captured, .closed), (.captured, .full),
  ])
  func theTerminalWithoutATerminalOnlyTalksToStandardError(
    _ output: SpawnedProgram.Stream, _ error: SpawnedProgram.Stream
  ) async throws {
    try await onItsOwnThread {
      let result = try SpawnedProgram.run("login-tui", [], output: output, error: error)
      #expect(result.signal == nil)
      #expect(result.status == 2)
      #expect(result.standardOutput == "")
      if case .captured = error {
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.hasPrefix("error: login-tui needs a terminal"))
      }
    }
  }
}
