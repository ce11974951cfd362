import LoginFlow

/// The login machine at run time: owns the state, applies ``/LoginFlow/reduce(_:_:)`` and runs the
/// effects — the auth call, its cancellation and its timeout — on an injected clock.
///
/// Embed it anywhere: SwiftUI through ``LoginViewModel``, a command-line program, a test.
///
/// ```swift
/// let store = LoginStore(service: DemoAuthService())
/// let states = store.states()  // subscribed now: no state is missed, and the store is not held
/// Task { for await state in states { print(state.phase) } }
/// await store.send(.emailChanged("demo@example.com"))
/// await store.send(.passwordChanged("Password123!"))
/// await store.send(.submitTapped)
/// ```
///
/// Each request runs in a task of its own. A cancelled request's task is cancelled and its
/// answer, if one still comes, is dropped. After `timeout` on the timeout's clock the task is
/// cancelled and `authResponse(n, .failure(.timedOut))` is fed back. On a ``VirtualClock`` a
/// response due at the very instant of the timeout loses to it, deterministically; on a real
/// clock the two race and either may win (the store still ends the request exactly once).
/// Every step is reported as a ``StoreEvent``. The store starts its tasks and timers through
/// the clock, so a ``VirtualClock`` (or a clock wrapping one) tracks them and advancing it is
/// deterministic (see `Docs/Embedding.md`).
///
/// What the store does is decided by its core, a value with no concurrency of its own
/// (`StoreCore`): the actor performs the steps the core returns, with tasks and timers.
///
/// Given a ``SessionStore``, the store also remembers the session between launches: it runs
/// `saveSession` and `clearSession` against it, in order, on its own actor, and
/// ``restoreSession()`` reads it at launch. A failed save never fails the login: it is
/// reported (``StoreEvent/Kind/sessionNotSaved(_:)``) and `sessionSaveFailed` is applied,
/// so the screen can say the session will not be remembered.
public actor LoginStore {
  /// The current state.
  public var state: LoginState { core.state }
  /// Whether ``close()`` was called; a closed store ignores every action.
  public var isClosed: Bool { core.isClosed }

  /// How long a request may take before it fails with `timedOut`: the `timeout` given to
  /// the initializer, clamped into ``timeoutRange``; `nil` when the store has no timeout.
  public nonisolated let timeout: Duration?

  /// How long a saved session is remembered when the backend gave it no lifetime: the
  /// `sessionLifetime` given to the initializer, ``defaultSessionLifetime`` by default.
  public nonisolated let sessionLifetime: Duration
  /// Whether the store's service offers device login (``AuthService/offersDeviceLogin``):
  /// a front end shows "Sign in with a browser" only then.
  public nonisolated let offersDeviceLogin: Bool

  private var core: StoreCore
  private let service: any AuthService
  private let sessionStore: (any SessionStore)?
  private let wallClock: WallClock
  let clock: StoreClock
  private let onEvent: (@Sendable (StoreEvent) -> Void)?
  private let onAction: ActionHook?
  /// Where the states are published; ``LoginStore+Observing.swift`` subscribes to it.
  let publisher: StatePublisher
  /// Where the events are published.
  let eventBroadcaster = Broadcaster<StoreEvent>()
  /// The tasks of the calls that have not returned, by request.
  var calls: [RequestID: Task<Void, Never>] = [:]
  /// The timers running, by the runner's key.
  private var timers: [StoreCore.Runner.TimerKey: StoreTimer] = [:]
  /// Callers of ``settle()`` on a clock the store cannot drive, waiting for the work to end,
  /// by a number of their own.
  var settleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  var nextSettleWaiter = 0

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from; by default the empty screen.
  ///   - service: Answers the requests; called once per request, in a task of its own.
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
      sessionLifetime: sessionLifetime, onEvent: onEvent, onAction: nil, reducer: nil,
      faults: .none)
  }

  /// A store over another reducer (`nil`: LoginFlow's own), or one that breaks its own
  /// contract in the ways `faults` name: a seam for the explorer's tests, which prove that
  /// deliberately broken machines are caught. Apps use the public initializer.
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
    onAction: ActionHook? = nil,
    reducer: Reducer?,
    faults: Faults
  ) {
    let timeout = timeout.map(Self.clampedTimeout)
    core = StoreCore(state: initialState, timeout: timeout, reducer: reducer, faults: faults)
    publisher = StatePublisher(initialState)
    self.service = service
    offersDeviceLogin = service.offersDeviceLogin
    self.sessionStore = sessionStore
    self.wallClock =
      wallClock ?? (clock as? VirtualClock).map { WallClock.virtual($0) } ?? .system
    self.sessionLifetime = sessionLifetime
    self.clock = StoreClock(clock, timeoutClock: timeoutClock)
    self.timeout = timeout
    self.onEvent = onEvent
    self.onAction = onAction
  }

  /// The attempt whose answer the store is waiting for (not cancelled, not timed out).
  public var attemptInFlight: Int? { core.attemptInFlight }

  /// The attempts whose tasks have not ended, in order — including cancelled or timed-out
  /// ones whose service has not returned yet. Empty when no effect is running.
  /// After ``close()`` it is empty: a closed store no longer waits for any call.
  public var runningAttempts: [Int] {
    calls.keys.filter { $0.kind == .authenticate }.map(\.number).sorted()
  }

  /// The requests the machine is waiting for an answer to: started, not answered, cancelled
  /// or timed out.
  package var requestsInFlight: [RequestID] { core.runner.requestsInFlight }

  /// The requests whose calls have not returned, in order: in flight, or cancelled or timed
  /// out and still answering.
  package var runningRequests: [RequestID] {
    core.runner.running.keys.sorted(by: StoreCore.Runner.order)
  }

  /// How many timers the store runs: timeouts and deliveries.
  package var timerCount: Int { timers.count }

  /// Applies `action` and starts the effects it emitted; returns those effects.
  ///
  /// Effects are unstructured: they run in tasks of the store's, not of the caller's, so
  /// cancelling the task that called `send` does not cancel the request it started. To stop
  /// one, send `cancelTapped` or `reset`, or ``close()`` the store.
  ///
  /// After `close()` it does nothing and returns no effect.
  @discardableResult
  public func send(_ action: LoginAction) -> [LoginEffect] {
    perform(core.send(action, at: clock.elapsed()))
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
    guard !core.isClosed, let sessionStore else { return nil }
    let stored: StoredSession?
    do {
      stored = try sessionStore.load()
    } catch {
      report(.sessionDiscarded(error))
      return error
    }
    guard let stored else { return nil }
    send(.sessionRestored(stored, now: wallClock.now()))
    return nil
  }

  /// Ends the store's work and every stream, leaving a state a view can still show.
  ///
  /// A request in flight ends: the store applies ``/LoginFlow/LoginAction/storeClosed``, which
  /// cancels it and returns the screen from `submitting` to `editing` (the form, not a spinner that
  /// cannot stop), and every other call and timer is cancelled. Then the streams end. Later actions
  /// are ignored and no answer that arrives afterwards is applied: a late answer is reported to
  /// `onEvent` as dropped, like any answer to a cancelled request.
  ///
  /// The store waits for no call once closed: a service that ignores the cancellation and
  /// never returns is abandoned (``runningAttempts`` is empty, ``settle()`` returns), and
  /// whatever it returns some day is dropped.
  public func close() {
    guard !core.isClosed else { return }
    perform(core.close(at: clock.elapsed()))
    calls = [:]
    resumeSettleWaiters()
    publisher.finish()
    eventBroadcaster.finish()
  }

  /// A store dropped without ``close()`` ends its work and its streams: every call and timer
  /// is cancelled and every `states()` and `events()` subscriber sees the end, rather than
  /// waiting forever for a store that no longer exists.
  deinit {
    for timer in timers.values { timer.cancel() }
    for call in calls.values { call.cancel() }
    publisher.finish()
    eventBroadcaster.finish()
  }

  // MARK: Performing the core's steps

  /// Performs `steps` in order; returns the effects of the first transition among them (the
  /// action ``send(_:)`` was given).
  @discardableResult
  private func perform(_ steps: [StoreCore.Step]) -> [LoginEffect] {
    var firstEffects: [LoginEffect]?
    for step in steps {
      switch step {
      case .transition(let action, let before, let after, let effects, let changed):
        if firstEffects == nil { firstEffects = effects }
        publisher.publish(after, changed: changed)
        onAction?(action, after)
        if listens {
          report(
            .transition(
              StoreTransition(action: action, before: before, after: after, effects: effects)))
        }
      case .event(let kind):
        report(kind)
      case .run(let command):
        run(command)
      case .saveSession(let session):
        save(session)
      case .clearSession:
        clearSession()
      }
    }
    return firstEffects ?? []
  }

  /// Does what the runner asks: a call's task, a timer, or stopping one.
  private func run(_ command: StoreCore.Runner.Command) {
    switch command {
    case .call(let id, let request):
      // The tasks hold the store weakly: a store dropped without `close()` goes away with
      // its work (see `deinit`) instead of living as long as a call that never answers.
      calls[id] = clock.spawn { [weak self, service] in
        let result: Result<AuthAnswer, AuthError>
        do throws(AuthError) {
          result = .success(try await service.perform(request))
        } catch {
          result = .failure(error)
        }
        await self?.callReturned(id, result)
      }
    case .cancelCall(let id):
      calls[id]?.cancel()
    case .startTimer(let key, let delay):
      timers[key] = clock.startTimer(after: delay) { [weak self] in
        await self?.timerFired(key)
      }
    case .cancelTimer(let key):
      timers.removeValue(forKey: key)?.cancel()
    }
  }

  private func callReturned(_ id: RequestID, _ result: Result<AuthAnswer, AuthError>) {
    calls[id] = nil
    perform(core.callReturned(id, result, at: clock.elapsed()))
    if calls.isEmpty { resumeSettleWaiters() }
  }

  private func timerFired(_ key: StoreCore.Runner.TimerKey) {
    guard timers.removeValue(forKey: key) != nil else { return }
    perform(core.timerFired(key, at: clock.elapsed()))
  }

  /// Remembers `session` with its absolute expiry; a failure is reported and applied as
  /// `sessionSaveFailed`, never as a failed login.
  private func save(_ session: AuthSession) {
    guard let sessionStore else { return }
    let stored = StoredSession(
      remembering: session, at: wallClock.now(), defaultLifetime: sessionLifetime)
    do {
      try sessionStore.save(stored)
      report(.sessionSaved)
    } catch {
      perform(core.sessionSaveFailed(error, at: clock.elapsed()))
    }
  }

  /// Forgets the remembered session; a failure is reported, and the logout stands.
  private func clearSession() {
    guard let sessionStore else { return }
    do {
      try sessionStore.clear()
      report(.sessionCleared)
    } catch {
      report(.sessionNotCleared(error))
    }
  }

  /// Whether anyone listens to events: the hook or a stream. Only then is a transition
  /// described.
  private var listens: Bool { onEvent != nil || eventBroadcaster.hasSubscribers }

  /// Hands the event `kind`, timed now, to the hook and the event streams.
  private func report(_ kind: StoreEvent.Kind) {
    guard listens else { return }
    let event = StoreEvent(time: clock.elapsed(), kind: kind)
    onEvent?(event)
    eventBroadcaster.publish(event)
  }
}

