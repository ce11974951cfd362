/// The login machine: the next state and the effects to run, for a state and an action.
///
/// `reduce` is pure and total. It reads nothing but its arguments, changes nothing but its
/// result, and handles every (phase, action) pair of the transition table explicitly — a
/// new phase or action does not compile until its row is written. The table, in prose, is
/// `Docs/TransitionTable.md`; a test keeps the two in agreement.
///
/// ```swift
/// var state = LoginState()
/// (state, _) = reduce(state, .emailChanged("demo@example.com"))
/// (state, _) = reduce(state, .passwordChanged("Password123!"))
/// let (next, effects) = reduce(state, .submitTapped)
/// // next.phase == .submitting, next.attempt == 1
/// // effects == [.authenticate(attempt: 1, next.credentials)]
/// ```
///
/// - Parameters:
///   - state: The state before the action.
///   - action: What happened.
/// - Returns: The state after the action and the effects the runtime must run, in order.
public func reduce(
  _ state: LoginState, _ action: LoginAction
) -> (state: LoginState, effects: [LoginEffect]) {
  var next = state
  let effects = reduce(into: &next, action)
  return (next, effects)
}

/// ``reduce(_:_:)`` in place: changes `state` to the state after `action` and returns the
/// effects to run, in order.
///
/// The same machine without copying the state, for a runtime that owns its state (the store,
/// a view model).
///
/// ```swift
/// var state = LoginState()
/// _ = reduce(into: &state, .emailChanged("demo@example.com"))
/// ```
public func reduce(into state: inout LoginState, _ action: LoginAction) -> [LoginEffect] {
  // Action first, then phase: every (phase, action) pair is named below.
  switch action {
  // Typing: stored, cut to the field's maximum length (and the cut recorded), and it moves
  // the screen to editing (clearing a shown error). The form is locked while a request is
  // in flight, and after success.
  case .emailChanged(let email):
    switch state.phase {
    case .idle, .editing, .failed:
      (state.email, state.emailLimitReached) = Validation.cut(
        email, toLength: LoginState.maximumEmailLength)
      state.startEditing()
    case .submitting, .succeeded, .secondFactor, .device: break
    }
    return []
  case .passwordChanged(let password):
    switch state.phase {
    case .idle, .editing, .failed:
      (state.password, state.passwordLimitReached) = Validation.cut(
        password, toLength: LoginState.maximumPasswordLength)
      state.startEditing()
    case .submitting, .succeeded, .secondFactor, .device: break
    }
    return []

  // The eye toggle works in every phase.
  case .passwordVisibilityToggled:
    switch state.phase {
    case .idle, .editing, .submitting, .succeeded, .failed, .secondFactor, .device:
      state.isPasswordVisible.toggle()
    }
    return []

  // Submitting starts the next attempt when the form allows it (a retry after a failure).
  // No second request while one is in flight, and nothing to submit after success.
  case .submitTapped:
    switch state.phase {
    case .idle, .editing, .failed:
      guard state.canSubmit || state.plantedSubmitWhileThrottled else { return [] }
      state.attempt += 1
      state.phase = .submitting
      return [.authenticate(attempt: state.attempt, state.credentials)]
    case .submitting, .succeeded, .secondFactor, .device:
      return []
    }

  // Cancel stops the request in flight, or dismisses a shown error.
  case .cancelTapped:
    switch state.phase {
    case .submitting:
      state.phase = .editing
      if PlantedBug.isPlanted(.oneRequestInFlight) { return [] }
      return [.cancelAuthentication(attempt: state.attempt)]
    case .failed(let error):
      state.phase = .editing
      return state.plantedRearm(dismissing: error)
    case .device:
      return state.forwardToDeviceLogin(.cancelTapped)
    case .idle, .editing, .succeeded, .secondFactor:
      return []
    }

  // Logging out is possible only when logged in, and forgets the remembered session.
  case .logoutTapped:
    switch state.phase {
    case .succeeded:
      state.phase = .idle
      state.password = ""
      state.passwordLimitReached = false
      state.isPasswordVisible = false
      state.consecutiveInvalidCredentials = 0
      state.sessionNotRemembered = false
      if PlantedBug.isPlanted(.rememberedExactlyWhileLoggedIn) { return [] }
      return [.clearSession]
    case .idle, .editing, .submitting, .failed, .secondFactor, .device:
      return []
    }

  // Starting over returns the screen to its first state from any phase, cancelling the
  // request in flight; a throttle runs on. Attempt ids only grow: a late answer to a
  // cancelled request can never pass for the answer to a later one. Starting over after success logs the user out, so
  // the remembered session is forgotten too: the next launch must not restore a login the
  // screen no longer shows.
  case .reset:
    switch state.phase {
    case .submitting:
      let attempt = state.attempt
      state.startOver(after: attempt)
      return [.cancelAuthentication(attempt: attempt)]
    case .succeeded:
      state.startOver(after: state.attempt)
      return [.clearSession]
    case .secondFactor(var child):
      // As Back does: the code step's request and deadlines are taken back.
      let effects = SecondFactorMachine.step(&child, .backTapped).effects
      state.startOver(after: child.request)
      return effects.map(LoginEffect.secondFactor)
    case .device(var child):
      // As Cancel does: the poll in flight, the next poll and the countdown are taken back.
      let effects = DeviceLoginMachine.step(&child, .cancelTapped).effects
      state.startOver(after: child.request)
      return effects.map(LoginEffect.deviceLogin)
    case .idle, .editing, .failed:
      state.startOver(after: state.attempt)
      return []
    }

  // The store closing ends the request in flight and unlocks the form, as a cancel does;
  // anywhere else there is nothing to end.
  case .storeClosed:
    switch state.phase {
    case .submitting:
      state.phase = .editing
      return [.cancelAuthentication(attempt: state.attempt)]
    case .secondFactor:
      return state.forwardToSecondFactor(.storeClosed)
    case .device:
      return state.forwardToDeviceLogin(.storeClosed)
    case .idle, .editing, .succeeded, .failed:
      return []
    }

  // Only the response to the attempt in flight is applied; any other is stale. A login is
  // remembered for the next launch.
  case .authResponse(let attempt, let result):
    switch state.phase {
    case .submitting:
      guard attempt == state.attempt || PlantedBug.isPlanted(.staleAnswersChangeNothing) else {
        return []
      }
      switch result {
      case .success(let session):
        let password = state.password
        state.logIn(session)
        if PlantedBug.isPlanted(.sessionLeavesNoSecret) { state.password = password }
        return [.saveSession(session)]
      case .failure(let error):
        state.phase = .failed(error)
        if PlantedBug.isPlanted(.screenFollowsTheSpecification) { state.isPasswordVisible = false }
        if error == .invalidCredentials { state.consecutiveInvalidCredentials += 1 }
        return state.throttle(after: error)
      }
    case .idle, .editing, .succeeded, .failed, .secondFactor, .device:
      return []
    }

  // The password was right and the server asks for a one-time code: the code step starts,
  // and the password leaves memory, as on success. Its requests continue the attempts'
  // numbering.
  case .secondFactorRequired(let attempt, let challenge):
    switch state.phase {
    case .submitting:
      guard attempt == state.attempt else { return [] }
      let (child, effects) = SecondFactorMachine.start(challenge, after: state.attempt)
      state.phase = .secondFactor(child)
      state.holdTheCodeStep()
      state.password = ""
      state.passwordLimitReached = false
      return effects.map(LoginEffect.secondFactor)
    case .idle, .editing, .succeeded, .failed, .secondFactor, .device:
      return []
    }

  // "Sign in with a browser" asks for device login's codes, as a login attempt: the form
  // locks, Cancel takes the request back, and a failure shows as a login's does. A
  // throttle holds it as it holds Log In. The phase is kept, for Cancel to return to.
  case .deviceLoginTapped:
    switch state.phase {
    case .idle, .editing, .failed:
      guard !state.isThrottled else { return [] }
      state.phaseBeforeDeviceLogin = state.phase
      state.attempt += 1
      state.phase = .submitting
      return [.authorizeDevice(attempt: state.attempt)]
    case .submitting, .succeeded, .secondFactor, .device:
      return []
    }

  // The codes came: the device step starts, showing the user code, and polls continue the
  // attempts' numbering. The fields stay as they were, for Cancel.
  case .deviceLoginStarted(let attempt, let authorization):
    switch state.phase {
    case .submitting:
      guard attempt == state.attempt else { return [] }
      let (child, effects) = DeviceLoginMachine.start(authorization, after: state.attempt)
      state.phase = .device(child)
      return effects.map(LoginEffect.deviceLogin)
    case .idle, .editing, .succeeded, .failed, .secondFactor, .device:
      return []
    }

  // The device step's actions go to it while it is shown; anywhere else they are ignored.
  case .deviceLogin(let action):
    return state.forwardToDeviceLogin(action)

  // The code step's actions go to it while it is shown; anywhere else they are ignored, as
  // a late answer is.
  case .secondFactor(let action):
    return state.forwardToSecondFactor(action)

  // The throttle's clock, in every phase: a second passed, or the deadline came. Neither
  // does anything once the throttle is over, so a late arrival changes nothing; in its last
  // second a throttle ends only by its end.
  case .throttleTicked:
    guard (state.retrySecondsLeft ?? 0) > 1 || PlantedBug.isPlanted(.noTickWithoutCountdown)
    else { return [] }
    state.retryIn = max(Countdown.afterTick(state.retryIn), .zero)
    return state.throttleCountdown()
  case .throttleEnded:
    guard state.isThrottled else { return [] }
    state.retryIn = .zero
    state.holdTheCodeStep()
    return PlantedBug.isPlanted(.noTickWithoutCountdown)
      ? [.scheduleThrottleTick(after: .seconds(1))] : []

  // A session remembered by an earlier launch logs in from the first screen only, and only
  // before it expires; an expired one is forgotten. Read late, once the user has started,
  // the screen stays as it is and the session read (perhaps another account's) is
  // forgotten, so that the next launch cannot bring back what the user is replacing. Once
  // logged in, the session read is this login's, unless saving it failed: then it is an
  // earlier one, forgotten too.
  case .sessionRestored(let stored, let now):
    switch state.phase {
    case .idle:
      guard !stored.isExpired(at: now) else { return [.clearSession] }
      state.logIn(stored.session(at: now))
      return []
    case .editing, .submitting, .failed, .secondFactor, .device:
      return [.clearSession]
    case .succeeded:
      return state.sessionNotRemembered ? [.clearSession] : []
    }

  // A session that could not be saved is still a login, for this launch only.
  case .sessionSaveFailed:
    switch state.phase {
    case .succeeded:
      state.sessionNotRemembered = true
    case .idle, .editing, .submitting, .failed, .secondFactor, .device: break
    }
    return []
  }
}

