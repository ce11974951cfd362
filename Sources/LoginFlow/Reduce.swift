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
  switch (state.phase, action) {
  // Typing: stored, cut to the field's maximum length (and the cut recorded), and it moves
  // the screen to editing (clearing a shown error).
  case (.idle, .emailChanged(let email)), (.editing, .emailChanged(let email)),
    (.failed, .emailChanged(let email)):
    (next.email, next.emailLimitReached) = Validation.cut(
      email, toLength: LoginState.maximumEmailLength)
    next.phase = .editing
    return (next, [])
  case (.idle, .passwordChanged(let password)), (.editing, .passwordChanged(let password)),
    (.failed, .passwordChanged(let password)):
    (next.password, next.passwordLimitReached) = Validation.cut(
      password, toLength: LoginState.maximumPasswordLength)
    next.phase = .editing
    return (next, [])
  // The form is locked while a request is in flight, and after success.
  case (.submitting, .emailChanged), (.submitting, .passwordChanged),
    (.succeeded, .emailChanged), (.succeeded, .passwordChanged):
    return (state, [])

  // The eye toggle works in every phase.
  case (.idle, .passwordVisibilityToggled), (.editing, .passwordVisibilityToggled),
    (.submitting, .passwordVisibilityToggled), (.succeeded, .passwordVisibilityToggled),
    (.failed, .passwordVisibilityToggled):
    next.isPasswordVisible.toggle()
    return (next, [])

  // Submitting starts the next attempt when the form allows it (a retry after a failure).
  case (.idle, .submitTapped), (.editing, .submitTapped), (.failed, .submitTapped):
    guard state.canSubmit else { return (state, []) }
    next.attempt = state.attempt + 1
    next.phase = .submitting
    return (next, [.authenticate(attempt: next.attempt, state.credentials)])
  // No second request while one is in flight, and nothing to submit after success.
  case (.submitting, .submitTapped), (.succeeded, .submitTapped):
    return (state, [])

  // Cancel stops the request in flight, or dismisses a shown error.
  case (.submitting, .cancelTapped):
    next.phase = .editing
    return (next, [.cancelAuthentication(attempt: state.attempt)])
  case (.failed, .cancelTapped):
    next.phase = .editing
    return (next, [])
  case (.idle, .cancelTapped), (.editing, .cancelTapped), (.succeeded, .cancelTapped):
    return (state, [])

  // Logging out is possible only when logged in, and forgets the remembered session.
  case (.succeeded, .logoutTapped):
    next.phase = .idle
    next.password = ""
    next.passwordLimitReached = false
    next.isPasswordVisible = false
    next.consecutiveInvalidCredentials = 0
    next.sessionNotRemembered = false
    return (next, [.clearSession])
  case (.idle, .logoutTapped), (.editing, .logoutTapped), (.submitting, .logoutTapped),
    (.failed, .logoutTapped):
    return (state, [])

  // Only the response to the attempt in flight is applied; any other is stale.
  case (.submitting, .authResponse(let attempt, let result)):
    guard attempt == state.attempt else { return (state, []) }
    switch result {
    case .success(let session):
      logIn(&next, session)
      return (next, [.saveSession(session)])
    case .failure(let error):
      next.phase = .failed(error)
      if error == .invalidCredentials { next.consecutiveInvalidCredentials += 1 }
      return (next, [])
    }
  case (.idle, .authResponse), (.editing, .authResponse), (.succeeded, .authResponse),
    (.failed, .authResponse):
    return (state, [])

  // A session remembered by an earlier launch logs in from the first screen only, and only
  // before it expires; an expired one is forgotten. Anywhere else the user has already
  // started, and the launch's session is ignored.
  case (.idle, .sessionRestored(let stored, let now)):
    guard !stored.isExpired(at: now) else { return (state, [.clearSession]) }
    logIn(&next, stored.session(at: now))
    return (next, [])
  case (.editing, .sessionRestored), (.submitting, .sessionRestored),
    (.succeeded, .sessionRestored), (.failed, .sessionRestored):
    return (state, [])

  // A session that could not be saved is still a login, for this launch only.
  case (.succeeded, .sessionSaveFailed):
    next.sessionNotRemembered = true
    return (next, [])
  case (.idle, .sessionSaveFailed), (.editing, .sessionSaveFailed),
    (.submitting, .sessionSaveFailed), (.failed, .sessionSaveFailed):
    return (state, [])
  }
}

/// Logs `state` in with `session`: the password leaves memory and the counter resets.
private func logIn(_ state: inout LoginState, _ session: AuthSession) {
  state.phase = .succeeded(session)
  state.password = ""
  state.passwordLimitReached = false
  state.consecutiveInvalidCredentials = 0
  state.sessionNotRemembered = false
}
