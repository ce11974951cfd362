import LoginFlow
import LoginRendering
import LoginRuntime
import Testing

@testable import LoginReplay

/// A run that prints no event keeps none: its inbox only counts them, and the runner learns
/// from those counts exactly what it learns from the events themselves.
@Suite struct EventInboxTests {
  /// Events of every kind: transitions with and without effects, and two dropped answers.
  static let events: [StoreEvent] = {
    let editing = LoginState(email: "demo@example.com", password: "Password123!", phase: .editing)
    let submitting = LoginState(
      email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1)
    let credentials = Credentials(email: "demo@example.com", password: "Password123!")
    let failure = SessionStoreError(.simulatedFailure)
    let kinds: [StoreEvent.Kind] = [
      .transition(
        StoreTransition(
          action: .emailChanged("demo@example.com"), before: LoginState(), after: editing,
          effects: [])),
      .transition(
        StoreTransition(
          action: .submitTapped, before: editing, after: submitting,
          effects: [.authenticate(attempt: 1, credentials)])),
      .effectStarted(attempt: 1),
      .effectCancelled(attempt: 1, duration: .seconds(1)),
      .responseDropped(attempt: 1, outcome: .success, duration: .seconds(2)),
      .effectFinished(attempt: 2, outcome: .success, duration: .seconds(1)),
      .effectTimedOut(attempt: 3, duration: .seconds(30)),
      .responseDropped(attempt: 3, outcome: .failure(.networkUnavailable), duration: .seconds(31)),
      .sessionSaved, .sessionNotSaved(failure), .sessionCleared, .sessionNotCleared(failure),
      .sessionDiscarded(failure),
      .transition(
        StoreTransition(
          action: .cancelTapped, before: submitting, after: editing,
          effects: [.cancelAuthentication(attempt: 1)])),
    ]
    return kinds.enumerated().map { StoreEvent(time: .seconds($0.offset), kind: $0.element) }
  }()

  /// What counting the events one by one, as a runner that prints them does, learns.
  static func counted(_ events: [StoreEvent]) -> EventCounts {
    var counts = EventCounts()
    for event in events { counts.count(event) }
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

  /// Every prefix of the events, taken from a keeping inbox and counted, tells what a
  /// counting inbox tells; the keeping inbox hands the events over in order, and neither
  /// holds anything after the take.
  @Test func aCountingInboxTellsWhatTheKeptEventsTell() {
    for end in 0...Self.events.count {
      let events = Array(Self.events[..<end])
      let keeping = EventInbox(keepsEvents: true)
      let counting = EventInbox(keepsEvents: false)
      for event in events {
        keeping.append(event)
        counting.append(event)
      }
      #expect(keeping.hasEvents == !events.isEmpty)
      #expect(counting.hasEvents == !events.isEmpty)
      var kept: [StoreEvent] = []
      let keptCounts = keeping.takeAll(into: &kept)
      var none: [StoreEvent] = []
      let counts = counting.takeAll(into: &none)
      #expect(kept == events)
      #expect(keptCounts.events == 0, "a keeping inbox counts nothing")
      #expect(none.isEmpty, "a counting inbox keeps nothing")
      let fromEvents = Self.counted(kept)
      #expect(counts.events == fromEvents.events)
      #expect(counts.transitions == fromEvents.transitions)
      #expect(counts.lastEffects == fromEvents.lastEffects)
      #expect(counts.droppedAnswers == fromEvents.droppedAnswers)
      #expect(!keeping.hasEvents && !counting.hasEvents)
    }
  }

  /// What a closed store did is neither printed nor counted.
  @Test func discardingDropsTheCountsToo() {
    let inbox = EventInbox(keepsEvents: false)
    for event in Self.events { inbox.append(event) }
    inbox.discardAll()
    #expect(!inbox.hasEvents)
    var none: [StoreEvent] = []
    #expect(inbox.takeAll(into: &none).events == 0)
  }

  /// On the real clock `settle` waits for the next event; one that is only counted wakes it.
  @Test(.timeLimit(.minutes(1))) func aCountedEventWakesTheWaitingRunner() async {
    let inbox = EventInbox(keepsEvents: false)
    await withTaskGroup { group in
      group.addTask { await inbox.waitForEvents() }
      group.addTask { inbox.append(StoreEvent(time: .zero, kind: .effectStarted(attempt: 1))) }
    }
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