extension LoginState {
  /// Where the login machine holds the code step.
  static let secondFactorScope = ChildScope<LoginState, SecondFactorMachine>(
    extract: { state in
      guard case .secondFactor(let child) = state.phase else { return nil }
      return child
    },
    embed: { state, child in state.phase = .secondFactor(child) })

  /// Runs `action` on the code step, when it is shown, and maps how it ends: a code accepted
  /// logs in (and is remembered), Back returns to the form, too many codes fail. The step's
  /// requests are the machine's attempts too, so ``attempt`` follows them.
  fileprivate mutating func forwardToSecondFactor(_ action: SecondFactorAction) -> [LoginEffect] {
    let refusal = secondFactor.flatMap { action.refusal(answering: $0) }
    guard let step = Self.secondFactorScope.forward(action, in: &self),
      case .secondFactor(let child) = phase
    else { return [] }
    attempt = child.request
    let effects = step.effects.map(LoginEffect.secondFactor)
    switch step.outcome {
    case nil:
      return effects + (refusal.map { throttle(after: $0) } ?? [])
    case .signedIn(let session):
      logIn(session)
      return effects + [.saveSession(session)]
    case .abandoned:
      phase = .editing
      return effects
    case .failed(let error):
      phase = .failed(error)
      return effects
    }
  }

