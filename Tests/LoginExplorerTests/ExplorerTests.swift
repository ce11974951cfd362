import Foundation
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
  @Test func parsesItsOptions() {
    #expect(ExploreCommand.parse([]) == .success(.run(.init())))
    #expect(ExploreCommand.parse(["--help"]) == .success(.help))
    #expect(ExploreCommand.parse(["--version"]) == .success(.version))
    var options = ExploreCommand.Options()
    options.depth = 3
    options.timeout = .seconds(2)
    options.format = .json
    options.counterexamplePath = "x.login"
    #expect(
      ExploreCommand.parse([
        "--depth", "3", "--timeout=2s", "--format", "json", "--counterexample", "x.login",
      ]) == .success(.run(options)))
  }

  @Test(arguments: [
    ["--depth", "0"], ["--depth", "65"], ["--depth"], ["--timeout", "1ns"],
    ["--timeout", "0.000000001s"], ["--format", "xml"], ["--bogus"], ["Secret123"],
  ])
  func refusesBadCommandLines(_ arguments: [String]) async {
    var errors: [String] = []
    let status = await ExploreCommand.run(
      arguments, write: { _ in }, writeError: { errors.append($0) })
    #expect(status == 2)
    #expect(errors.first?.hasPrefix("error: ") == true)
    #expect(!errors.joined().contains("Secret123"))
  }

  @Test func aShallowRunPrintsTheSummary() async {
    var lines: [String] = []
    let status = await ExploreCommand.run(["--depth", "2"], write: { lines.append($0) })
    #expect(status == 0)
    let summary = lines.joined(separator: "\n").split(separator: "\n").last.map(String.init) ?? ""
    #expect(summary.hasPrefix("explored "))
    #expect(summary.contains("depth 2, frontier not empty: 11 invariants hold"))
  }

  @Test func jsonIsOneObject() async throws {
    var lines: [String] = []
    let status = await ExploreCommand.run(
      ["--depth", "1", "--format", "json"], write: { lines.append($0) })
    #expect(status == 0)
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(object["depth"] as? Int == 1)
    #expect(object["frontierEmpty"] as? Bool == false)
    #expect((object["invariants"] as? [String])?.count == Invariant.allCases.count)
    #expect(object["violation"] is NSNull)
  }

  @Test func anUnwritableCounterexampleIsAUsageErrorThatNamesNoPath() async {
    var errors: [String] = []
    let status = await ExploreCommand.run(
      ["--counterexample", "/nonexistent-Secret123/x.login"],
      machine: BrokenMachines.keepsPasswordAfterSuccess, write: { _ in },
      writeError: { errors.append($0) })
    #expect(status == 2)
    #expect(errors.first?.hasPrefix("error: cannot write the counterexample") == true)
    #expect(!errors.joined().contains("Secret123"))
  }

  @Test func aViolationWritesItsCounterexample() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cx-\(UUID().uuidString).login").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var lines: [String] = []
    let status = await ExploreCommand.run(
      ["--counterexample", path], machine: BrokenMachines.keepsPasswordAfterSuccess,
      write: { lines.append($0) })
    #expect(status == 1)
    let text = lines.joined(separator: "\n")
    #expect(text.contains("invariant 5. session-leaves-no-secret violated"))
    #expect(text.contains("counterexample written to \(path)"))
    let session = try String(contentsOfFile: path, encoding: .utf8)
    #expect(session.contains("expect password-length 0"))
  }
}
