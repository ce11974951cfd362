import LoginFlow
import LoginRuntime
import Testing

/// An exhaustive test harness for ``LoginStore``, in the manner of an exhaustive test store.
///
/// It builds a store on a ``VirtualClock`` with a ``ControllableAuthService`` and makes a
/// test account for everything the store does: each ``send(_:effects:sourceLocation:_:)``
/// states the next state and the effects started, each action the store feeds back itself
/// (an answer, a timeout, a failed save, a restored session) must be
/// ``receive(_:sourceLocation:_:)``d with its state, every lifecycle event (a session saved
/// or cleared included) must be ``receive(_:sourceLocation:)``d, and at the end the test
/// fails when an event is left unasserted or an effect is still running.
///
/// A tester exists only inside
/// ``withStrictStoreTester(initialState:timeout:sessionStore:sourceLocation:_:)``, which
/// always runs that final check when the body returns: a test cannot forget it.
///
/// ```swift
/// await withStrictStoreTester(initialState: filledForm) { tester in
///   await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, credentials)]) {
///     $0.phase = .submitting
///     $0.attempt = 1
///   }
///   await tester.advance(by: .seconds(30))
///   await tester.receive(.effectTimedOut(_: 1, duration: .seconds(30)))
///   await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
///     $0.phase = .failed(.timedOut)
///   }
///   try await tester.release(tester.nextRequest(), .failure(.serverError))
///   await tester.receive(
///     .responseDropped(_: 1, outcome: .failure(.serverError), duration: .seconds(30)))
/// }
/// ```
public final class StrictStoreTester {
  /// The virtual clock the store runs on.
  public let clock: VirtualClock
  /// The service that holds each request until the test releases it.
  public let service: ControllableAuthService
  /// The store under test.
  public let store: LoginStore
  /// The state as asserted so far.
  public private(set) var state: LoginState

  private let log: StoreEventLog
  private var states: AsyncStream<LoginState>.Iterator
  private var isPrimed = false
  private var requestsTaken = 0
  private var isFinished = false

  /// Creates a store starting at `initialState`, with a request timeout of `timeout` (none
  /// when `nil`), remembering the session in `sessionStore` (nowhere when `nil`). Only
  /// ``withStrictStoreTester(initialState:timeout:sessionStore:sourceLocation:_:)`` creates
  /// testers, so that the final check always runs.
  init(
    initialState: LoginState = LoginState(), timeout: Duration? = LoginStore.defaultTimeout,
    sessionStore: (any SessionStore)? = nil
  ) {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let log = StoreEventLog()
    self.log = log
    self.clock = clock
    self.service = service
    state = initialState
    store = LoginStore(
      initialState: initialState, service: service, clock: clock, timeout: timeout,
      sessionStore: sessionStore, onEvent: { log.append($0) })
    states = store.states(buffering: .all).makeAsyncIterator()
  }