  /// Where the login machine holds the device step.
  static let deviceLoginScope = ChildScope<LoginState, DeviceLoginMachine>(
    extract: { state in
      guard case .device(let child) = state.phase else { return nil }
      return child
    },
    embed: { state, child in state.phase = .device(child) })

  /// Runs `action` on the device step, when it is shown, and maps how it ends: approval
  /// logs in (and is remembered), Cancel returns to the form as it was, denial, expiry and
  /// a refused client fail with their message. Polls are the machine's attempts too.
  fileprivate mutating func forwardToDeviceLogin(_ action: DeviceLoginAction) -> [LoginEffect] {
    guard let step = Self.deviceLoginScope.forward(action, in: &self),
      case .device(let child) = phase
    else { return [] }
    attempt = child.request
    let effects = step.effects.map(LoginEffect.deviceLogin)
    switch step.outcome {
    case nil:
      return effects
    case .signedIn(let session):
      logIn(session)
      return effects + [.saveSession(session)]
    case .cancelled:
      phase = phaseBeforeDeviceLogin
      return effects
    case .failed(let error):
      phase = .failed(error.authError)
      return effects
    }
  }

  /// Starts the throttle a refusal asks for, when `error` is one: the later of the running
  /// throttle and the refusal's wait (``throttle(for:)``), with its countdown; nothing for
  /// any other error.
  fileprivate mutating func throttle(after error: AuthError) -> [LoginEffect] {
    guard case .rateLimited(let retryAfter) = error else { return [] }
    let wait = Self.throttle(for: retryAfter)
    guard wait > retryIn else { return [] }
    retryIn = wait
    holdTheCodeStep()
    return throttleCountdown()
  }

