import LoginFlow
import LoginRendering
import LoginRuntime
import Testing

@testable import LoginReplay

/// The inbox keeps the store's events for the runner to print, in order, and wakes a runner
/// waiting for one; a format that prints none gives no text for any (its run counts them in
/// the store instead: `EventCountsTests`).
@Suite struct EventInboxTests {
  /// One thing a store reports: a transition emitting its effects, or another event.
  enum Report {
    case transition(LoginAction, before: LoginState, after: LoginState, [LoginEffect])
    case other(StoreEvent.Kind)

    /// The event a store hands its `onEvent` hook.
    func event(at time: Duration) -> StoreEvent {
      switch self {
      case .transition(let action, let before, let after, let effects):
        StoreEvent(
          time: time,
          kind: .transition(
            StoreTransition(action: action, before: before, after: after, effects: effects)))
      case .other(let kind): StoreEvent(time: time, kind: kind)
      }
    }
  }

  /// Reports of every kind: transitions with and without effects, and two dropped answers.
  static let reports: [Report] = {
    let editing = LoginState(email: "demo@example.com", password: "Password123!", phase: .editing)
    let submitting = LoginState(
      email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1)
    let credentials = Credentials(email: "demo@example.com", password: "Password123!")
    let failure = SessionStoreError(.simulatedFailure)
    return [
      .transition(.emailChanged("demo@example.com"), before: LoginState(), after: editing, []),
      .transition(
        .submitTapped, before: editing, after: submitting,
        [.authenticate(attempt: 1, credentials)]),
      .other(.effectStarted(attempt: 1)),
      .other(.effectCancelled(attempt: 1, duration: .seconds(1))),
      .other(.responseDropped(attempt: 1, outcome: .success, duration: .seconds(2))),
      .other(.effectFinished(attempt: 2, outcome: .success, duration: .seconds(1))),
      .other(.effectTimedOut(attempt: 3, duration: .seconds(30))),
      .other(
        .responseDropped(
          attempt: 3, outcome: .failure(.networkUnavailable), duration: .seconds(31))),
      .other(.sessionSaved), .other(.sessionNotSaved(failure)), .other(.sessionCleared),
      .other(.sessionNotCleared(failure)), .other(.sessionDiscarded(failure)),
      .transition(
        .cancelTapped, before: submitting, after: editing, [.cancelAuthentication(attempt: 1)]),
    ]
  }()

  static let events = reports.enumerated().map { $0.element.event(at: .seconds($0.offset)) }

  /// What counting the events one by one, as a runner that prints them does, learns.
  static func counted(_ events: [StoreEvent]) -> EventCounts {
    var counts = EventCounts()
    for event in events { counts.count(event.kind) }
    return counts
  }

  @Test func countingTellsTheTransitionsTheLastEffectsAndTheDroppedAnswers() {
    let counts = Self.counted(Self.events)
    #expect(counts.events == Self.events.count)
    #expect(counts.transitions == 3)
    #expect(counts.lastEffects == [.cancelAuthentication])
    #expect(counts.droppedAnswers == 2)
    #expect(Self.counted([]).lastEffects == nil, "no transition leaves the effects as they were")
  }

  /// For every prefix of the reports, the events come out of the inbox in order, and nothing
  /// is left after the take.
  @Test func theEventsComeOutInOrderAndATakeLeavesNothing() {
    for end in 0...Self.reports.count {
      let inbox = EventInbox()
      for (index, report) in Self.reports[..<end].enumerated() {
        inbox.append(report.event(at: .seconds(index)))
      }
      #expect(inbox.hasEvents == (end > 0))
      var kept: [StoreEvent] = []
      inbox.takeAll(into: &kept)
      #expect(kept == Array(Self.events[..<end]))
      #expect(!inbox.hasEvents)
      var again: [StoreEvent] = [Self.events[0]]
      inbox.takeAll(into: &again)
      #expect(again.isEmpty, "a take leaves nothing")
    }
  }

  /// What a closed store did is never printed.
  @Test func discardingDropsTheEvents() {
    let inbox = EventInbox()
    for event in Self.events { inbox.append(event) }
    inbox.discardAll()
    #expect(!inbox.hasEvents)
    var none: [StoreEvent] = []
    inbox.takeAll(into: &none)
    #expect(none.isEmpty)
  }

  /// On the real clock `settle` waits for the next event; one appended after the runner
  /// waits wakes it, and one appended before lets it go on at once.
  @Test(.timeLimit(.minutes(1))) func anEventWakesTheWaitingRunner() async {
    let inbox = EventInbox()
    let waiting = Task { await inbox.waitForEvents() }
    while !inbox.hasWaitingRunner { await Task.yield() }
    inbox.append(Self.events[2])
    await waiting.value  // woken: a lost wake-up hangs here until the time limit
    #expect(!inbox.hasWaitingRunner)
    #expect(inbox.hasEvents)
    await inbox.waitForEvents()  // returns at once: an event is waiting
  }

  /// The formats that print no event give no text for any: a runner that only counts them
  /// loses nothing.
  @Test(arguments: [ReplayOptions.Format.text, .jsonl, .accessible], [false, true])
  func aFormatThatPrintsNoEventGivesNoTextForAny(
    _ format: ReplayOptions.Format, _ trace: Bool
  ) {
    let formatter = ReplayFormatter(
      format: format, trace: trace, renderer: TextRenderer(), realClock: false)
    let prints = ReplayFormatter.printsEvents(format: format, trace: trace)
    // An error appearing is announced, so every format that prints events prints some.
    let states = (
      before: LoginState(email: "a", phase: .submitting, attempt: 1),
      after: LoginState(email: "a", phase: .failed(.networkUnavailable), attempt: 1)
    )
    var texts: [String] = []
    for event in Self.events {
      switch event.kind {
      case .transition(let transition):
        texts += [
          formatter.transition(
            transition, at: event.time, line: 1, state: states.after, before: states.before)
        ].compactMap { $0 }
      case .effectStarted, .effectFinished, .effectCancelled, .effectTimedOut, .responseDropped,
        .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared, .sessionDiscarded:
        texts += [formatter.lifecycle(event.kind, at: event.time, line: 1)].compactMap { $0 }
      }
    }
    #expect(texts.isEmpty == !prints, "\(texts.count) texts")
  }
}
