import LoginFlow
import LoginRuntime
import Testing

/// An exhaustive test harness for ``/LoginRuntime/LoginStore``, in the manner of an exhaustive test
/// store.
///
/// It builds a store on a ``/LoginRuntime/VirtualClock`` — with a ``ControllableAuthService``, or
/// the app's own service, clock and session store — and makes a test account for everything the
/// store does: each ``send(_:effects:sourceLocation:_:)`` states the next state and the effects
/// started, each action the store feeds back itself (an answer, a timeout, a failed save, a
/// restored session) must be ``receive(_:sourceLocation:_:)``d with its state, every lifecycle
/// event (a session saved or cleared included) must be ``receive(_:sourceLocation:)``d, and at the
/// end the test fails when an event is left unasserted or a request is still in flight.
///
/// Actions, effects and states are compared by value, tokens and passwords included, while
/// every failure message stays redacted: a mismatch lists the fields that differ
/// ("token differs: 5 characters, expected 5"), never a secret.
///
/// With ``Exhaustivity/off`` the lifecycle events (requests started, finished, dropped;
/// sessions saved or cleared) need no assertion; the actions the store feeds back still do,
/// since the state follows them.
///
/// A tester exists only inside
/// ``withStrictStoreTester(initialState:timeout:service:clock:sessionStore:exhaustivity:isolation:sourceLocation:_:)``,
/// which always runs that final check when the body returns: a test cannot forget it.
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
  /// Whether every lifecycle event must be asserted.
  public enum Exhaustivity: Sendable, Hashable {
    /// Every event must be asserted, in order (the default).
    case on
    /// Lifecycle events need not be asserted: ``receive(_:sourceLocation:)`` finds the next
    /// one of its kind and skips the others, and none is left over at the end. Fed-back
    /// actions must still be received.
    case off
  }

  /// The virtual clock the store runs on.
  public let clock: VirtualClock
  /// The service the store calls: the tester's own ``ControllableAuthService`` unless the
  /// test gave its own.
  public let service: any AuthService
  /// The store under test.
  public let store: LoginStore
  /// The state as asserted so far.
  public private(set) var state: LoginState
  /// Whether every lifecycle event must be asserted.
  public let exhaustivity: Exhaustivity

  private let log: StoreEventLog
  private var requestsTaken = 0
  private var isFinished = false

  /// Creates a store starting at `initialState`, with a request timeout of `timeout` (none
  /// when `nil`), calling `service` (a new ``ControllableAuthService`` when `nil`) on `clock`,
  /// remembering the session in `sessionStore` (nowhere when `nil`). Only
  /// ``withStrictStoreTester(initialState:timeout:service:clock:sessionStore:exhaustivity:isolation:sourceLocation:_:)``
  /// creates testers, so that the final check always runs.
  init(
    initialState: LoginState, timeout: Duration?, service: (any AuthService)?,
    clock: VirtualClock, sessionStore: (any SessionStore)?, exhaustivity: Exhaustivity
  ) {
    let log = StoreEventLog()
    let service = service ?? ControllableAuthService()
    self.log = log
    self.clock = clock
    self.service = service
    self.exhaustivity = exhaustivity
    state = initialState
    store = LoginStore(
      initialState: initialState, service: service, clock: clock, timeout: timeout,
      sessionStore: sessionStore, onEvent: { log.append($0) },
      onAction: { log.applied($0, $1) }, reducer: nil, faults: .none)
  }

  /// The requests that reached the tester's ``ControllableAuthService``, in order; empty when
  /// the test gave its own service.
  public var requests: [ControllableAuthService.Request] {
    (service as? ControllableAuthService)?.requests ?? []
  }

  /// Sends `action`, then asserts the effects it emitted and started and the state after it,
  /// which is the previous state changed by `update`.
  ///
  /// Fails first if an earlier event is still unasserted.
  nonisolated(nonsending) public func send(
    _ action: LoginAction,
    effects: [LoginEffect] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout LoginState) -> Void = { _ in }
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    let unasserted = takeUnasserted()
    if !unasserted.isEmpty {
      Issue.record(
        "Must assert these events before sending \(action): \(Self.list(unasserted))",
        sourceLocation: sourceLocation)
      for entry in unasserted { follow(entry) }
    }
    let emitted = await store.send(action)
    if emitted != effects {
      Issue.record(
        """
        Effects of \(action) differ:\(Self.indented(Difference.between(emitted, effects)))
        """,
        sourceLocation: sourceLocation)
    }
    guard let applied = takeTransition(of: action, sourceLocation: sourceLocation) else {
      return
    }
    for effect in emitted { takeStart(of: effect, sourceLocation: sourceLocation) }
    checkState(after: applied, update, sourceLocation: sourceLocation)
  }

  /// Asserts that the next unasserted event is the transition of `action`, an action the
  /// store fed back itself (compared by value, its session's token included), and that the
  /// state after it is the previous one changed by `update`.
  nonisolated(nonsending) public func receive(
    _ action: LoginAction,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout LoginState) -> Void = { _ in }
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    guard let applied = takeTransition(of: action, sourceLocation: sourceLocation) else {
      return
    }
    checkState(after: applied, update, sourceLocation: sourceLocation)
  }

  /// Asserts that the next unasserted event is the lifecycle event `expected` (with
  /// ``Exhaustivity/off``: the next lifecycle event equal to it, skipping others).
  nonisolated(nonsending) public func receive(
    _ expected: StoreEvent.Kind, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.waitUntilIdle()
    while let entry = log.takeFirst() {
      if entry.event.kind == expected { return }
      if exhaustivity == .off, entry.applied == nil { continue }
      Issue.record("Expected \(expected), got \(entry.event)", sourceLocation: sourceLocation)
      follow(entry)
      return
    }
    Issue.record("Expected \(expected), but no event is left", sourceLocation: sourceLocation)
  }

  /// Advances the virtual clock by `duration`; see ``/LoginRuntime/VirtualClock/advance(by:)``.
  nonisolated(nonsending) public func advance(
    by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard isInUse(sourceLocation) else { return }
    await clock.advance(by: duration)
  }

  /// The next request that reached the tester's ``ControllableAuthService`` and was not taken
  /// before.
  ///
  /// - Throws: An error recorded as a test issue when no such request arrived, or when the
  ///   test gave its own service.
  nonisolated(nonsending) public func nextRequest(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ControllableAuthService.Request {
    await clock.waitUntilIdle()
    let controllable = try #require(
      service as? ControllableAuthService,
      "nextRequest() needs the tester's ControllableAuthService; this test gave its own service",
      sourceLocation: sourceLocation)
    let requests = controllable.requests
    try #require(
      requests.count > requestsTaken, "No new auth request arrived",
      sourceLocation: sourceLocation)
    requestsTaken += 1
    return requests[requestsTaken - 1]
  }

  /// Releases `request` with `outcome` and waits until the answer reached the store.
  nonisolated(nonsending) public func release(
    _ request: ControllableAuthService.Request, _ outcome: Result<AuthSession, AuthError>
  ) async {
    request.release(outcome)
    await clock.waitUntilIdle()
  }

  /// Releases `request` with `answer` (a challenge, or a code step's answer) and waits until
  /// the answer reached the store.
  nonisolated(nonsending) public func release(
    _ request: ControllableAuthService.Request, answer: Result<AuthAnswer, AuthError>
  ) async {
    request.release(answer: answer)
    await clock.waitUntilIdle()
  }

  /// Fails if an event is unasserted or a request is still in flight, then closes the store
  /// (which abandons a call whose service never returns);
  /// ``withStrictStoreTester(initialState:timeout:service:clock:sessionStore:exhaustivity:isolation:sourceLocation:_:)``
  /// calls it.
  nonisolated(nonsending) func finish(sourceLocation: SourceLocation) async {
    guard isInUse(sourceLocation) else { return }
    isFinished = true
    await clock.waitUntilIdle()
    let unasserted = takeUnasserted()
    if !unasserted.isEmpty {
      Issue.record(
        "Unasserted events at the end: \(Self.list(unasserted))", sourceLocation: sourceLocation)
    }
    let inFlight = await store.requestsInFlight
    if !inFlight.isEmpty {
      let names = inFlight.map { "\($0.kind.rawValue)(\($0.number))" }.joined(separator: ", ")
      Issue.record(
        "Effects still running at the end: \(names) still in flight",
        sourceLocation: sourceLocation)
    }
    await store.close()
  }

  /// Ends the test early: closes the store without the final check (the body threw, so the
  /// test has failed already).
  nonisolated(nonsending) func abandon() async {
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

  /// The entries that must have been asserted by now: all of them, or with
  /// ``Exhaustivity/off`` only the transitions (the lifecycle events are dropped).
  private func takeUnasserted() -> [StoreEventLog.Entry] {
    let entries = log.takeAll()
    switch exhaustivity {
    case .on: return entries
    case .off: return entries.filter { $0.applied != nil }
    }
  }

  /// The next transition, if it is the one of `action` (compared by value); otherwise an
  /// issue naming what differs, and `nil`. With ``Exhaustivity/off``, lifecycle events before
  /// it are skipped.
  private func takeTransition(
    of action: LoginAction, sourceLocation: SourceLocation
  ) -> StoreEventLog.Applied? {
    var next = log.takeFirst()
    while exhaustivity == .off, let entry = next, entry.applied == nil { next = log.takeFirst() }
    guard let entry = next else {
      Issue.record(
        "Expected the transition of \(action), but no event is left",
        sourceLocation: sourceLocation)
      return nil
    }
    guard let applied = entry.applied else {
      Issue.record(
        "Expected the transition of \(action), got \(entry.event)", sourceLocation: sourceLocation)
      return nil
    }
    guard applied.action == action else {
      Issue.record(
        """
        Expected the transition of \(action), got \(applied.action):\
        \(Self.indented(Difference.between(applied.action, action)))
        """,
        sourceLocation: sourceLocation)
      follow(entry)
      return nil
    }
    return applied
  }

  /// Follows an entry that failed its assertion, so that later steps compare from the
  /// store's real state instead of failing in a cascade.
  private func follow(_ entry: StoreEventLog.Entry) {
    if let applied = entry.applied { state = applied.state }
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
    let event = log.takeFirst()?.event
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
    after applied: StoreEventLog.Applied,
    _ update: (inout LoginState) -> Void,
    sourceLocation: SourceLocation
  ) {
    var expected = state
    update(&expected)
    let actual = applied.state
    if actual != expected {
      Issue.record(
        """
        State after \(applied.action) differs:\(Self.indented(Difference.between(actual, expected)))
          expected \(expected)
          actual   \(actual)
        """,
        sourceLocation: sourceLocation)
    }
    state = actual
  }

  private static func list(_ entries: [StoreEventLog.Entry]) -> String {
    entries.map { "\n  \($0.event)" }.joined()
  }

  private static func indented(_ lines: [String]) -> String {
    lines.map { "\n  " + $0 }.joined()
  }
}
