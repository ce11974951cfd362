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
/// answer, if one still comes, is dropped. After `timeout` on the clock the task is cancelled
/// and `authResponse(n, .failure(.timedOut))` is fed back; on a tie the timeout wins. Every
/// step is reported as a ``StoreEvent``. With a ``VirtualClock`` the store registers its tasks
/// with the clock, so that advancing the clock is deterministic (see `Docs/Embedding.md`).
public actor LoginStore {
  /// The current state.
  public private(set) var state: LoginState
  /// Whether ``close()`` was called; a closed store ignores every action.
  public private(set) var isClosed = false

  /// How long a request may take before it fails with `timedOut`: the `timeout` given to
  /// ``init(initialState:service:clock:timeout:onEvent:)``, clamped into ``timeoutRange``.
  public nonisolated let timeout: Duration

  private let service: any AuthService
  private let clock: StoreClock
  private let onEvent: (@Sendable (StoreEvent) -> Void)?
  private let snapshots: Broadcaster<StateSnapshot>
  private let eventBroadcaster = Broadcaster<StoreEvent>(latest: nil)
  private var version = 0
  private var requests: [Int: RunningRequest] = [:]

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from; by default the empty screen.
  ///   - service: Checks credentials; called once per attempt, in a task of its own.
  ///   - clock: Where time comes from: a ``VirtualClock`` in tests and replays.
  ///   - timeout: How long a request may take before it fails with `timedOut`; 30 seconds by
  ///     default. It is clamped into ``timeoutRange`` (1 ns … 1 day): zero or negative means
  ///     1 ns, and a longer one (even `.seconds(Int64.max)`) means a day — never a crash.
  ///   - onEvent: Called synchronously, on the store, for every event in order — for a
  ///     trace that must interleave exactly with the store's work. Keep it fast.
  public init(
    initialState: LoginState = LoginState(),
    service: any AuthService,
    clock: some Clock<Duration> = ContinuousClock(),
    timeout: Duration = LoginStore.defaultTimeout,
    onEvent: (@Sendable (StoreEvent) -> Void)? = nil
  ) {
    state = initialState
    self.service = service
    self.clock = StoreClock(clock)
    self.timeout = Self.clampedTimeout(timeout)
    self.onEvent = onEvent
    snapshots = Broadcaster(latest: StateSnapshot(version: 0, state: initialState))
  }

  /// The attempt whose answer the store is waiting for (not cancelled, not timed out).
  public var inFlightAttempt: Int? {
    requests.first { $0.value.status == .inFlight }?.key
  }

  /// The attempts whose tasks have not ended, in order — including cancelled or timed-out
  /// ones whose service has not returned yet. Empty when no effect is running.
  public var runningAttempts: [Int] {
    requests.keys.sorted()
  }

  /// Applies `action` and starts the effects it emitted; returns those effects.
  ///
  /// After `close()` it does nothing and returns no effect.
  @discardableResult
  public func send(_ action: LoginAction) -> [LoginEffect] {
    guard !isClosed else { return [] }
    return apply(action)
  }

  /// A stream that first yields the current state, then every change, in order.
  ///
  /// Any number of streams may run at once; each ends when the store closes.
  public nonisolated func states() -> AsyncStream<LoginState> {
    snapshots.subscribe(\.state)
  }

  /// A stream of every event from now on, in order; it ends when the store closes.
  public nonisolated func events() -> AsyncStream<StoreEvent> {
    eventBroadcaster.subscribe { $0 }
  }

  /// Cancels all work in flight and ends every stream. Later actions are ignored, and no
  /// answer that arrives afterwards is applied.
  public func close() {
    guard !isClosed else { return }
    for attempt in requests.keys.sorted() {
      guard let request = requests[attempt] else { continue }
      stopTimer(of: request)
      request.call.cancel()
      if request.status == .inFlight {
        requests[attempt]?.status = .cancelled
        emit(.effectCancelled(attempt: attempt, duration: since(request.startedAt)))
      }
    }
    isClosed = true
    snapshots.finish()
    eventBroadcaster.finish()
  }

  // MARK: Internal

  /// The latest state with its version, readable from any thread.
  nonisolated var latestSnapshot: StateSnapshot {
    snapshots.latest ?? StateSnapshot(version: 0, state: LoginState())
  }

  /// A stream of versioned snapshots, starting with the current one.
  nonisolated func versionedStates() -> AsyncStream<StateSnapshot> {
    snapshots.subscribe { $0 }
  }

  @discardableResult
  private func apply(_ action: LoginAction) -> [LoginEffect] {
    let before = state
    let (after, effects) = reduce(before, action)
    state = after
    emit(
      .transition(
        StoreTransition(action: action, before: before, after: after, effects: effects)))
    if after != before {
      version += 1
      snapshots.publish(StateSnapshot(version: version, state: after), remember: true)
    }
    for effect in effects { run(effect) }
    return effects
  }

  private func run(_ effect: LoginEffect) {
    switch effect {
    case .authenticate(let attempt, let credentials):
      start(attempt, credentials)
    case .cancelAuthentication(let attempt):
      cancel(attempt)
    }
  }

  private func start(_ attempt: Int, _ credentials: Credentials) {
    if requests[attempt] != nil { cancel(attempt) }
    // Units exist before their tasks, so a new task counts as awake from the start; the
    // timeout's sleeper is registered before the call can register one, so it wins a tie.
    let timerUnit = clock.virtual?.makeUnit()
    let callUnit = clock.virtual?.makeUnit()
    let sleeper = timerUnit.map { $0.clock.schedule(after: timeout, for: $0) }
    let timer = WorkUnit.spawn(timerUnit) { [clock, timeout] in
      do {
        if let sleeper, let virtual = clock.virtual {
          try await virtual.wait(for: sleeper)
        } else {
          try await clock.sleep(timeout)
        }
      } catch {
        return
      }
      await self.timeoutFired(attempt)
    }
    let call = WorkUnit.spawn(callUnit) { [service] in
      let result: Result<AuthSession, AuthError>
      do throws(AuthError) {
        result = .success(try await service.authenticate(credentials))
      } catch {
        result = .failure(error)
      }
      await self.answer(attempt, result)
    }
    requests[attempt] = RunningRequest(
      startedAt: clock.elapsed(), call: call, timer: timer, timerSleeper: sleeper,
      status: .inFlight)
    emit(.effectStarted(attempt: attempt))
  }

  private func cancel(_ attempt: Int) {
    guard let request = requests[attempt], request.status == .inFlight else { return }
    requests[attempt]?.status = .cancelled
    stopTimer(of: request)
    request.call.cancel()
    emit(.effectCancelled(attempt: attempt, duration: since(request.startedAt)))
  }

  private func answer(_ attempt: Int, _ result: Result<AuthSession, AuthError>) {
    guard let request = requests.removeValue(forKey: attempt), !isClosed else { return }
    let duration = since(request.startedAt)
    switch request.status {
    case .inFlight:
      stopTimer(of: request)
      emit(.effectFinished(attempt: attempt, outcome: result.outcomeName, duration: duration))
      apply(.authResponse(attempt: attempt, result))
    case .cancelled, .timedOut:
      // `unexpected` from a call the store cancelled is the service acknowledging the
      // cancellation (see ``AuthService``): no answer, nothing to report.
      if case .failure(.unexpected) = result { return }
      emit(.responseDropped(attempt: attempt, outcome: result.outcomeName, duration: duration))
    }
  }

  /// Reports the late answer to `attempt`, which the store cancelled or timed out, that a
  /// service kept as a record instead of keeping the call running (`login-replay`'s scripted
  /// server does, so that cancelled requests cost no task): the same ``StoreEvent/Kind/responseDropped(attempt:outcome:duration:)``
  /// a call returning late gives, `duration` after the request started.
  package func reportLateAnswer(
    attempt: Int, _ result: Result<AuthSession, AuthError>, after duration: Duration
  ) {
    guard !isClosed, requests[attempt]?.status != .inFlight else { return }
    emit(.responseDropped(attempt: attempt, outcome: result.outcomeName, duration: duration))
  }

  private func timeoutFired(_ attempt: Int) {
    guard !isClosed, let request = requests[attempt], request.status == .inFlight else { return }
    requests[attempt]?.status = .timedOut
    request.call.cancel()
    emit(.effectTimedOut(attempt: attempt, duration: since(request.startedAt)))
    apply(.authResponse(attempt: attempt, .failure(.timedOut)))
  }

  private func stopTimer(of request: RunningRequest) {
    if let sleeper = request.timerSleeper { clock.virtual?.cancelSleeper(sleeper) }
    request.timer.cancel()
  }

  private func since(_ start: Duration) -> Duration {
    clock.elapsed() - start
  }

  /// Reports an event to the hook and the event streams. The event is built only when
  /// someone listens: describing a transition costs more than applying it.
  private func emit(_ kind: @autoclosure () -> StoreEvent.Kind) {
    guard onEvent != nil || eventBroadcaster.hasSubscribers else { return }
    let event = StoreEvent(time: clock.elapsed(), kind: kind())
    onEvent?(event)
    eventBroadcaster.publish(event, remember: false)
  }
}

extension Result<AuthSession, AuthError> {
  /// `success`, or the error's session-file name such as `invalid-credentials`.
  fileprivate var outcomeName: String {
    switch self {
    case .success: "success"
    case .failure(let error): error.name
    }
  }
}
