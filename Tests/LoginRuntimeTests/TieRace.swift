import LoginFlow
import LoginRuntime
import Testing

/// The tie rule's race, shared by the clock tests: a service that answers `delay` after it
/// starts, sleeping on `clock`, against the store's 30 s timeout on the same clock.
enum TieRace {
  /// Runs the race on `clock`, moves `virtualClock` (the one `clock` is or wraps) past the
  /// timeout, and returns the final state and the store's lifecycle events (transitions
  /// left out).
  static func run<C: Clock<Duration>>(
    delay: Duration, on clock: C, driving virtualClock: VirtualClock
  ) async -> (LoginState, [StoreEvent.Kind]) {
    let events = Recorder<StoreEvent.Kind>()
    let service = AdaptedAuthService { _ in
      try await clock.sleep(for: delay)
      return Fixtures.session
    }
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock,
      timeout: .seconds(30), onEvent: { events.append($0.kind) })
    await store.send(.submitTapped)
    await virtualClock.advance(by: .seconds(31))  // returns once the work reached the store
    let state = await store.state
    #expect(await store.runningAttempts.isEmpty)
    await store.close()
    return (state, events.all.filter { if case .transition = $0 { false } else { true } })
  }
}
