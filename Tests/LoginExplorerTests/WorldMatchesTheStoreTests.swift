import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

@testable import LoginExplorer

/// The explorer steps a value-type copy of the running system (``World``: the store's own
/// core, the scripted server, the timers); these tests drive the real store actor on a
/// virtual clock (``ReplayedSystem``) along the same paths and require the two to agree after
/// every step: the state, the store's events, the requests and how they ended, the session
/// kept. So what the explorer proves of its world holds of the store apps run.
@Suite(.timeLimit(.minutes(5))) struct WorldMatchesTheStoreTests {
  static let machines: [Machine] = [.correct] + BrokenMachines.all

  @Test(arguments: machines)
  func randomWalksAgreeStepByStep(_ machine: Machine) async {
    var generator = SeededGenerator(seed: 2026)
    for walk in 0..<40 {
      await agree(
        machine: machine, timings: walk.isMultiple(of: 2) ? Fate.Timing.standard : Fate.Timing.wide
      ) {
        events in events.randomElement(using: &generator)
      }
    }
  }

  /// Walks that start in the code step (the explorer's challenge, at the explorer's default
  /// timeout, where the countdown's seconds fall on the answers' grid) and go on at random.
  @Test(arguments: machines)
  func codeStepWalksAgreeStepByStep(_ machine: Machine) async {
    let timeout = Explorer.defaultTimeout
    let challenge = Fate(outcome: .secondFactor(Fate.challenge(timeout: timeout)), timing: .early)
    var generator = SeededGenerator(seed: 2027)
    for walk in 0..<40 {
      let login: [ExplorerEvent] = [
        .setEmail(.valid), .setPassword(.valid), .submit(challenge), .advance,
      ]
      var prefix = login[...]
      await agree(
        machine: machine, timeout: timeout,
        timings: walk.isMultiple(of: 2) ? Fate.Timing.standard : Fate.Timing.wide
      ) { events in
        prefix.popFirst() ?? events.randomElement(using: &generator)
      }
    }
  }

  /// Walks that start in the device step (the explorer's codes, at the explorer's default
  /// timeout) and go on at random: polls with every fate, Cancel, the countdown, expiry.
  @Test(arguments: machines)
  func deviceStepWalksAgreeStepByStep(_ machine: Machine) async {
    let codes = Fate(outcome: .deviceCode(Fate.deviceAuthorization), timing: .early)
    var generator = SeededGenerator(seed: 2028)
    for walk in 0..<40 {
      var prefix = [ExplorerEvent.deviceLogin(codes), .advance][...]
      await agree(
        machine: machine, timeout: Explorer.defaultTimeout,
        timings: walk.isMultiple(of: 2) ? Fate.Timing.standard : Fate.Timing.wide
      ) { events in
        prefix.popFirst() ?? events.randomElement(using: &generator)
      }
    }
  }

  /// Every path of three events, the first levels of the search, whole.
  @Test func everyShortPathAgrees() async {
    var paths: [[ExplorerEvent]] = [[]]
    for _ in 0..<3 {
      paths = paths.flatMap { path in
        let system = ExploredSystem.run(path, machine: .correct, timeout: .seconds(30)).system
        return Explorer.events(after: system, timings: Fate.Timing.standard).map { path + [$0] }
      }
    }
    #expect(paths.count > 500)
    for path in paths.filter({ $0.contains(where: \.movesTheClock) }) {
      var remaining = path[...]
      await agree(machine: .correct, timings: Fate.Timing.standard) { _ in
        remaining.popFirst()
      }
    }
  }

  /// A late session read arriving in every phase: after an edit, while a request is in
  /// flight, after a failure, and logged in with the login saved or not. (The explorer
  /// offers the read before the clock moves; the two systems take any path.)
  @Test(arguments: [
    [ExplorerEvent.setEmail(.invalid)],
    [.setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .late))],
    [
      .setEmail(.valid), .setPassword(.valid),
      .submit(Fate(outcome: .failure(.serverError), timing: .early)), .advance,
    ],
    [
      .setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .early)),
      .advance,
    ],
    [
      .setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .early)),
      .advanceFailingSave,
    ],
  ])
  func aLateSessionReadAgrees(_ meanwhile: [ExplorerEvent]) async {
    let login: [ExplorerEvent] = [
      .setEmail(.valid), .setPassword(.valid), .submit(Fate(outcome: .success, timing: .early)),
      .advance,
    ]
    var remaining = (login + [.relaunchRestoringLater] + meanwhile + [.restoreSession, .advance])[
      ...]
    await agree(machine: .correct, timings: Fate.Timing.standard) { _ in remaining.popFirst() }
    #expect(remaining.isEmpty)
  }

  /// Runs both systems along the events `choose` picks from the explorer's alphabet (up to
  /// 14, or until it picks none) and expects them equal after each.
  private func agree(
    machine: Machine, timeout: Duration = .seconds(30), timings: [Fate.Timing],
    choose: ([ExplorerEvent]) -> ExplorerEvent?
  ) async {
    var world = ExploredSystem(machine: machine, timeout: timeout)
    let actor = ReplayedSystem(machine: machine, timeout: timeout)
    var path: [ExplorerEvent] = []
    for _ in 0..<14 {
      guard let event = choose(Explorer.events(after: world, timings: timings)) else { break }
      path.append(event)
      let expected = await actor.perform(event)
      let step = world.perform(event)
      let context = Comment(rawValue: "\(machine.name): \(path)")
      #expect(step.after == expected.after, context)
      #expect(step.events.map { $0.kind } == expected.events.map { $0.kind }, context)
      #expect(step.elapsed == expected.elapsed, context)
      #expect(step.startedRequest == expected.startedRequest, context)
      #expect(world.keptSession == actor.keptSession, context)
      #expect(world.isClosed == actor.isClosed, context)
      let ends = world.requests.mapValues { [$0.end.map { "\($0)" }, "\($0.droppedLate)"] }
      let actorEnds = actor.requests.mapValues { [$0.end.map { "\($0)" }, "\($0.droppedLate)"] }
      #expect(ends == actorEnds, context)
      if step.after != expected.after { break }
    }
    await actor.tearDown()
  }
}

extension ExplorerEvent {
  /// Whether the event moves the virtual clock, where the two systems could part.
  var movesTheClock: Bool {
    switch self {
    case .advance, .advancePolling, .advanceFailingSave, .expireSession, .wait, .relaunch,
      .close, .relaunchRestoringLater, .restoreSession:
      true
    case .setEmail, .setPassword, .togglePassword, .submit, .cancel, .logout, .reset, .setCode,
      .verify, .resend, .back, .deviceLogin:
      false
    }
  }
}
