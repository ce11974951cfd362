import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime
import LoginSimulation
import Testing

@testable import LoginExplorer

@Suite(.timeLimit(.minutes(5))) struct ExplorerTests {
  @Test func theRealMachineHoldsEveryInvariantToAModestDepth() async {
    var explorer = Explorer()
    explorer.maximumDepth = 5
    let report = await explorer.run()
    #expect(report.counterexample == nil)
    #expect(report.depth == 5)
    #expect(report.states > 20)
    #expect(report.transitions > report.states)
  }

  @Test func theAlphabetComesFromTheMachinesActions() {
    for kind in LoginAction.Kind.allCases {
      switch kind {
      case .authResponse, .sessionSaveFailed:
        #expect(ExplorerEvent.events(for: kind).isEmpty)
      case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
        .cancelTapped, .logoutTapped, .reset, .storeClosed, .sessionRestored:
        #expect(!ExplorerEvent.events(for: kind).isEmpty)
      }
    }
    #expect(ExplorerEvent.events(for: .storeClosed) == [.close])
    #expect(ExplorerEvent.events(for: .sessionRestored) == [.relaunch])
    #expect(ExplorerEvent.userEvents.count == 4 + 4 + 7)
    // Every outcome at each of three timings, and `never` once.
    #expect(Fate.all.count == ScriptedOutcome.allCases.count * 3 + 1)
  }

  @Test func theRememberedSessionEventsReachTheirStates() async {
    let timeout = Duration.seconds(30)
    let login: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .early)),
    ]
    func key(_ events: [ExplorerEvent]) async -> SystemKey {
      await ExploredSystem.run(events, machine: .correct, timeout: timeout) { system, steps in
        SystemKey.of(system, state: steps.last?.after ?? LoginState())
      }
    }
    let saved = await key(login + [.advance])
    #expect(saved.screen.phase == .succeeded)
    #expect(saved.kept == .unexpired)
    let restored = await key(login + [.advance, .relaunch])
    #expect(restored.screen.phase == .succeeded)
    #expect(restored.screen.email == "")
    #expect(restored.kept == .unexpired)
    let expired = await key(login + [.advance, .expireSession])
    #expect(expired.kept == .expired)
    let forgotten = await key(login + [.advance, .expireSession, .relaunch])
    #expect(forgotten.screen.phase == .idle)
    #expect(forgotten.kept == .nothing)
    let unsaved = await key(login + [.advanceFailingSave])
    #expect(unsaved.screen.phase == .succeeded)
    #expect(unsaved.screen.sessionNotRemembered)
    #expect(unsaved.kept == .nothing)
    #expect(await key(login + [.advanceFailingSave, .relaunch]) == key([]))
  }

  @Test func aRelaunchWithARequestInFlightCancelsItAndLeavesNothingBehind() async {
    let fate = Fate(outcome: .success, timing: .late)
    let events: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(fate), .relaunch,
    ]
    let timeout = Duration.seconds(30)
    let checker = InvariantChecker(machine: .correct)
    let violations = await ExploredSystem.run(events, machine: .correct, timeout: timeout) {
      system, steps in
      await checker.check(steps[steps.count - 1], of: system)
    }
    #expect(violations == [])
    #expect(
      await InvariantChecker.checkFuture(of: events, machine: .correct, timeout: timeout) == nil)
  }

  @Test func fatesFallOnMultiplesOfHalfTheTimeout() {
    let timeout = Duration.seconds(30)
    let delays = Set(Fate.all.map { $0.delay(timeout: timeout) })
    #expect(delays == [.seconds(15), .seconds(30), .seconds(45), DurationLiteral.maximum])
  }

  @Test func sameScreenAfterSubmitCancelCyclesIsOneState() async {
    let fate = Fate(outcome: .success, timing: .never)
    let once: [ExplorerEvent] = [.setEmail(.valid), .setPassword(.valid), .submit(fate), .cancel]
    let twice = once + [.submit(fate), .cancel]
    let timeout = Duration.seconds(30)
    let firstKey = await ExploredSystem.run(once, machine: .correct, timeout: timeout) {
      SystemKey.of($0, state: $1[$1.count - 1].after)
    }
    let secondKey = await ExploredSystem.run(twice, machine: .correct, timeout: timeout) {
      SystemKey.of($0, state: $1[$1.count - 1].after)
    }
    #expect(firstKey == secondKey)
  }

  @Test func closingInFlightEndsTheRequestAndLateAnswersAreStillDropped() async {
    let late = Fate(outcome: .success, timing: .late)
    let path: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(late), .close, .advance,
    ]
    let timeout = Duration.seconds(30)
    await ExploredSystem.run(path, machine: .correct, timeout: timeout) { system, steps in
      let closing = steps[3]
      #expect(closing.before.isLoading)
      #expect(closing.after.phase == .editing, "the form, not a spinner")
      #expect(system.requests[1]?.end == .cancelled)
      #expect(system.requests[1]?.droppedLate == true, "the late answer after close")
      if let last = steps.last {
        #expect(await InvariantChecker(machine: .correct).check(last, of: system) == [])
      }
    }
  }
}