  /// The throttle's next arrival (``Countdown``): none once it is over.
  fileprivate func throttleCountdown() -> [LoginEffect] {
    if PlantedBug.isPlanted(.noTickWithoutCountdown), !isThrottled {
      return [.scheduleThrottleTick(after: .seconds(1))]
    }
    switch Countdown.next(from: retryIn) {
    case nil: return []
    case .tick(let delay):
      // The planted bug ends the throttle a second before its deadline.
      if PlantedBug.isPlanted(.throttleEndsOnceAtItsDeadline), retryIn <= .seconds(2) {
        return [.scheduleThrottleEnd(after: delay)]
      }
      return [.scheduleThrottleTick(after: delay)]
    case .end(let delay): return [.scheduleThrottleEnd(after: delay)]
    }
  }

  /// Keeps the code step's hold equal to the throttle, while the step shows.
  fileprivate mutating func holdTheCodeStep() {
    guard case .secondFactor(var child) = phase, child.isHeld != isThrottled else { return }
    child.isHeld = isThrottled
    phase = .secondFactor(child)
  }

  /// Returns to the first screen after request `attempt`, the throttle running on.
  fileprivate mutating func startOver(after attempt: Int) {
    self = LoginState(attempt: attempt, retryIn: retryIn)
  }

  /// Whether the planted bug of invariant 15 sends a login while throttled.
  fileprivate var plantedSubmitWhileThrottled: Bool {
    PlantedBug.isPlanted(.noRequestWhileThrottled) && isThrottled && isEmailValid
      && isPasswordValid
  }

  /// The planted bug of invariant 17: dismissing a refusal while its throttle runs starts
  /// the countdown again from the refusal's wait, so it goes up.
  fileprivate mutating func plantedRearm(dismissing error: AuthError) -> [LoginEffect] {
    guard case .rateLimited(let retryAfter) = error else { return [] }
    let wait = Self.throttle(for: retryAfter)
    guard PlantedBug.isPlanted(.countdownNeverGoesUp), isThrottled, wait > retryIn else {
      return []
    }
    retryIn = wait
    return throttleCountdown()
  }

  /// Moves to ``LoginPhase/editing``, clearing a shown error.
  fileprivate mutating func startEditing() {
    phase = .editing
  }

  /// Logs in with `session`: the password leaves memory, the counter resets, and a new
  /// session is not yet known to be unremembered.
  fileprivate mutating func logIn(_ session: AuthSession) {
    phase = .succeeded(session)
    password = ""
    passwordLimitReached = false
    consecutiveInvalidCredentials = 0
    sessionNotRemembered = false
  }
}