extension LoginStore {
  /// Called with every action the store applies and the state after it, in order, before
  /// the transition is reported: what a test kit compares by value (secrets included),
  /// where events carry only redacted descriptions.
  package typealias ActionHook = @Sendable (LoginAction, LoginState) -> Void

  /// A reducer the store can run: LoginFlow's ``reduce(_:_:)`` unless a test gives another.
  package typealias Reducer = @Sendable (LoginState, LoginAction) -> (LoginState, [LoginEffect])

  /// Ways a store can be made to break its contract, for proving that the explorer finds
  /// such bugs. Never set outside tests and tools.
  package struct Faults: Sendable, Hashable {
    /// Whether the timeout cancels the call (it must).
    package var timeoutCancelsCall = true
    /// Whether a late answer is fed to the reducer instead of being dropped (it must not be).
    package var appliesLateAnswers = false
    /// Whether a failed save logs the user out instead of keeping them logged in with the
    /// session not remembered (it must not).
    package var logsOutWhenASaveFails = false

    /// Creates a set of faults; the defaults are none.
    package init(
      timeoutCancelsCall: Bool = true, appliesLateAnswers: Bool = false,
      logsOutWhenASaveFails: Bool = false
    ) {
      self.timeoutCancelsCall = timeoutCancelsCall
      self.appliesLateAnswers = appliesLateAnswers
      self.logsOutWhenASaveFails = logsOutWhenASaveFails
    }

    /// A store that keeps its contract.
    package static let none = Faults()
  }
}

/// A state with its version: the number of changes of the store's state so far. Versions
/// only grow, so the view model uses them to ignore a snapshot older than the one it shows.
struct StateSnapshot: Sendable {
  /// How many times the state changed before this one.
  var version: Int
  /// The store's state.
  var state: LoginState
}
