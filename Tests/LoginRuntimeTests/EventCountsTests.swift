import LoginFlow
import LoginTesting
import Testing

@_spi(Locking) @testable import LoginRuntime

/// A store made to count its events (`countsEvents`) instead of reporting them adds up, in
/// order, exactly the events it would report to an `onEvent` hook, without building them.
@Suite("Event counts", .timeLimit(.minutes(1)))
struct EventCountsTests {
  /// What a driver learns at one step of the session: the counts since the step before.
  struct Step: Equatable, CustomStringConvertible {
    var events: Int
    var transitions: Int
    var lastEffects: [LoginEffect.Kind]?
    var droppedAnswers: Int

    init(_ counts: EventCounts) {
      events = counts.events
      transitions = counts.transitions
      lastEffects = counts.lastEffects
      droppedAnswers = counts.droppedAnswers
    }

    var description: String {
      "\(events) events, \(transitions) transitions, last effects \(lastEffects.map { "\($0)" } ?? "none"), \(droppedAnswers) dropped"
    }
  }

  /// A session with events of many kinds: a timeout, a cancel, two late answers, a success
  /// remembered, a logout whose session cannot be forgotten; `step` is called after each
  /// action and each answer, on the store.
  static func play(
    onEvent: (@Sendable (StoreEvent) -> Void)?, countsEvents: Bool,
    step: @escaping @Sendable (isolated LoginStore) -> Void
  ) async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let sessions = FailingSessionStore(failsClears: true)
    let store = LoginStore(
      service: service, clock: clock, timeout: .seconds(5), sessionStore: sessions,
      onEvent: onEvent, countsEvents: countsEvents, reducer: nil, faults: .none)
    func send(_ action: LoginAction) async {
      await store.send(action)
      await store.perform { step($0) }
    }
    await send(.emailChanged("user@example.com"))
    await send(.passwordChanged("Password123!"))
    await send(.submitTapped)
    await clock.advance(by: .seconds(5))  // times out
    await store.perform { step($0) }
    await send(.submitTapped)
    await send(.cancelTapped)
    await send(.submitTapped)
    await clock.waitUntilIdle()
    let requests = service.requests
    try #require(requests.count == 3)
    let answers: [Result<AuthSession, AuthError>] = [
      .success(AuthSession(token: "late")), .failure(.serverError),
      .success(AuthSession(token: "t")),
    ]
    for (request, answer) in zip(requests, answers) {
      request.release(answer)
      await clock.waitUntilIdle()
      await store.perform { step($0) }
    }
    await send(.logoutTapped)
    await store.close()
    await store.perform { step($0) }
  }

  @Test func theCountsOfEveryStepAreThoseOfTheEventsTheHookGets() async throws {
    let events = Locked<[StoreEvent]>([])
    let reported = Locked<[Step]>([])
    try await Self.play(
      onEvent: { event in events.withLock { $0.append(event) } }, countsEvents: false,
      step: { _ in
        let taken = events.withLock { taken in
          defer { taken = [] }
          return taken
        }
        var counts = EventCounts()
        for event in taken { counts.count(event.kind) }
        reported.withLock { $0.append(Step(counts)) }
      })
    let counted = Locked<[Step]>([])
    try await Self.play(
      onEvent: nil, countsEvents: true,
      step: { store in
        let counts = store.takeCounts()
        counted.withLock { $0.append(Step(counts)) }
      })
    let expected = reported.withLock { $0 }
    #expect(counted.withLock { $0 } == expected)
    #expect(expected.reduce(0) { $0 + $1.droppedAnswers } == 2)
    #expect(expected.contains { $0.lastEffects == [.authenticate] })
    #expect(expected.contains { $0.lastEffects == [.clearSession] })
  }

  @Test func aStoreThatReportsItsEventsCountsNone() async {
    let store = LoginStore(service: DemoAuthService(), onEvent: { _ in })
    await store.send(.emailChanged("a"))
    #expect(await store.takeCounts().events == 0)
  }

  /// Counting an event by its kind and a transition by its effects are the same counts.
  @Test func aTransitionCountsAsItsEffectsSay() {
    var byEffects = EventCounts()
    byEffects.countTransition(emitting: [.cancelAuthentication(attempt: 1)])
    var byKind = EventCounts()
    byKind.count(
      .transition(
        StoreTransition(
          action: .cancelTapped, before: LoginState(phase: .submitting, attempt: 1),
          after: LoginState(phase: .editing, attempt: 1),
          effects: [.cancelAuthentication(attempt: 1)])))
    #expect(Step(byEffects) == Step(byKind))
    #expect(byKind.lastEffects == [.cancelAuthentication])
    var none = EventCounts()
    none.count(.effectStarted(attempt: 1))
    #expect(none.lastEffects == nil, "no transition leaves the effects as they were")
    #expect(none.events == 1 && none.transitions == 0)
  }
}
