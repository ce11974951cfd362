import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime
import Testing

@testable import LoginExplorer

/// The explorer finds each deliberately broken machine, with a shortest counterexample that
/// replays: it fails on the broken machine, at the failing step, and passes on the real one.
/// One search at a time, on one worker each: they run on threads of their own, and many at
/// once would take every core from the real-clock tests running alongside.
@Suite(.timeLimit(.minutes(5)), .serialized) struct BrokenMachineTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var machine: Machine
    var invariant: Invariant
    /// The depth of a shortest path to a violating state, worked out by hand: the form takes
    /// two steps, the submit a third.
    var shortest: Int
    /// Whether the violation shows only once the clock runs on from that state (then the
    /// counterexample adds one wait of the timeout).
    var inTheFuture: Bool
    /// The waits the counterexample adds when the violation is in the future: one of the
    /// timeout, or as many as the clock needs to reach it.
    var futureWaits = 1
    /// Whether the invariant is checked alone: a poll outside the device step breaks
    /// invariant 1 too, at the same step, and the lower number is reported first.
    var checkedAlone = false
    var testDescription: String { machine.name }
  }

  /// "Sign in with a browser" sends a login request (for device login's codes) from the
  /// first screen, with no form to fill: the broken machines of a login request are found
  /// through it, one to three steps before a submit could reach them.
  static let cases: [Case] = [
    // The store's guard fails first: after a request whose answer ties with the timeout, the
    // late answer is applied, not dropped.
    Case(
      machine: BrokenMachines.staleAnswersApplied, invariant: .everyRequestEndsOnce, shortest: 1,
      inTheFuture: true, futureWaits: 2),
    Case(
      machine: BrokenMachines.keepsPasswordAfterSuccess, invariant: .sessionLeavesNoSecret,
      shortest: 4, inTheFuture: false),
    Case(
      machine: BrokenMachines.cancelWithoutCancelEffect, invariant: .oneRequestInFlight,
      shortest: 2, inTheFuture: false),
    Case(
      machine: BrokenMachines.timeoutKeepsTheCall, invariant: .boundedLiveness, shortest: 1,
      inTheFuture: true),
    Case(
      machine: BrokenMachines.lateAnswerAppliedAfterCancel, invariant: .everyRequestEndsOnce,
      shortest: 1, inTheFuture: true, futureWaits: 2),
    // The form, the submit, the answer, the logout.
    Case(
      machine: BrokenMachines.logoutKeepsTheRememberedSession,
      invariant: .rememberedExactlyWhileLoggedIn, shortest: 5, inTheFuture: false),
    // The form, the submit, the answer, the reset.
    Case(
      machine: BrokenMachines.resetKeepsTheRememberedSession,
      invariant: .rememberedExactlyWhileLoggedIn, shortest: 5, inTheFuture: false),
    // The form, the submit, the answer with its save failing: the store applies a logout
    // nobody sent.
    Case(
      machine: BrokenMachines.logsOutWhenASaveFails, invariant: .storeAddsNothing, shortest: 4,
      inTheFuture: false),
    // The login, a relaunch whose read comes late, an edit, the read.
    Case(
      machine: BrokenMachines.lateReadKeepsTheSession,
      invariant: .rememberedExactlyWhileLoggedIn, shortest: 7, inTheFuture: false),
    // The form, the submit answered with a challenge, its arrival, a digit or two.
    Case(
      machine: BrokenMachines.checksAnIncompleteCode, invariant: .checksOnlyWhenAllowed,
      shortest: 5, inTheFuture: false),
    // The form, the challenge, its arrival, Resend at once.
    Case(
      machine: BrokenMachines.resendsDuringTheCooldown, invariant: .resendOnlyAfterCooldown,
      shortest: 5, inTheFuture: false),
    // The form, the challenge, its arrival, the complete code (a check), Back.
    Case(
      machine: BrokenMachines.backKeepsTheCheck, invariant: .oneRequestInFlight, shortest: 6,
      inTheFuture: false),
    // The form, the refused submit, its answer, the first tick (a second before the end).
    Case(
      machine: BrokenMachines.throttleEndsEarly, invariant: .throttleEndsOnceAtItsDeadline,
      shortest: 5, inTheFuture: false),
    // The form, the refused submit, its answer, the tick, the end, the dismissal.
    Case(
      machine: BrokenMachines.throttleEndsTwice, invariant: .throttleEndsOnceAtItsDeadline,
      shortest: 7, inTheFuture: false),
    // The form and the refused submit: from there the clock alone brings the answer, the
    // tick, the end and a tick after it (the counterexample's two waits).
    Case(
      machine: BrokenMachines.throttleTicksForever, invariant: .noTickWithoutCountdown,
      shortest: 3, inTheFuture: true, futureWaits: 2),
    // "Sign in with a browser", the codes, the first poll answered slow_down, two ticks of
    // the countdown (the answer comes with the second), the poll a second later. (Checked
    // with the others, 19 sees the interval the screen keeps a step sooner.)
    Case(
      machine: BrokenMachines.pollsTooSoonAfterSlowDown, invariant: .pollsKeepTheirInterval,
      shortest: 6, inTheFuture: false, checkedAlone: true),
    Case(
      machine: BrokenMachines.pollsTooSoonAfterSlowDown,
      invariant: .screenFollowsTheSpecification, shortest: 5, inTheFuture: false),
    // "Sign in with a browser", the codes, Cancel, the poll's time.
    Case(
      machine: BrokenMachines.pollsAfterCancel, invariant: .noPollAfterTheStepEnds,
      shortest: 4, inTheFuture: false, checkedAlone: true),
    Case(
      machine: BrokenMachines.pollsAfterExpiry, invariant: .noPollAfterTheStepEnds,
      shortest: 9, inTheFuture: false, checkedAlone: true),
  ]

  @Test(arguments: cases)
  func isFoundWithAShortestCounterexampleThatReplays(_ broken: Case) async throws {
    var explorer = Explorer()
    explorer.machine = broken.machine
    explorer.jobs = 1
    if broken.checkedAlone { explorer.invariants = [broken.invariant] }
    let report = await explorer.runOnAThreadOfItsOwn()
    let counterexample = try #require(report.counterexample, "\(broken.machine.name) not found")
    #expect(counterexample.violation.invariant == broken.invariant)
    #expect(report.depth == broken.shortest)
    #expect(
      counterexample.path.count == broken.shortest + (broken.inTheFuture ? broken.futureWaits : 0))

    let session = counterexample.session(
      machine: broken.machine, timeout: explorer.timeout)
    let onBroken = await Replay.run(session, machine: broken.machine, timeout: explorer.timeout)
    #expect(onBroken.status == .expectationFailed, "\(session)")
    let expectLines = session.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().filter { $0.element.hasPrefix("expect ") }.map { $0.offset + 1 }
    let failedLines = onBroken.failedLines
    #expect(!failedLines.isEmpty)
    #expect(failedLines.allSatisfy(expectLines.contains), "failed at \(failedLines)")

    let onCorrect = await Replay.run(session, machine: .correct, timeout: explorer.timeout)
    #expect(onCorrect.status == .success, "\(onCorrect.errors)")
  }
}