  /// Sends `action`, then asserts the effects it emitted and started and the state after it,
  /// which is the previous state changed by `update`.
  ///
  /// Fails first if an earlier event is still unasserted.
  public func send(
    _ action: LoginAction,
    effects: [LoginEffect] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout LoginState) -> Void = { _ in }
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    let unasserted = log.takeAll()
    if !unasserted.isEmpty {
      Issue.record(
        "Must assert these events before sending \(action): \(Self.list(unasserted))",
        sourceLocation: sourceLocation)
      for event in unasserted { await skip(event) }
    }
    let emitted = await store.send(action)
    if emitted != effects {
      Issue.record(
        "Effects of \(action): expected \(effects), got \(emitted)",
        sourceLocation: sourceLocation)
    }
    guard let transition = await takeTransition(of: action, sourceLocation: sourceLocation) else {
      return
    }
    for effect in emitted { takeStart(of: effect, sourceLocation: sourceLocation) }
    await checkState(after: transition, update, sourceLocation: sourceLocation)
  }

  /// Asserts that the next unasserted event is the transition of `action`, an action the
  /// store fed back itself, and that the state after it is the previous one changed by
  /// `update`.
  public func receive(
    _ action: LoginAction,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout LoginState) -> Void = { _ in }
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    guard let transition = await takeTransition(of: action, sourceLocation: sourceLocation) else {
      return
    }
    await checkState(after: transition, update, sourceLocation: sourceLocation)
  }

  /// Asserts that the next unasserted event is the lifecycle event `expected`.
  public func receive(
    _ expected: StoreEvent.Kind, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    guard let event = log.takeFirst() else {
      Issue.record("Expected \(expected), but no event is left", sourceLocation: sourceLocation)
      return
    }
    if event.kind != expected {
      Issue.record("Expected \(expected), got \(event)", sourceLocation: sourceLocation)
      await skip(event)
    }
  }

  /// Advances the virtual clock by `duration`; see ``VirtualClock/advance(by:)``.
  public func advance(
    by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.advance(by: duration)
  }

  /// The next request that reached the service and was not taken before.
  ///
  /// - Throws: An error recorded as a test issue when no such request arrived.
  public func nextRequest(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ControllableAuthService.Request {
    await clock.waitUntilIdle()
    let requests = service.requests
    try #require(
      requests.count > requestsTaken, "No new auth request arrived",
      sourceLocation: sourceLocation)
    requestsTaken += 1
    return requests[requestsTaken - 1]
  }

  /// Releases `request` with `outcome` and waits until the answer reached the store.
  public func release(
    _ request: ControllableAuthService.Request, _ outcome: Result<AuthSession, AuthError>
  ) async {
    request.release(outcome)
    await clock.waitUntilIdle()
  }

  /// Fails if an event is unasserted or an effect is still running, then closes the store;
  /// ``withStrictStoreTester(initialState:timeout:sessionStore:sourceLocation:_:)`` calls it.
  func finish(sourceLocation: SourceLocation) async {
    guard isInUse(sourceLocation) else { return }
    isFinished = true
    await clock.waitUntilIdle()
    let unasserted = log.takeAll()
    if !unasserted.isEmpty {
      Issue.record(
        "Unasserted events at the end: \(Self.list(unasserted))", sourceLocation: sourceLocation)
    }
    let running = await store.runningAttempts
    if !running.isEmpty {
      let names = running.map { "authenticate(\($0))" }.joined(separator: ", ")
      Issue.record("Effects still running at the end: \(names)", sourceLocation: sourceLocation)
    }
    await store.close()
  }

  /// Ends the test early: closes the store without the final check (the body threw, so the
  /// test has failed already).
  func abandon() async {
    isFinished = true
    await store.close()
  }

  /// Whether the tester may still be used; records an issue when its `withStrictStoreTester`
  /// body has returned already.
  private func isInUse(_ sourceLocation: SourceLocation) -> Bool {
    guard isFinished else { return true }
    Issue.record(
      "The tester was used after withStrictStoreTester returned", sourceLocation: sourceLocation)
    return false
  }

  private func takeTransition(
    of action: LoginAction, sourceLocation: SourceLocation
  ) async -> StoreTransition? {
    guard let event = log.takeFirst() else {
      Issue.record(
        "Expected the transition of \(action), but no event is left",
        sourceLocation: sourceLocation)
      return nil
    }
    guard case .transition(let transition) = event.kind,
      transition.action == action.kind, transition.actionDescription == action.description
    else {
      Issue.record(
        "Expected the transition of \(action), got \(event)", sourceLocation: sourceLocation)
      await skip(event)
      return nil
    }
    return transition
  }

  /// Follows an event that failed its assertion, so that later steps compare from the
  /// store's real state instead of failing in a cascade.
  private func skip(_ event: StoreEvent) async {
    guard case .transition(let transition) = event.kind, transition.changedState else { return }
    await primeStates()
    state = await states.next() ?? state
  }

  private func primeStates() async {
    guard !isPrimed else { return }
    isPrimed = true
    _ = await states.next()
  }

  /// Takes the event that starting `effect` reports: a request's start or cancellation,
  /// read from what the effect does (``LoginEffect/work``), so a new kind of request needs
  /// nothing here. A session effect reports how it went (saved, not saved, cleared, …), or
  /// nothing without a session store: the test receives that event itself.
  private func takeStart(of effect: LoginEffect, sourceLocation: SourceLocation) {
    let expected: RequestID
    let isStart: Bool
    switch effect.work {
    case .start(let id, _): (expected, isStart) = (id, true)
    case .cancel(let id): (expected, isStart) = (id, false)
    case .deliver, .cancelTimer, .saveSession, .clearSession: return
    }
    let event = log.takeFirst()
    let started: Bool
    switch event?.kind {
    case .effectStarted(let id)?: started = isStart && id == expected
    case .effectCancelled(let id, _)?: started = !isStart && id == expected
    default: started = false
    }
    if !started {
      Issue.record(
        "Expected \(effect) to be started, got \(event.map(String.init(describing:)) ?? "nothing")",
        sourceLocation: sourceLocation)
    }
  }

  private func checkState(
    after transition: StoreTransition,
    _ update: (inout LoginState) -> Void,
    sourceLocation: SourceLocation
  ) async {
    var expected = state
    update(&expected)
    await primeStates()
    let actual = transition.changedState ? await states.next() ?? state : state
    if actual != expected {
      Issue.record(
        """
        State after \(transition.actionDescription):
          expected \(expected)
          actual   \(actual)
        """,
        sourceLocation: sourceLocation)
    }
    state = actual
  }

  private static func list(_ events: [StoreEvent]) -> String {
    events.map { "\n  \($0)" }.joined()
  }
}
