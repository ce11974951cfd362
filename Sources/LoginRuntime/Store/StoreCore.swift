import LoginFlow

/// The store's logic without its concurrency: the state, the machine that changes it, and
/// the books of the effects it started (``EffectRunner``).
///
/// Every method applies what happened and returns what the runtime must do next, in order
/// (``Step``): the ``LoginStore`` actor performs the steps with tasks and timers on its
/// clock, and the explorer performs the same steps on simulated time, so both run this one
/// definition of what the store does. Nothing here waits, reads a clock or touches a file:
/// the time comes in as an argument, and the session is saved or cleared by whoever performs
/// ``Step/saveSession(_:)`` and ``Step/clearSession``, who reports back
/// (``sessionSaveFailed(at:)``).
package struct StoreCore: Sendable {
  /// One thing the runtime must do, or report.
  package enum Step: Sendable {
    /// An action went through the machine: publish the state if it changed, and report it.
    case transition(
      action: LoginAction, before: LoginState, after: LoginState, effects: [LoginEffect],
      changed: Bool)
    /// Report this event.
    case event(StoreEvent.Kind)
    /// A command of the runner: start or cancel a call, start or stop a timer.
    case run(Runner.Command)
    /// Remember `session` for the next launch (with its absolute expiry), then report
    /// `sessionSaved`, or call ``sessionSaveFailed(at:)``.
    case saveSession(AuthSession)
    /// Forget the remembered session, then report `sessionCleared` or `sessionNotCleared`.
    case clearSession
  }

  /// The books of the store's effects.
  package typealias Runner = EffectRunner<LoginAction, AuthRequest, TimerID>

  /// The state.
  package private(set) var state: LoginState
  /// What runs.
  package private(set) var runner: Runner
  /// Whether the store was closed: it then ignores every action.
  package private(set) var isClosed = false
  /// Another reducer than LoginFlow's, for the explorer's broken machines; `nil` for the
  /// store every app runs.
  package let reducer: LoginStore.Reducer?
  /// How the store breaks its contract, for the explorer's broken machines.
  package let faults: LoginStore.Faults

  /// A store at `state` whose requests time out after `timeout`.
  package init(
    state: LoginState, timeout: Duration?, reducer: LoginStore.Reducer? = nil,
    faults: LoginStore.Faults = .none
  ) {
    self.state = state
    runner = Runner(timeout: timeout)
    self.reducer = reducer
    self.faults = faults
  }

  /// The request the store waits for, if any (not cancelled, not timed out).
  package var attemptInFlight: Int? {
    runner.requestsInFlight.first { $0.kind == .authenticate }?.number
  }

  /// Applies `action`, sent at `now`, unless the store is closed.
  package mutating func send(_ action: LoginAction, at now: Duration) -> [Step] {
    guard !isClosed else { return [] }
    return apply(action, at: now)
  }

  /// The call for request `id` returned `result` at `now`: the answer is applied when the
  /// request was in flight, else dropped (and reported) as a late answer.
  package mutating func callReturned(
    _ id: RequestID, _ result: Result<AuthAnswer, AuthError>, at now: Duration
  ) -> [Step] {
    let (end, commands) = runner.callReturned(id, at: now)
    var steps = commands.map(Step.run)
    switch end {
    case .unknown:
      break
    case .answer(let duration) where !isClosed:
      steps.append(.event(.effectFinished(id, outcome: AuthOutcome(result), duration: duration)))
      steps += apply(.answer(to: id, with: result), at: now)
    case .answer(let duration), .late(_, let duration):
      // `unexpected` from a call the store cancelled is the service acknowledging the
      // cancellation (see ``AuthService``): no answer, nothing to report.
      if case .failure(.unexpected) = result { break }
      let appliesLateAnswers =
        faults.appliesLateAnswers || PlantedBug.isPlanted(.staleAnswersChangeNothing)
        || PlantedBug.isPlanted(.everyRequestEndsOnce)
      if appliesLateAnswers, !isClosed {
        steps += apply(.answer(to: id, with: result), at: now)
      } else {
        steps.append(
          .event(.responseDropped(id, outcome: AuthOutcome(result), duration: duration)))
      }
    }
    return steps
  }

  /// The runner's `timer` fired at `now`: a request's timeout, or a delivery the machine
  /// asked for, whose action is applied.
  package mutating func timerFired(_ timer: Runner.TimerKey, at now: Duration) -> [Step] {
    switch timer {
    case .timeout(let id): return timeoutFired(id, at: now)
    case .delivery(let key):
      guard let action = runner.deliveryFired(key), !isClosed else { return [] }
      return apply(action, at: now)
    }
  }

  /// Request `id`'s timeout fired at `now`: the request ends as timed out and its
  /// `failure(timedOut)` answer is applied.
  private mutating func timeoutFired(_ id: RequestID, at now: Duration) -> [Step] {
    guard !isClosed, let duration = runner.timeoutFired(id, at: now) else { return [] }
    let cancelsCall = faults.timeoutCancelsCall && !PlantedBug.isPlanted(.boundedLiveness)
    var steps: [Step] = cancelsCall ? [.run(.cancelCall(id))] : []
    steps.append(.event(.effectTimedOut(id, duration: duration)))
    if PlantedBug.isPlanted(.storeAddsNothing) { state.password = "" }
    return steps + apply(.answer(to: id, with: .failure(.timedOut)), at: now)
  }

  /// Saving the session failed: reported, and applied as `sessionSaveFailed`.
  package mutating func sessionSaveFailed(_ error: SessionStoreError, at now: Duration) -> [Step] {
    let action: LoginAction = faults.logsOutWhenASaveFails ? .logoutTapped : .sessionSaveFailed
    return [.event(.sessionNotSaved(error))] + apply(action, at: now)
  }

  /// Closes the store at `now`: a request in flight, of any kind, ends with `storeClosed`
  /// (the form comes back), every call and timer stops, and later actions are ignored.
  package mutating func close(at now: Duration) -> [Step] {
    guard !isClosed else { return [] }
    var steps: [Step] = []
    if !runner.requestsInFlight.isEmpty { steps += apply(.storeClosed, at: now) }
    let (commands, cancelled) = runner.stopAll(at: now)
    steps += commands.map(Step.run)
    steps += cancelled.map { .event(.effectCancelled($0.0, duration: $0.1)) }
    isClosed = true
    return steps
  }

  // MARK: Applying

  /// Runs `action` through the machine and the effects it emitted through the runner.
  private mutating func apply(_ action: LoginAction, at now: Duration) -> [Step] {
    let before = state
    let effects: [LoginEffect]
    if let reducer {
      (state, effects) = reducer(state, action)
    } else {
      effects = reduce(into: &state, action)
    }
    var steps: [Step] = [
      .transition(
        action: action, before: before, after: state, effects: effects, changed: state != before)
    ]
    for effect in effects { steps += run(effect.work, at: now) }
    return steps
  }

  /// What the runtime does for one effect.
  private mutating func run(_ work: EffectWork, at now: Duration) -> [Step] {
    switch work {
    case .start(let id, let request):
      var steps = stop(id, at: now)
      steps += runner.start(id, request, at: now).map(Step.run)
      steps.append(.event(.effectStarted(id)))
      return steps
    case .cancel(let id):
      return stop(id, at: now)
    case .deliver(let action, let delay, let timer):
      return runner.deliver(action, after: delay, under: timer).map(Step.run)
    case .cancelTimer(let timer):
      return runner.cancelDelivery(timer).map(Step.run)
    case .saveSession(let session):
      return [.saveSession(session)]
    case .clearSession:
      return [.clearSession]
    }
  }

  /// Cancels request `id` if it is in flight, reporting it.
  private mutating func stop(_ id: RequestID, at now: Duration) -> [Step] {
    let (commands, ranFor) = runner.cancel(id, at: now)
    guard let ranFor else { return [] }
    return commands.map(Step.run) + [.event(.effectCancelled(id, duration: ranFor))]
  }
}
