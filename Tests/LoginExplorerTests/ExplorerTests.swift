import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime
import LoginSimulation
import Testing

@testable import LoginExplorer

@Suite(.timeLimit(.minutes(5))) struct ExplorerTests {
  let timeout = Duration.seconds(30)

  @Test func theRealMachineHoldsEveryInvariantToAModestDepth() {
    var explorer = Explorer()
    explorer.maximumDepth = 5
    let report = explorer.run()
    #expect(report.counterexample == nil)
    #expect(report.depth == 5)
    #expect(report.states > 20)
    #expect(report.transitions > report.states)
  }

  /// The search's result does not depend on how many workers share it.
  @Test(arguments: [2, 3, 7])
  func everyNumberOfJobsGivesTheSameReport(_ jobs: Int) {
    var one = Explorer()
    one.maximumDepth = 6
    one.jobs = 1
    var many = one
    many.jobs = jobs
    let (a, b) = (one.run(), many.run())
    #expect(a.states == b.states)
    #expect(a.transitions == b.transitions)
    #expect(a.depth == b.depth)
  }

  @Test func aStopRequestEndsTheSearchWithWhatItFound() {
    var explorer = Explorer()
    let levels = Locked(0)
    explorer.shouldStop = { levels.withLock { $0 } >= 3 }
    let report = explorer.run { _ in levels.withLock { $0 += 1 } }
    #expect(report.stopped)
    #expect(!report.frontierEmpty)
    #expect(report.depth == 2)
    #expect(report.states > 1)
  }

  @Test func theAlphabetComesFromTheMachinesActions() {
    for kind in LoginAction.Kind.allCases {
      switch kind {
      // Answers come from the environment, the throttle's clock from the store's timers; the
      // code step's own events from its kinds.
      case .authResponse, .sessionSaveFailed, .secondFactorRequired, .secondFactor,
        .throttleTicked, .throttleEnded:
        #expect(ExplorerEvent.events(for: kind).isEmpty)
      case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
        .cancelTapped, .logoutTapped, .reset, .storeClosed, .sessionRestored:
        #expect(!ExplorerEvent.events(for: kind).isEmpty)
      // The device step's codes, polls and clock come from the environment too (the fates of
      // its button and of `advancePolling`); its Cancel is the login machine's.
      case .deviceLoginStarted, .deviceLogin:
        #expect(ExplorerEvent.events(for: kind).isEmpty)
      case .deviceLoginTapped:
        #expect(ExplorerEvent.events(for: kind) == [.deviceLogin(nil)])
      }
    }
    for kind in SecondFactorAction.Kind.allCases {
      switch kind {
      case .codeChanged, .verifyTapped, .resendTapped, .backTapped:
        #expect(!ExplorerEvent.events(for: kind).isEmpty)
      case .verifyAnswer, .resendAnswer, .codeExpired, .countdownTicked, .resendAvailable,
        .storeClosed:
        #expect(ExplorerEvent.events(for: kind).isEmpty)
      }
    }
    #expect(ExplorerEvent.codeEvents.count == 3 + 3)
    #expect(ExplorerEvent.events(for: LoginAction.Kind.storeClosed) == [.close])
    #expect(
      ExplorerEvent.events(for: .sessionRestored)
        == [.relaunch, .relaunchRestoringLater, .restoreSession])
    #expect(ExplorerEvent.userEvents.count == 4 + 4 + 10)
    // Every outcome at each timing (the challenge among them), and `never` once.
    let outcomes = ScriptedOutcome.loginOutcomes.count + 1
    #expect(Fate.all(timings: Fate.Timing.standard, timeout: timeout).count == outcomes * 3 + 1)
    #expect(Fate.all(timings: Fate.Timing.wide, timeout: timeout).count == outcomes * 6 + 1)
    #expect(Fate.codeRequest(resend: false, timings: Fate.Timing.standard).count == 4 * 3 + 1)
    #expect(Fate.codeRequest(resend: true, timings: Fate.Timing.standard).count == 2 * 3 + 1)
  }

  /// A login answered with the challenge shows the code step, whose events replace the
  /// form's; a complete code is checked, and its fates are the code step's outcomes.
  @Test func theCodeStepIsPartOfTheExploredSpace() {
    let timeout = Explorer.defaultTimeout
    let challenge = Fate(outcome: .secondFactor(Fate.challenge(timeout: timeout)), timing: .early)
    let login: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(challenge), .advance,
    ]
    let atCode = ExploredSystem.run(login, machine: .correct, timeout: timeout).system
    #expect(atCode.state.secondFactor != nil)
    #expect(atCode.state.password.isEmpty)
    let offered = Explorer.events(after: atCode, timings: Fate.Timing.wide)
    #expect(!offered.contains { $0.isOnTheLoginForm })
    #expect(offered.contains(.back))
    #expect(offered.contains(.setCode(.partial, nil)))
    let checks = offered.compactMap { event -> Fate? in
      guard case .setCode(.complete, let fate) = event else { return nil }
      return fate
    }
    #expect(Set(checks.map(\.outcome)) == Set(Fate.checkOutcomes))
    // Resend waits for the cooldown: offered without a fate, as it starts nothing yet.
    #expect(offered.contains(.resend(nil)))

    let accepted = Fate(outcome: .codeAccepted, timing: .early)
    // The countdown's tick at 1 s, then the answer at T/2 = 2 s.
    let path = login + [.setCode(.complete, accepted), .advance, .advance]
    let (system, steps) = ExploredSystem.run(path, machine: .correct, timeout: timeout)
    #expect(steps[4].startedRequest)
    #expect(system.state.isLoggedIn)
    #expect(system.keptSession != nil)
    #expect(system.folded == system.state, "the fold rebuilds the code step's actions")
    #expect(system.specification.phase == .succeeded)
    var checker = InvariantChecker(machine: .correct)
    var replay = ExploredSystem(machine: .correct, timeout: timeout)
    for event in path {
      let step = replay.perform(event)
      #expect(checker.check(step, of: replay) == [], "\(event)")
    }
  }

  /// The code step's deadlines are in the state's key: the same screen with the countdown a
  /// second further on is another state, and the code's expiry reaches the screen.
  @Test func theCodeStepsDeadlinesArePartOfTheKey() {
    let timeout = Explorer.defaultTimeout
    let challenge = Fate(outcome: .secondFactor(Fate.challenge(timeout: timeout)), timing: .early)
    let login: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(challenge), .advance,
    ]
    let key = { (events: [ExplorerEvent]) in
      SystemKey.of(ExploredSystem.run(events, machine: .correct, timeout: timeout).system)
    }
    let atStart = key(login)
    #expect(atStart.deliveries == [.codeExpiry: timeout, .resendCountdown: .seconds(1)])
    let afterTick = key(login + [.advance])
    #expect(afterTick != atStart)
    #expect(afterTick.screen.secondFactor?.resendSecondsLeft == 1)
    let expired = ExploredSystem.run(
      login + [.advance, .advance, .advance], machine: .correct, timeout: timeout
    ).system
    #expect(expired.state.secondFactor?.isExpired == true)
    #expect(expired.specification.codeStep?.isExpired == true)
    #expect(InvariantChecker.difference(expired.state, expired.specification) == nil)
  }

  @Test func fatesFallOnTheirFractionsOfTheTimeout() {
    let standard = Set(
      Fate.all(timings: Fate.Timing.standard, timeout: timeout).map { $0.delay(timeout: timeout) })
    #expect(standard == [.seconds(15), .seconds(30), .seconds(45), DurationLiteral.maximum])
    let wide = Set(
      Fate.all(timings: Fate.Timing.wide, timeout: timeout).map { $0.delay(timeout: timeout) })
    #expect(
      wide == [
        .seconds(7.5), .seconds(15), .seconds(22.5), .seconds(30), .seconds(37.5), .seconds(45),
        DurationLiteral.maximum,
      ])
    #expect(Fate.Timing(2, over: 4) == .early)
    #expect(Fate.Timing.wide.map(\.description) == ["T/4", "T/2", "3T/4", "T", "5T/4", "3T/2"])
    #expect(Fate.Timing.wide.filter(\.isBeforeTimeout).count == 3)
  }

  @Test func theRememberedSessionEventsReachTheirStates() {
    let login: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .early)),
    ]
    func key(_ events: [ExplorerEvent]) -> SystemKey {
      SystemKey.of(ExploredSystem.run(events, machine: .correct, timeout: timeout).system)
    }
    let saved = key(login + [.advance])
    #expect(saved.screen.phase == .succeeded)
    #expect(saved.kept == .unexpired)
    let restored = key(login + [.advance, .relaunch])
    #expect(restored.screen.phase == .succeeded)
    #expect(restored.screen.email == "")
    #expect(restored.kept == .unexpired)
    let expired = key(login + [.advance, .expireSession])
    #expect(expired.kept == .expired)
    let forgotten = key(login + [.advance, .expireSession, .relaunch])
    #expect(forgotten.screen.phase == .idle)
    #expect(forgotten.kept == .nothing)
    let unsaved = key(login + [.advanceFailingSave])
    #expect(unsaved.screen.phase == .succeeded)
    #expect(unsaved.screen.sessionNotRemembered)
    #expect(unsaved.kept == .nothing)
    #expect(key(login + [.advanceFailingSave, .relaunch]) == key([]))
  }

  @Test func aRelaunchWithARequestInFlightCancelsItAndLeavesNothingBehind() {
    let fate = Fate(outcome: .success, timing: .late)
    let events: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(fate), .relaunch,
    ]
    var checker = InvariantChecker(machine: .correct)
    var system = ExploredSystem(machine: .correct, timeout: timeout)
    for event in events {
      let step = system.perform(event)
      #expect(checker.check(step, of: system) == [], "\(event)")
    }
    #expect(InvariantChecker.checkFuture(of: system)?.violation == nil)
  }

  @Test func sameScreenAfterSubmitCancelCyclesIsOneState() {
    let fate = Fate(outcome: .success, timing: .never)
    let once: [ExplorerEvent] = [.setEmail(.valid), .setPassword(.valid), .submit(fate), .cancel]
    let twice = once + [.submit(fate), .cancel]
    let first = ExploredSystem.run(once, machine: .correct, timeout: timeout).system
    let second = ExploredSystem.run(twice, machine: .correct, timeout: timeout).system
    #expect(SystemKey.of(first) == SystemKey.of(second))
  }

  @Test func closingInFlightEndsTheRequestAndLateAnswersAreStillDropped() {
    let late = Fate(outcome: .success, timing: .late)
    let path: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(late), .close, .advance,
    ]
    let (system, steps) = ExploredSystem.run(path, machine: .correct, timeout: timeout)
    let closing = steps[3]
    #expect(closing.before.isLoading)
    #expect(closing.after.phase == .editing, "the form, not a spinner")
    #expect(system.requests[1]?.end == .cancelled)
    #expect(system.requests[1]?.droppedLate == true, "the late answer after close")
    var checker = InvariantChecker(machine: .correct)
    #expect(checker.check(steps[steps.count - 1], of: system) == [])
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
          + "--counterexample, --jobs, --answer-times, --invariant, --version, --help; did you mean '--depth'?\n"
      ))
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
    #expect(
      summary.contains("depth 2, frontier not empty: \(Invariant.allCases.count) invariants hold"))
  }

  /// With `--invariant` the summary and the JSON name the one invariant checked, not all.
  @Test func oneInvariantCheckedIsReportedAsOne() async throws {
    let output = CapturedOutput()
    let status = await ExploreCommand.run(
      ["--depth", "2", "--invariant", "bounded-liveness"], output: output)
    #expect(status == .success)
    #expect(output.standardOutput.contains("frontier not empty: 1 invariant holds ("))
    let json = CapturedOutput()
    _ = await ExploreCommand.run(
      ["--depth", "1", "--invariant", "bounded-liveness", "--format", "json"], output: json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["invariants"] as? [String] == ["bounded-liveness"])
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

  @Test func aStopGivesAPartialReportAndStatus130() async throws {
    let output = CapturedOutput()
    output.isTerminal = true
    let status = await ExploreCommand.run(
      ["--format", "json", "--jobs", "2", "--answer-times", "standard"], output: output,
      shouldStop: { true })
    #expect(status == Interruption.exitCode)
    #expect(status.rawValue == 130)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    #expect(object["stopped"] as? Bool == true)
    #expect(object["jobs"] as? Int == 2)
    for key in ["elapsedMilliseconds", "transitionsPerSecond", "peakBytesPerState", "states"] {
      #expect(object[key] is Int, "\(key)")
    }
    // The status line is erased before the report.
    #expect(output.statusLines.last == .some(nil))
  }

  @Test func noStatusLineWhenNotATerminal() async {
    let output = CapturedOutput()
    #expect(await ExploreCommand.run(["--depth", "3"], output: output) == .success)
    #expect(output.statusLines.isEmpty)
    #expect(!output.standardError.contains("depth"))
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
