import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime
import Testing

/// `login-replay` drives its runner on the store (`drive`), where a line that needs no
/// waiting runs without an asynchronous call (`run(_:on:)`); a runner called from anywhere
/// else runs every line asynchronously (`run(_:)`). Both must print exactly the same.
@Suite struct DrivenRunnerTests {
  /// The formats in which the driven runner takes its synchronous path (those that print
  /// no states), and one in which it does not.
  static let optionSets: [[String]] = [
    [], ["--trace"], ["--trace", "--coverage"], ["--format", "jsonl"],
  ]

  /// What a run printed, how it ended, and what it counted.
  struct Printed: Equatable {
    var status: ExitCode
    var standardOutput: String
    var standardError: String
    var summary: ReplaySummary
    var coverage: TransitionCoverage

    /// Equal when every byte printed is: `String`'s `==` would take `é` and `e` with a
    /// combining accent for the same text.
    static func == (left: Printed, right: Printed) -> Bool {
      left.status == right.status
        && left.standardOutput.utf8.elementsEqual(right.standardOutput.utf8)
        && left.standardError.utf8.elementsEqual(right.standardError.utf8)
        && left.summary == right.summary && left.coverage == right.coverage
    }
  }

  /// How a test hands a session's lines to the runner.
  enum Driving {
    /// Line by line from the test's task (`run(_:)`).
    case fromTheTest
    /// Line by line on the store (`drive` and `run(_:on:)`), as `login-replay` runs a file
    /// too long to keep, or standard input.
    case onTheStore
    /// All at once on the store, as `login-replay` runs the commands its check kept: each
    /// moved out of the array to run. Only for a session without a bad line.
    case keptOnTheStore
  }

  /// Runs the session at `path` with `arguments`, driven as `driving` says.
  static func run(
    _ path: String, _ arguments: [String], driving: Driving,
    reducer: LoginStore.Reducer? = nil
  ) async throws -> Printed {
    guard case .run(let options) = try ReplayOptions.parse(arguments + [path]) else {
      throw HarnessError(description: "not a run: \(arguments)")
    }
    let output = CapturedOutput()
    let runner = try SessionRunner(
      options: options, output: output, reducer: reducer, faults: .none)
    let lines = Array(try SessionCommandSequence(path: path))
    let status: ExitCode
    switch driving {
    case .fromTheTest:
      for line in lines { await runner.run(line) }
      status = await runner.finish()
    case .onTheStore:
      status = await runner.drive { store, runner in
        for line in lines { await runner.run(line, on: store) }
        return await runner.finish()
      }
    case .keptOnTheStore:
      let commands = KeptCommands(try lines.map { try $0.get() }, file: path)
      status = await runner.drive { store, runner in
        await runner.run(commands, on: store)
        return await runner.finish()
      }
    }
    return Printed(
      status: status, standardOutput: output.standardOutput,
      standardError: output.standardError, summary: runner.summary,
      coverage: runner.coverage)
  }

  @Test(arguments: ExampleReplayTests.exampleNames, optionSets)
  func anExamplePrintsTheSameDrivenOrNot(_ example: String, _ arguments: [String]) async throws {
    let path = ExampleReplayTests.path(of: example)
    let driven = try await Self.run(path, arguments, driving: .onTheStore)
    let kept = try await Self.run(path, arguments, driving: .keptOnTheStore)
    let undriven = try await Self.run(path, arguments, driving: .fromTheTest)
    #expect(driven == undriven)
    #expect(kept == undriven)
    #expect(driven.status == .success)
  }

  /// A session of lines the synchronous path takes, lines it leaves to the asynchronous one,
  /// failed expectations and a bad line, all interleaved.
  static let mixed = """
    type email demo@example.com
    expect can-submit false
    backspace email 4
    type email .com
    set password Password123!
    expect can-submit true
    expect phase idle
    toggle-password
    respond invalid-credentials after 1s
    submit
    type email x
    expect loading true
    wait 1s
    expect error none
    clear password
    expect password-length 0
    session-store failing
    type password secret
    backspace password 99
    snapshot
    bogus line
    submit
    cancel
    reset
    relaunch
    expect phase idle

    """

