import LoginFlow
import LoginTesting
import Testing

@_spi(Locking) @testable import LoginRuntime

/// A store given an `EventCounter` instead of an `onEvent` hook counts, in order, exactly the
/// events it would report, without building them.
@Suite("EventCounter", .timeLimit(.minutes(1)))
struct EventCounterTests {
  /// One call a store made to its counter.
  enum Counted: Equatable {
    case transition([LoginEffect.Kind])
    case event(StoreEvent.Kind)

    /// The call a store makes for `event`.
    init(_ event: StoreEvent) {
      switch event.kind {
      case .transition(let transition): self = .transition(transition.effects.map(\.kind))
      case .effectStarted, .effectFinished, .effectCancelled, .effectTimedOut,
        .responseDropped, .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared,
        .sessionDiscarded:
        self = .event(event.kind)
      }
    }
  }

  /// Records the calls a store makes to it.
  final class Tally: EventCounter {
    let calls = Locked<[Counted]>([])

    func countTransition(emitting effects: [LoginEffect]) {
      calls.withLock { $0.append(.transition(effects.map(\.kind))) }
    }

    func countEvent(_ kind: StoreEvent.Kind) {
      calls.withLock { $0.append(.event(kind)) }
    }
  }

  /// A session with events of many kinds: a timeout, a cancel, two late answers, a success
  /// remembered, a logout whose session cannot be forgotten.
  static func play(
    onEvent: (@Sendable (StoreEvent) -> Void)?, eventCounter: (any EventCounter)?
  ) async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let sessions = FailingSessionStore(failsClears: true)
    let store = LoginStore(
      service: service, clock: clock, timeout: .seconds(5), sessionStore: sessions,
      onEvent: onEvent, eventCounter: eventCounter, reducer: nil, faults: .none)
    await store.send(.emailChanged("user@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(5))  // times out
    await store.send(.submitTapped)
    await store.send(.cancelTapped)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    let requests = service.requests
    try #require(requests.count == 3)
    requests[0].release(.success(AuthSession(token: "late")))
    await clock.waitUntilIdle()
    requests[1].release(.failure(.serverError))
    await clock.waitUntilIdle()
    requests[2].release(.success(AuthSession(token: "t")))
    await clock.waitUntilIdle()
    await store.send(.logoutTapped)
    await store.close()
  }

  @Test func aCounterIsCalledForEveryEventTheHookGets() async throws {
    let events = Locked<[StoreEvent]>([])
    try await Self.play(
      onEvent: { event in events.withLock { $0.append(event) } }, eventCounter: nil)
    let tally = Tally()
    try await Self.play(onEvent: nil, eventCounter: tally)
    let reported = events.withLock { $0 }
    #expect(tally.calls.withLock { $0 } == reported.map(Counted.init))
    let kinds = Set(reported.map { "\($0.kind)".prefix { $0 != "(" } })
    #expect(kinds.count == 8, "\(kinds.sorted())")
  }
}
