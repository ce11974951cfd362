import LoginFlow

/// The login machine at run time: owns the state, applies ``reduce(_:_:)`` and runs the
/// effects — the auth call, its cancellation and its timeout — on an injected clock.
///
/// Embed it anywhere: SwiftUI through ``LoginViewModel``, a command-line program, a test.
///
/// ```swift
/// let store = LoginStore(service: DemoAuthService())
/// Task { for await state in store.states() { print(state.phase) } }
/// await store.send(.emailChanged("demo@example.com"))
/// await store.send(.passwordChanged("Password123!"))
/// await store.send(.submitTapped)
/// ```
///
/// Each auth request runs in a task of its own. `cancelAuthentication` cancels it and its
/// answer, if one still comes, is dropped. After `timeout` on the timeout's clock the task is
/// cancelled and `authResponse(n, .failure(.timedOut))` is fed back. On a ``VirtualClock`` a
/// response due at the very instant of the timeout loses to it, deterministically; on a real
/// clock the two race and either may win (the store still ends the request exactly once).
/// Every step is reported as a ``StoreEvent``. The store starts its tasks and timers through
/// the clock, so a ``VirtualClock`` (or a clock wrapping one) tracks them and advancing it is
/// deterministic (see `Docs/Embedding.md`).
///
/// Given a ``SessionStore``, the store also remembers the session between launches: it runs
/// `saveSession` and `clearSession` against it, in order, on its own actor, and
/// ``restoreSession()`` reads it at launch. A failed save never fails the login: it is
/// reported (``StoreEvent/Kind/sessionNotSaved(_:)``) and `sessionSaveFailed` is applied,
/// so the screen can say the session will not be remembered.
public actor LoginStore {
  /// The current state.
  public var state: LoginState {
    // Lent where it lies: a caller on the store that reads one field copies only that one.
    _read { yield publisher.working.pointee }
  }
  // Unchecked: the actor's isolation already makes every access exclusive, and `send` reads
  // it on every action (the runtime's dynamic check of an actor's `var`).
  /// Whether ``close()`` was called; a closed store ignores every action.
  @exclusivity(unchecked) public private(set) var isClosed = false

  /// How long a request may take before it fails with `timedOut`: the `timeout` given to
  /// the initializer, clamped into ``timeoutRange``; `nil` when the store has no timeout.
  public nonisolated let timeout: Duration?

  /// How long a saved session is remembered when the backend gave it no lifetime: the
  /// `sessionLifetime` given to the initializer, ``defaultSessionLifetime`` by default.
  public nonisolated let sessionLifetime: Duration

  private let service: any AuthService
  private let sessionStore: (any SessionStore)?
  private let wallClock: WallClock
  /// `nil` for LoginFlow's own machine, which the store runs in place.
  private let reducer: Reducer?
  private let faults: Faults
  private let clock: StoreClock
  private let onEvent: (@Sendable (StoreEvent) -> Void)?
  /// Whether the store counts its events into ``counts`` (a driver that shows none takes
  /// them with ``takeCounts()``).
  private let countsEvents: Bool
  /// The events counted since the last ``takeCounts()``, when the store counts them.
  @exclusivity(unchecked) private var counts = EventCounts()
  /// The state, and the snapshot of it that other threads and the state streams read.
  private let publisher: StatePublisher
  private let eventBroadcaster = Broadcaster<StoreEvent>()
  private var requests: [Int: RunningRequest] = [:] {
    didSet { if requests.isEmpty, !settleWaiters.isEmpty { resumeSettleWaiters() } }
  }
  /// Callers of ``settle()`` on a clock the store cannot drive, waiting for the work to end.
  private var settleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from; by default the empty screen.
  ///   - service: Checks credentials; called once per attempt, in a task of its own.
  ///   - clock: Where time comes from: a ``VirtualClock`` in tests and replays, or a clock
  ///     that wraps one (its work is then tracked by that virtual clock just the same).
  ///   - timeout: How long a request may take before it fails with `timedOut`; 30 seconds by
  ///     default. It is clamped into ``timeoutRange`` (1 ns … 1 day): zero or negative means
  ///     1 ns, and a longer one (even `.seconds(Int64.max)`) means a day — never a crash.
  ///     `nil` disables it: a request then ends only with its answer, a cancel, a reset or
  ///     ``close()``, so use it only with a service that bounds its own time.
  ///   - timeoutClock: The clock the timeout runs on; `nil` (the default) is `clock`. Give
  ///     one when `clock` does not measure real time — with an immediate clock (one whose
  ///     sleeps return at once) every request would time out at once — so that the timeout
  ///     keeps its meaning: `timeoutClock: ContinuousClock()`.
  ///   - sessionStore: Where the session is remembered between launches; `nil` (the
  ///     default) remembers nothing, and the session effects do nothing.
  ///   - wallClock: Where the date comes from, for a saved session's expiry and a restored
  ///     one's check; `nil` means the virtual clock's time (from the Unix epoch) when `clock`
  ///     is a ``VirtualClock``, else the system's.
  ///   - sessionLifetime: How long a session the backend gave no lifetime is remembered;
  ///     ``defaultSessionLifetime`` (7 days) by default.
  ///   - onEvent: Called synchronously, on the store, for every event in order — for a
  ///     trace that must interleave exactly with the store's work. Keep it fast.
  public init(
    initialState: LoginState = LoginState(),
    service: any AuthService,
    clock: some Clock<Duration> = ContinuousClock(),
    timeout: Duration? = LoginStore.defaultTimeout,
    timeoutClock: (any Clock<Duration>)? = nil,
    sessionStore: (any SessionStore)? = nil,
    wallClock: WallClock? = nil,
    sessionLifetime: Duration = LoginStore.defaultSessionLifetime,
    onEvent: (@Sendable (StoreEvent) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, service: service, clock: clock, timeout: timeout,
      timeoutClock: timeoutClock, sessionStore: sessionStore, wallClock: wallClock,
      sessionLifetime: sessionLifetime, onEvent: onEvent, countsEvents: false, reducer: nil,
      faults: .none)
  }

  /// A store over another reducer (`nil`: LoginFlow's own), or one that breaks its own
  /// contract in the ways `faults` name: a seam for the explorer's tests, which prove that
  /// deliberately broken machines are caught; or one that counts its events into
  /// ``EventCounts`` instead of building them (`countsEvents`, for a driver that shows no
  /// event: it takes the counts with ``takeCounts()``). Apps use the public initializer.
  package init(
    initialState: LoginState = LoginState(),
    service: any AuthService,
    clock: some Clock<Duration> = ContinuousClock(),
    timeout: Duration? = LoginStore.defaultTimeout,
    timeoutClock: (any Clock<Duration>)? = nil,
    sessionStore: (any SessionStore)? = nil,
    wallClock: WallClock? = nil,
    sessionLifetime: Duration = LoginStore.defaultSessionLifetime,
    onEvent: (@Sendable (StoreEvent) -> Void)? = nil,
    countsEvents: Bool = false,
    reducer: Reducer?,
    faults: Faults
  ) {
    publisher = StatePublisher(initialState)
    self.reducer = reducer
    self.faults = faults
    self.service = service
    self.sessionStore = sessionStore
    self.wallClock =
      wallClock ?? (clock as? VirtualClock).map { WallClock.virtual($0) } ?? .system
    self.sessionLifetime = sessionLifetime
    self.clock = StoreClock(clock, timeoutClock: timeoutClock)
    self.timeout = timeout.map(Self.clampedTimeout)
    self.onEvent = onEvent
    self.countsEvents = countsEvents
  }

  /// The attempt whose answer the store is waiting for (not cancelled, not timed out).
  public var attemptInFlight: Int? {
    requests.first { $0.value.status == .inFlight }?.key
  }

  /// The attempts whose tasks have not ended, in order — including cancelled or timed-out
  /// ones whose service has not returned yet. Empty when no effect is running.
  public var runningAttempts: [Int] {
    requests.keys.sorted()
  }

  /// Runs `body` isolated to the store: a driver whose own async functions run where they
  /// are called (`nonisolated(nonsending)`) then reaches the store without a hop.
  package func perform<Result: Sendable>(
    _ body: @Sendable (isolated LoginStore) async -> Result
  ) async -> Result {
    await body(self)
  }

  /// Lends `body` the address of the state the store holds, for a driver on the store that
  /// reads a few of its fields: ``state``, read from another module, is copied whole. The
  /// address is valid only during `body`, which must not change the state.
  package func withState(_ body: (UnsafePointer<LoginState>) -> Void) {
    body(publisher.working)
  }

  /// The events counted since the last call, for a store made to count them; empty otherwise.
  package func takeCounts() -> EventCounts {
    defer { counts = EventCounts() }
    return counts
  }

  /// Applies `action` and starts the effects it emitted; returns those effects.
  ///
  /// After `close()` it does nothing and returns no effect.
  @discardableResult
  public func send(_ action: consuming LoginAction) -> [LoginEffect] {
    guard !isClosed else { return [] }
    return apply(action)
  }

  /// The current state, read at once from any thread: for a front end on the main actor that
  /// must draw now, without awaiting the store. It is ``state`` as the store's last action
  /// left it, the fields typed byte for byte; the state streams show each change of it.
  public nonisolated var currentState: LoginState {
    publisher.snapshot.state
  }

  /// Reads the session an earlier launch remembered and applies it as
  /// `sessionRestored(session, now:)`, with the wall-clock time now: call it once at launch,
  /// before the user acts. The reducer logs in with it from the first screen if it has not
  /// expired; an expired one is forgotten (`clearSession`).
  ///
  /// Nothing kept, no session store or a closed store: nothing happens. A kept session that
  /// cannot be used is reported as ``StoreEvent/Kind/sessionDiscarded(_:)`` and returned; the
  /// store starts logged out and leaves it in place (a refused file is the user's to fix; an
  /// unusable one is replaced at the next login).
  ///
  /// - Returns: Why the kept session could not be used, or `nil`.
  @discardableResult
  public func restoreSession() -> SessionStoreError? {
    guard !isClosed, let sessionStore else { return nil }
    let stored: StoredSession?
    do {
      stored = try sessionStore.load()
    } catch {
      emit(.sessionDiscarded(error))
      return error
    }
    guard let stored else { return nil }
    apply(.sessionRestored(stored, now: wallClock.now()))
    return nil
  }

  /// Waits until everything the actions sent so far started has ended: every auth call has
  /// returned (answered, timed out, or cancelled and acknowledged) and every timer is gone.
  /// Returns at once when nothing runs.
  ///
  /// ```swift
  /// await store.send(.submitTapped)
  /// await store.settle()  // the answer or the timeout has been applied
  /// ```
  ///
  /// On a ``VirtualClock`` (or a clock wrapping one) `settle` drives the clock itself: it
  /// waits until the running work is idle, advances to the next deadline — the service's
  /// answer, the timeout — and repeats until nothing of the store runs. Work that waits for
  /// the test rather than the clock (a held request of the test kit) cannot end that way:
  /// `settle` returns once nothing is due, and such work keeps running until released. Do
  /// not advance the clock from another task meanwhile. On any other clock it waits, for as
  /// long as the work takes.
  public func settle() async {
    while !requests.isEmpty {
      if let tracker = clock.tracker {
        await tracker.waitUntilIdle()
        guard !requests.isEmpty, await tracker.advanceToNextDeadline() else { return }
      } else {
        await withCheckedContinuation { settleWaiters.append($0) }
      }
    }
  }

  /// A stream that first yields the current state, then the changes, in order.
  ///
  /// Any number of streams may run at once; each ends when the store closes or goes away.
  ///
  /// - Parameter buffering: What the stream keeps while its subscriber has not read.
  ///   ``StreamBuffering/newest`` by default: a state is the whole screen, so a screen only
  ///   needs the latest, and a subscriber that lags (a view off screen, a task not scheduled
  ///   yet) costs one state, not every state since. Pass ``StreamBuffering/all`` to read every
  ///   change in order, as a test or a replay printing each step does.
  public nonisolated func states(
    buffering: StreamBuffering = .newest
  ) -> AsyncStream<LoginState> {
    publisher.subscribe(buffering: buffering, \.state)
  }

  /// A stream of the events from now on, in order; it ends when the store closes or goes
  /// away.
  ///
  /// - Parameter buffering: What the stream keeps while its subscriber has not read.
  ///   ``StreamBuffering/all`` by default: each event is a fact of its own (a request
  ///   started, timed out, was dropped), and a log or a trace that skipped some would lie;
  ///   a logger that lags holds what it has not read. Pass ``StreamBuffering/newest`` for
  ///   a view that only shows the latest event.
  public nonisolated func events(
    buffering: StreamBuffering = .all
  ) -> AsyncStream<StoreEvent> {
    eventBroadcaster.subscribe(buffering: buffering) { $0 }
  }

  /// Ends the store's work and every stream, leaving a state a view can still show.
  ///
  /// A request in flight ends: the store applies ``LoginAction/storeClosed``, which cancels
  /// it and returns the screen from `submitting` to `editing` (the form, not a spinner that
  /// cannot stop), and every other call and timer is cancelled. Then the streams end. Later
  /// actions are ignored and no answer that arrives afterwards is applied: a late answer is
  /// reported to `onEvent` as dropped, like any answer to a cancelled request.
  public func close() {
    guard !isClosed else { return }
    if case .submitting = state.phase { apply(.storeClosed) }
    for attempt in requests.keys.sorted() {
      guard let request = requests[attempt] else { continue }
      request.timer?.cancel()
      request.call.cancel()
      if request.status == .inFlight {
        requests[attempt]?.status = .cancelled
        emit(.effectCancelled(attempt: attempt, duration: since(request.startedAt)))
      }
    }
    isClosed = true
    publisher.finish()
    eventBroadcaster.finish()
  }

  /// A store dropped without ``close()`` ends its work and its streams: every call and timer
  /// is cancelled and every `states()` and `events()` subscriber sees the end, rather than
  /// waiting forever for a store that no longer exists.
  deinit {
    for request in requests.values {
      request.timer?.cancel()
      request.call.cancel()
    }
    publisher.finish()
    eventBroadcaster.finish()
  }

  // MARK: Internal

  /// The latest state with its version, readable from any thread.
  nonisolated var latestSnapshot: StateSnapshot {
    publisher.snapshot
  }

  /// A stream of versioned snapshots, starting with the current one.
  nonisolated func versionedStates(buffering: StreamBuffering) -> AsyncStream<StateSnapshot> {
    publisher.subscribe(buffering: buffering) { $0 }
  }

  @discardableResult
  private func apply(_ action: consuming LoginAction) -> [LoginEffect] {
    let effects = reportsTransitions ? applyReporting(action) : reduceState(action)
    for effect in effects { run(effect) }
    return effects
  }

  /// Whether an action takes more than LoginFlow's machine run in place: another reducer, a
  /// counter, or someone listening to events.
  private var reportsTransitions: Bool { reducer != nil || countsEvents || listens }

  /// Applies `action` as ``apply(_:)`` does, reporting the transition: counted, and described
  /// to whoever listens.
  @inline(never)
  private func applyReporting(_ action: consuming LoginAction) -> [LoginEffect] {
    guard listens else {
      let effects = reduceState(action)
      if countsEvents { counts.countTransition(emitting: effects) }
      return effects
    }
    let before = state
    let effects = reduceState(copy action)
    if countsEvents { counts.countTransition(emitting: effects) }
    deliver(
      .transition(
        StoreTransition(
          action: action, before: before, after: state, effects: effects,
          changedState: state != before)))
    return effects
  }

  /// Applies `action` to the state: in place for LoginFlow's machine, through the function
  /// for another reducer.
  ///
  /// The action is the store's to keep: a typed text moves into the state without a copy.
  /// The publisher tells whether the state changed from the snapshot it last published,
  /// which is the state before the action whenever a stream watches, so that takes no copy of
  /// the state beforehand.
  private func reduceState(_ action: consuming LoginAction) -> [LoginEffect] {
    var pending = Optional(action)
    // LoginFlow's machine has a closure of its own, which holds no reducer: one closure for
    // both copied and destroyed the optional reducer on every action.
    guard let reducer else {
      return publisher.change { state in
        guard let action = pending.take() else { return [] }
        return reduce(into: &state, action)
      }
    }
    return publisher.change { state in
      guard let action = pending.take() else { return [] }
      let effects: [LoginEffect]
      (state, effects) = reducer(state, action)
      return effects
    }
  }

  private func run(_ effect: LoginEffect) {
    switch effect {
    case .authenticate(let attempt, let credentials):
      start(attempt, credentials)
    case .cancelAuthentication(let attempt):
      cancel(attempt)
    case .saveSession(let session):
      save(session)
    case .clearSession:
      clearSession()
    }
  }

  /// Remembers `session` with its absolute expiry; a failure is reported and applied as
  /// `sessionSaveFailed`, never as a failed login.
  private func save(_ session: AuthSession) {
    guard let sessionStore else { return }
    let stored = StoredSession(
      remembering: session, at: wallClock.now(), defaultLifetime: sessionLifetime)
    do {
      try sessionStore.save(stored)
      emit(.sessionSaved)
    } catch {
      emit(.sessionNotSaved(error))
      apply(.sessionSaveFailed)
    }
  }

  /// Forgets the remembered session; a failure is reported, and the logout stands.
  private func clearSession() {
    guard let sessionStore else { return }
    do {
      try sessionStore.clear()
      emit(.sessionCleared)
    } catch {
      emit(.sessionNotCleared(error))
    }
  }

  private func start(_ attempt: Int, _ credentials: Credentials) {
    if requests[attempt] != nil { cancel(attempt) }
    // The timer starts first, so that on a virtual clock its deadline is registered before
    // the call can register one: on a tie the timeout wins.
    // The tasks hold the store weakly: a store dropped without `close()` goes away with its
    // work (see `deinit`) instead of living as long as a call that never answers.
    let timer = timeout.map { timeout in
      clock.startTimer(after: timeout) { [weak self] in
        await self?.timeoutFired(attempt)
      }
    }
    let call = clock.spawn { [weak self, service] in
      let result: Result<AuthSession, AuthError>
      do throws(AuthError) {
        result = .success(try await service.authenticate(credentials))
      } catch {
        result = .failure(error)
      }
      await self?.answer(attempt, result)
    }
    requests[attempt] = RunningRequest(
      startedAt: clock.elapsed(), call: call, timer: timer, status: .inFlight)
    emit(.effectStarted(attempt: attempt))
  }

  private func cancel(_ attempt: Int) {
    guard let request = requests[attempt], request.status == .inFlight else { return }
    requests[attempt]?.status = .cancelled
    request.timer?.cancel()
    request.call.cancel()
    emit(.effectCancelled(attempt: attempt, duration: since(request.startedAt)))
  }

  private func answer(_ attempt: Int, _ result: Result<AuthSession, AuthError>) {
    guard let request = requests.removeValue(forKey: attempt) else { return }
    let duration = since(request.startedAt)
    switch request.status {
    case .inFlight where !isClosed:
      request.timer?.cancel()
      emit(.effectFinished(attempt: attempt, outcome: AuthOutcome(result), duration: duration))
      apply(.authResponse(attempt: attempt, result))
    case .inFlight, .cancelled, .timedOut:
      // `unexpected` from a call the store cancelled is the service acknowledging the
      // cancellation (see ``AuthService``): no answer, nothing to report.
      if case .failure(.unexpected) = result { return }
      dropLateAnswer(to: attempt, result, after: duration)
    }
  }

  /// Reports the late answer to `attempt`, which the store cancelled or timed out, that a
  /// service kept as a record instead of keeping the call running (`login-replay`'s scripted
  /// server does, so that cancelled requests cost no task): the same
  /// ``StoreEvent/Kind/responseDropped(attempt:outcome:duration:)`` a call returning late
  /// gives, `duration` after the request started.
  package func reportLateAnswer(
    attempt: Int, _ result: Result<AuthSession, AuthError>, after duration: Duration
  ) {
    guard isClosed || requests[attempt]?.status != .inFlight else { return }
    dropLateAnswer(to: attempt, result, after: duration)
  }

  /// Reports a late answer as dropped; a store with ``Faults/appliesLateAnswers`` applies it.
  private func dropLateAnswer(
    to attempt: Int, _ result: Result<AuthSession, AuthError>, after duration: Duration
  ) {
    guard !faults.appliesLateAnswers || isClosed else {
      apply(.authResponse(attempt: attempt, result))
      return
    }
    emit(.responseDropped(attempt: attempt, outcome: AuthOutcome(result), duration: duration))
  }

  private func timeoutFired(_ attempt: Int) {
    guard !isClosed, let request = requests[attempt], request.status == .inFlight else { return }
    requests[attempt]?.status = .timedOut
    if faults.timeoutCancelsCall { request.call.cancel() }
    emit(.effectTimedOut(attempt: attempt, duration: since(request.startedAt)))
    apply(.authResponse(attempt: attempt, .failure(.timedOut)))
  }

  private func resumeSettleWaiters() {
    let waiters = settleWaiters
    settleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  private func since(_ start: Duration) -> Duration {
    clock.elapsed() - start
  }

  /// Whether anyone listens to events: the hook or a stream. Only then is an event built:
  /// describing a transition costs more than applying it.
  private var listens: Bool { onEvent != nil || eventBroadcaster.hasSubscribers }

  /// Reports an event other than a transition: counts it, and delivers it to whoever
  /// listens.
  private func emit(_ kind: @autoclosure () -> StoreEvent.Kind) {
    let listens = listens
    guard listens || countsEvents else { return }
    let kind = kind()
    if countsEvents { counts.count(kind) }
    if listens { deliver(kind) }
  }

  /// Hands the event `kind`, timed now, to the hook and the event streams.
  private func deliver(_ kind: StoreEvent.Kind) {
    let event = StoreEvent(time: clock.elapsed(), kind: kind)
    onEvent?(event)
    eventBroadcaster.publish(event)
  }
}

extension LoginStore {
  /// A reducer the store can run: LoginFlow's ``reduce(_:_:)`` unless a test gives another.
  package typealias Reducer = @Sendable (LoginState, LoginAction) -> (LoginState, [LoginEffect])

  /// Ways a store can be made to break its contract, for proving that the explorer finds
  /// such bugs. Never set outside tests and tools.
  package struct Faults: Sendable, Hashable {
    /// Whether the timeout cancels the call (it must).
    package var timeoutCancelsCall = true
    /// Whether a late answer is fed to the reducer instead of being dropped (it must not be).
    package var appliesLateAnswers = false

    /// Creates a set of faults; the defaults are none.
    package init(timeoutCancelsCall: Bool = true, appliesLateAnswers: Bool = false) {
      self.timeoutCancelsCall = timeoutCancelsCall
      self.appliesLateAnswers = appliesLateAnswers
    }

    /// A store that keeps its contract.
    package static let none = Faults()
  }
}

/// A state with its version: the number of changes of the store's state the snapshots have
/// taken so far (see ``StatePublisher``). Versions only grow, so the view model uses them to
/// ignore a snapshot older than the one it shows.
struct StateSnapshot: Sendable {
  /// How many times the snapshot changed before this one.
  var version: Int
  /// The store's state.
  var state: LoginState
}

/// The store's record of one auth request whose task has not ended yet.
private struct RunningRequest {
  /// Where a request is in its life.
  enum Status: Equatable {
    /// Waiting for the service's answer, which will be applied.
    case inFlight
    /// Cancelled by `cancelAuthentication` or `close()`; an answer will be dropped.
    case cancelled
    /// Its timeout fired; an answer will be dropped.
    case timedOut
  }

  /// When the request started, on the store's clock.
  let startedAt: Duration
  /// The task calling the auth service.
  let call: Task<Void, Never>
  /// The timer that feeds back `timedOut` unless cancelled first; `nil` without a timeout.
  let timer: StoreTimer?
  var status: Status
}