  @Test(arguments: optionSets)
  func aMixedSessionPrintsTheSameDrivenOrNot(_ arguments: [String]) async throws {
    let file = try TemporaryFile(Self.mixed)
    defer { file.remove() }
    let driven = try await Self.run(file.path, arguments, driving: .onTheStore)
    let undriven = try await Self.run(file.path, arguments, driving: .fromTheTest)
    #expect(driven == undriven)
    #expect(driven.status == .usageOrInputError, "the bad line")
    #expect(driven.standardError.contains("expectation failed"))
  }

  /// The mixed session without its bad line, run from the commands a check keeps.
  @Test(arguments: optionSets)
  func aMixedSessionPrintsTheSameFromKeptCommands(_ arguments: [String]) async throws {
    let file = try TemporaryFile(Self.mixed.replacingOccurrences(of: "bogus line\n", with: ""))
    defer { file.remove() }
    let kept = try await Self.run(file.path, arguments, driving: .keptOnTheStore)
    let undriven = try await Self.run(file.path, arguments, driving: .fromTheTest)
    #expect(kept == undriven)
    #expect(kept.status == .expectationFailed)
    #expect(kept.summary.failed > 0 && kept.summary.passed > 0)
  }

  /// A field set to a text equal to its own but spelled otherwise (`é` as one scalar, then as
  /// `e` and a combining accent) holds the spelling set last, and typing appends to that, in
  /// every way of running and every format.
  @Test(arguments: optionSets)
  func typingAppendsToTheSpellingSetLast(_ arguments: [String]) async throws {
    let file = try TemporaryFile(
      """
      set email \u{E9}
      set email e\u{301}
      type email x
      snapshot

      """)
    defer { file.remove() }
    let driven = try await Self.run(file.path, arguments, driving: .onTheStore)
    let kept = try await Self.run(file.path, arguments, driving: .keptOnTheStore)
    let undriven = try await Self.run(file.path, arguments, driving: .fromTheTest)
    #expect(driven == undriven)
    #expect(kept == undriven)
    if arguments == ["--trace"] {
      // Bytes, since `contains` on strings would match either spelling.
      let typed = Array("emailChanged(\"e\u{301}x\")".utf8)
      let precomposed = Array("emailChanged(\"\u{E9}x\")".utf8)
      let printed = Array(driven.standardOutput.utf8)
      #expect(printed.firstRange(of: typed) != nil, "\(driven.standardOutput)")
      #expect(printed.firstRange(of: precomposed) == nil)
    }
  }

  /// A machine on which typing `!` cancels the request in flight: the press wakes the
  /// request's task, so the synchronous path stops in the middle of a `type`, lets the task
  /// end, and hands the rest of the line over, which types it as the asynchronous path does.
  @Test func aPressThatWakesWorkInTheMiddleOfATypeLineHandsTheRestOver() async throws {
    let reducer: LoginStore.Reducer = { state, action in
      var (next, effects) = reduce(state, action)
      if case .emailChanged(let text) = action, text.hasSuffix("!") {
        effects.append(.cancelAuthentication(attempt: state.attempt))
      }
      return (next, effects)
    }
    let file = try TemporaryFile(
      """
      set email demo@example.com
      set password Password123!
      submit
      type email ab!cd
      expect requests-in-flight 0

      """)
    defer { file.remove() }
    let driven = try await Self.run(
      file.path, ["--trace"], driving: .onTheStore, reducer: reducer)
    let kept = try await Self.run(
      file.path, ["--trace"], driving: .keptOnTheStore, reducer: reducer)
    let undriven = try await Self.run(
      file.path, ["--trace"], driving: .fromTheTest, reducer: reducer)
    #expect(driven == undriven)
    #expect(kept == undriven)
    #expect(driven.status == .success)
    let lines = driven.standardOutput.split(separator: "\n").map(String.init)
    let typed = lines.filter { $0.hasPrefix("[0s] line 4: ") && $0.contains("emailChanged") }
    #expect(typed.count == 5, "every character of the line is pressed")
    let cancelled = try #require(lines.firstIndex { $0.contains("cancelled authenticate(1)") })
    let rest = try #require(lines.firstIndex { $0.contains("emailChanged(\"demo@example.comc\")") })
    #expect(cancelled < rest, "the cancel is printed before the rest is typed")
  }
}