@Suite struct ExploreCommandTests {
  @Test func parsesItsOptions() throws {
    #expect(try ExploreCommand.parse([]) == .run(.init()))
    #expect(try ExploreCommand.parse(["--help"]) == .help)
    #expect(try ExploreCommand.parse(["--version"]) == .version)
    var options = ExploreCommand.Options()
    options.depth = 3
    options.timeout = .seconds(2)
    options.format = .json
    options.counterexamplePath = "x.login"
    #expect(
      try ExploreCommand.parse([
        "--depth", "3", "--timeout=2s", "--format", "json", "--counterexample", "x.login",
      ]) == .run(options))
  }

  /// `--timeout` accepts the store's whole range, as login-replay's and login-tui's do.
  @Test func theTimeoutRangeIsTheStores() throws {
    var options = ExploreCommand.Options()
    options.timeout = LoginStore.timeoutRange.lowerBound
    #expect(try ExploreCommand.parse(["--timeout", "0.000000001s"]) == .run(options))
    options.timeout = LoginStore.timeoutRange.upperBound
    #expect(try ExploreCommand.parse(["--timeout", "86400s"]) == .run(options))
    #expect(throws: UsageError.self) { try ExploreCommand.parse(["--timeout", "86401s"]) }
  }

  @Test(arguments: [
    ["--depth", "0"], ["--depth", "65"], ["--depth"], ["--timeout", "1ns"], ["--timeout", "0s"],
    ["--format", "xml"], ["--bogus"], ["Secret123"], ["--counterexample", ""],
  ])
  func refusesBadCommandLines(_ arguments: [String]) async {
    let output = CapturedOutput()
    let status = await ExploreCommand.run(arguments, output: output)
    #expect(status == .usageOrInputError)
    #expect(output.standardError.hasPrefix("error: "))
    #expect(output.standardError.contains("\nUSAGE: login-explore [<options>]\n"))
    #expect(output.standardError.hasSuffix("See 'login-explore --help' for more information.\n"))
    #expect(!output.standardError.contains("Secret123"))
    #expect(output.standardOutput == "")
  }

  @Test func aMisspeltOptionGetsTheClosestOne() async {
    let output = CapturedOutput()
    #expect(await ExploreCommand.run(["--dpeth", "2"], output: output) == .usageOrInputError)
    #expect(
      output.standardError.hasPrefix(
        "error: unknown option (argument 1); expected one of: --depth, --timeout, --format, "
          + "--counterexample, --version, --help; did you mean '--depth'?\n"))
  }

  @Test func theHelpIsBuiltFromTheDeclarations() async {
    let output = CapturedOutput()
    #expect(await ExploreCommand.run(["-h"], output: output) == .success)
    #expect(output.standardOutput == ExploreCommand.helpText + "\n")
    for option in ExploreCommand.Option.allCases {
      #expect(ExploreCommand.helpText.contains("\n  \(option.rawValue) <"), "\(option)")
    }
    let words = ExploreCommand.helpText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("(values: text, json, mermaid, dot; default: text)"))
    #expect(ExploreCommand.helpText.contains("\n  3  standard output could not be written"))
  }

  @Test func aShallowRunPrintsTheSummary() async {
    let output = CapturedOutput()
    let status = await ExploreCommand.run(["--depth", "2"], output: output)
    #expect(status == .success)
    let summary =
      output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    #expect(summary.hasPrefix("explored "))
    #expect(summary.contains("depth 2, frontier not empty: 11 invariants hold"))
  }

  @Test func jsonIsOneObject() async throws {
    let output = CapturedOutput()
    let status = await ExploreCommand.run(["--depth", "1", "--format", "json"], output: output)
    #expect(status == .success)
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(object["depth"] as? Int == 1)
    #expect(object["frontierEmpty"] as? Bool == false)
    #expect((object["invariants"] as? [String])?.count == Invariant.allCases.count)
    #expect(object["violation"] is NSNull)
  }

  @Test func anUnwritableCounterexampleIsAUsageErrorThatNamesNoPath() async {
    let output = CapturedOutput()
    let status = await ExploreCommand.run(
      ["--counterexample", "/nonexistent-Secret123/x.login"],
      machine: BrokenMachines.keepsPasswordAfterSuccess, output: output)
    #expect(status == .usageOrInputError)
    #expect(output.standardError.hasPrefix("error: cannot write the counterexample"))
    #expect(!output.standardError.contains("Secret123"))
  }

  @Test func aViolationWritesItsCounterexample() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cx-\(UUID().uuidString).login").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = CapturedOutput()
    let status = await ExploreCommand.run(
      ["--counterexample", path], machine: BrokenMachines.keepsPasswordAfterSuccess,
      output: output)
    #expect(status == .failure)
    let text = output.standardOutput
    #expect(text.contains("invariant 5. session-leaves-no-secret violated"))
    #expect(text.contains("counterexample written to \(path)"))
    let session = try String(contentsOfFile: path, encoding: .utf8)
    #expect(session.contains("expect password-length 0"))
  }
}