/// Runs a session through the replay engine over a given machine.
enum Replay {
  struct Result {
    var status: ExitCode
    var errors: String
    /// The lines whose expectation failed.
    var failedLines: [Int] {
      errors.split(separator: "\n").compactMap { line in
        guard line.contains("expectation failed") else { return nil }
        return line.split(separator: ":").dropFirst().first.flatMap { Int($0) }
      }
    }
  }

  static func run(
    _ session: String, machine: Machine, timeout: Duration = Explorer.defaultTimeout
  ) async -> Result {
    let output = CapturedOutput()
    var options = ReplayOptions(input: .standardInput)
    options.timeout = timeout
    do {
      let runner = try SessionRunner(
        options: options, output: output,
        reducer: machine.reduce, faults: machine.faults)
      for (index, line) in session.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        switch SessionParser.parse(String(line), file: "cx.login", line: index + 1) {
        case .none: continue
        case .success(let command): await runner.run(command)
        case .failure(let error): runner.reject(error)
        }
      }
      return Result(status: await runner.finish(), errors: output.standardError)
    } catch {
      return Result(status: .usageOrInputError, errors: "\(error)")
    }
  }
}

/// `--invariant` checks one invariant alone: a broken machine whose bug another invariant
/// catches first is then found by the one asked for.
@Suite(.timeLimit(.minutes(2))) struct OneInvariantTests {
  @Test func aStaleAnswerAppliedIsFoundByInvariantTwoWhenItIsCheckedAlone() async {
    var explorer = Explorer()
    explorer.machine = BrokenMachines.staleAnswersApplied
    explorer.timings = Fate.Timing.standard
    #expect(
      await explorer.runOnAThreadOfItsOwn().counterexample?.violation.invariant
        == .everyRequestEndsOnce)
    explorer.invariants = [.staleAnswersChangeNothing]
    #expect(
      await explorer.runOnAThreadOfItsOwn().counterexample?.violation.invariant
        == .staleAnswersChangeNothing)
  }

  @Test func theOptionNamesAnInvariantAndSuggestsOnATypo() throws {
    guard case .run(let options) = try ExploreCommand.parse(["--invariant", "bounded-liveness"])
    else {
      Issue.record("not a run")
      return
    }
    #expect(options.invariant == .boundedLiveness)
    #expect(throws: UsageError.self) { try ExploreCommand.parse(["--invariant", "bounded"]) }
  }
}
