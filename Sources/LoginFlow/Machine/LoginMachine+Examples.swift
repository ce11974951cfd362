extension LoginMachine {
  /// A state in the cell's phase that meets its condition, and an action in the cell: the
  /// demo account's form at attempt 1, with an answer for attempt 1 or, when stale, 2.
  public static func example(of cell: TransitionCell) -> (state: LoginState, action: LoginAction) {
    let attempt = 1
    var state = LoginState(email: "demo@example.com", password: "Password123!", attempt: attempt)
    let session = AuthSession(token: "example-token")
    switch cell.phase {
    case .idle: state.phase = .idle
    case .editing: state.phase = .editing
    case .submitting: state.phase = .submitting
    case .succeeded:
      state.phase = .succeeded(session)
      state.password = ""
    case .failed: state.phase = .failed(.serverError)
    case .secondFactor:
      state.password = ""
      state.phase = .secondFactor(
        SecondFactorMachine.start(SecondFactorMachine.exampleChallenge, after: attempt).state)
    case .device:
      state.phaseBeforeDeviceLogin = .editing
      state.phase = .device(
        DeviceLoginMachine.start(DeviceLoginMachine.exampleAuthorization, after: attempt).state)
    }
    let long = { (length: Int) in String(repeating: "a", count: length + 1) }
    let action: LoginAction
    switch cell.action {
    case .emailChanged:
      action = .emailChanged(
        cell.condition == .overLimit ? long(LoginState.maximumEmailLength) : "ada@example.com")
    case .passwordChanged:
      action = .passwordChanged(
        cell.condition == .overLimit ? long(LoginState.maximumPasswordLength) : "secret")
    case .passwordVisibilityToggled: action = .passwordVisibilityToggled
    case .submitTapped:
      if cell.condition == .formInvalid { state.email = "" }
      if cell.condition == .throttled { state.retryIn = .seconds(42) }
      action = .submitTapped
    case .throttleTicked, .throttleEnded:
      if cell.condition == .throttleRunning { state.retryIn = .seconds(42) }
      action = cell.action == .throttleTicked ? .throttleTicked : .throttleEnded
    case .cancelTapped: action = .cancelTapped
    case .logoutTapped: action = .logoutTapped
    case .reset: action = .reset
    case .storeClosed: action = .storeClosed
    case .sessionSaveFailed: action = .sessionSaveFailed
    case .sessionRestored:
      if cell.condition == .loginNotRemembered { state.sessionNotRemembered = true }
      // Restored a second after it was saved, with a day of life left, or at its expiry.
      let now = Timestamp(secondsSinceEpoch: 1)
      let life: Duration = cell.condition == .expired ? .zero : .seconds(86_400)
      action = .sessionRestored(
        StoredSession(token: session.token, expiresAt: now.advanced(by: life)), now: now)
    case .secondFactorRequired:
      let challenge = SecondFactorMachine.exampleChallenge
      action = .secondFactorRequired(
        attempt: cell.condition == .codeRequired ? attempt : attempt + 1, challenge)
    case .secondFactor:
      var child = state.secondFactor
      switch cell.condition {
      case .codeStep(.signedIn):
        child?.step = .checking
        action = .secondFactor(.verifyAnswer(request: attempt, .accepted(session)))
      case .codeStep(.abandoned):
        action = .secondFactor(.backTapped)
      case .codeStep(.failed):
        child?.step = .checking
        child?.rejectedCodes = SecondFactorState.maximumRejectedCodes - 1
        action = .secondFactor(.verifyAnswer(request: attempt, .rejected))
      case .codeStepRefused:
        child?.step = .checking
        action = .secondFactor(
          .verifyAnswer(request: attempt, .failed(.rateLimited(retryAfter: .seconds(42)))))
      case .codeStep(.none), .always, .withinLimit, .overLimit, .formValid, .formInvalid,
        .throttled, .throttleRunning, .noThrottle, .anyAttempt, .currentAttempt, .staleAttempt,
        .unexpired, .expired, .loginRemembered,
        .loginNotRemembered, .codeRequired, .deviceCodes, .deviceStep:
        action = .secondFactor(.codeChanged("12"))
      }
      if let child { state.phase = .secondFactor(child) }
    case .deviceLoginTapped:
      if cell.condition == .throttleRunning { state.retryIn = .seconds(42) }
      action = .deviceLoginTapped
    case .deviceLoginStarted:
      action = .deviceLoginStarted(
        attempt: cell.condition == .deviceCodes ? attempt : attempt + 1,
        DeviceLoginMachine.exampleAuthorization)
    case .deviceLogin:
      var child = state.deviceLogin
      let polling = { (poll: DeviceLoginAction.Poll) -> DeviceLoginAction in
        child?.step = .polling
        child?.request = attempt + 1
        return .pollAnswer(request: attempt + 1, poll)
      }
      let deviceAction: DeviceLoginAction
      switch cell.condition {
      case .deviceStep(.signedIn): deviceAction = polling(.approved(session))
      case .deviceStep(.cancelled): deviceAction = .cancelTapped
      case .deviceStep(.denied): deviceAction = polling(.denied)
      case .deviceStep(.expired): deviceAction = .codesExpired
      case .deviceStep(.failed): deviceAction = polling(.failed(.invalidCredentials))
      case .deviceStep(.none), .always, .withinLimit, .overLimit, .formValid, .formInvalid,
        .throttled, .throttleRunning, .noThrottle, .anyAttempt, .currentAttempt, .staleAttempt,
        .unexpired, .expired, .loginRemembered, .loginNotRemembered, .codeRequired, .codeStep,
        .codeStepRefused, .deviceCodes:
        deviceAction = .pollDue
      }
      if let child { state.phase = .device(child) }
      action = .deviceLogin(deviceAction)
    case .authResponse:
      switch cell.condition {
      case .currentAttempt(.none):
        action = .authResponse(attempt: attempt, .success(session))
      case .currentAttempt(.some(let error)):
        action = .authResponse(attempt: attempt, .failure(error))
      case .staleAttempt, .anyAttempt, .always, .withinLimit, .overLimit, .formValid,
        .formInvalid, .throttled, .throttleRunning, .noThrottle, .unexpired, .expired,
        .loginRemembered, .loginNotRemembered, .codeRequired, .codeStep, .codeStepRefused,
        .deviceCodes, .deviceStep:
        action = .authResponse(attempt: attempt + 1, .success(session))
      }
    }
    return (state, action)
  }
}
