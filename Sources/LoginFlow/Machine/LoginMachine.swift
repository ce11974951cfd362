/// The login machine as a table: its phases, actions and conditions, ``reduce(into:_:)``,
/// and an example for every cell.
///
/// The list of cells is derived from the machine's own enums: ``TableMachine/cells`` crosses
/// every ``LoginPhase/Kind`` with every ``LoginAction/Kind`` and asks ``conditions(_:_:)``, a
/// `switch` with no `default`, which conditions that pair has. A new phase or action is a
/// compile error there until it is placed, and then shows up as a cell to cover: in
/// `login-replay --coverage`, in the state diagram, in `Docs/TransitionTable.md`'s test.
public enum LoginMachine: ScreenMachine {
  /// The login screen's state.
  public typealias State = LoginState
  /// What happens on the login screen.
  public typealias Action = LoginAction
  /// What the login machine asks its runtime to do.
  public typealias Effect = LoginEffect
  /// The login machine's phases, without their data.
  public typealias PhaseKind = LoginPhase.Kind
  /// The login machine's actions, without their data.
  public typealias ActionKind = LoginAction.Kind

  /// `login`.
  public static let name = "login"

  /// The state's phase, without its data.
  public static func phase(of state: LoginState) -> LoginPhase.Kind { state.phase.kind }

  /// The action's kind.
  public static func kind(of action: LoginAction) -> LoginAction.Kind { action.kind }

  /// The email field, as typed.
  public static let email = FormField<LoginState, LoginAction>(
    "email", read: \.email, change: LoginAction.emailChanged)
  /// The password field, a secret.
  public static let password = FormField<LoginState, LoginAction>(
    "password", isSecret: true, read: \.password, change: LoginAction.passwordChanged)

  /// The screen's fields: email, then password, then the code step's, which change the step
  /// while it is shown and nothing elsewhere.
  public static let fields =
    [email, password]
    + SecondFactorMachine.fields.map {
      $0.lifted(from: \.secondFactor, as: LoginAction.secondFactor)
    }

  /// The show/hide password toggle.
  public static let togglePassword = FormButton(
    "toggle-password", sends: LoginAction.passwordVisibilityToggled)
  /// Log In (or Try Again).
  public static let submit = FormButton("submit", sends: LoginAction.submitTapped)
  /// Cancel the request in flight, or dismiss the error shown.
  public static let cancel = FormButton("cancel", sends: LoginAction.cancelTapped)
  /// Log Out.
  public static let logout = FormButton("logout", sends: LoginAction.logoutTapped)
  /// Start over, from any phase.
  public static let reset = FormButton("reset", sends: LoginAction.reset)
  /// "Sign in with a browser": device login.
  public static let deviceLogin = FormButton("device-login", sends: LoginAction.deviceLoginTapped)

  /// The screen's buttons: the show/hide toggle, Log In, Cancel, Log Out, starting over,
  /// "Sign in with a browser", and the code step's. The device step's Cancel is Cancel.
  public static let buttons =
    [togglePassword, submit, cancel, logout, reset, deviceLogin]
    + SecondFactorMachine.buttons.map { $0.lifted(as: LoginAction.secondFactor) }

  /// LoginFlow's ``reduce(into:_:)``.
  public static func reduce(into state: inout LoginState, _ action: LoginAction) -> [LoginEffect] {
    LoginFlow.reduce(into: &state, action)
  }

  /// What the table's "when" column distinguishes.
  public enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The pair has one row.
    case always
    /// A field change that fits the field's maximum.
    case withinLimit
    /// A field change longer than the field's maximum, which is cut.
    case overLimit
    /// A submit with a valid email and password.
    case formValid
    /// A submit with an invalid email or password.
    case formInvalid
    /// A submit with a valid form while a throttle holds requests.
    case throttled
    /// An arrival of the throttle's clock while the throttle runs (for a tick, with more
    /// than a second left: in its last second only the end ends it).
    case throttleRunning
    /// An arrival of the throttle's clock after it ended (for a tick, or in its last second).
    case noThrottle
    /// An answer while no request is in flight: every attempt is stale.
    case anyAttempt
    /// The answer to the request in flight: a session (`nil`) or an error.
    case currentAttempt(AuthError?)
    /// An answer to a request other than the one in flight.
    case staleAttempt
    /// A restored session that has not expired at the time given with it.
    case unexpired
    /// A restored session whose expiry has passed at the time given with it.
    case expired
    /// A session read while logged in with a login that was saved: it is that login's.
    case loginRemembered
    /// A session read while logged in with a login whose save failed: an earlier one.
    case loginNotRemembered
    /// The server's request for a code, in answer to the attempt in flight.
    case codeRequired
    /// A code step action after which the step goes on, or ends as `outcome` says.
    case codeStep(SecondFactorEnd?)
    /// A code step answer that is a refusal: the step goes on, and the throttle starts.
    case codeStepRefused
    /// Device login's codes, in answer to the attempt in flight.
    case deviceCodes
    /// A device step action after which the step goes on, or ends as `outcome` says.
    case deviceStep(DeviceLoginEnd?)

    /// The condition as the table writes it: `form valid`, `current attempt, timedOut`, ….
    public var description: String {
      switch self {
      case .always: "always"
      case .withinLimit: "within limit"
      case .overLimit: "over limit"
      case .formValid: "form valid"
      case .formInvalid: "form invalid"
      case .throttled: "form valid, throttled"
      case .throttleRunning: "throttle running"
      case .noThrottle: "no throttle"
      case .anyAttempt: "any attempt"
      case .currentAttempt(.none): "current attempt, success"
      case .currentAttempt(.some(let error)): "current attempt, \(error.name)"
      case .staleAttempt: "stale attempt"
      case .unexpired: "unexpired"
      case .expired: "expired"
      case .loginRemembered: "login remembered"
      case .loginNotRemembered: "login not remembered"
      case .codeRequired: "current attempt"
      case .codeStep(.none): "step goes on"
      case .codeStep(.some(let end)): "step ends, \(end.rawValue)"
      case .codeStepRefused: "step goes on, refused"
      case .deviceCodes: "current attempt"
      case .deviceStep(.none): "step goes on"
      case .deviceStep(.some(let end)): "step ends, \(end.rawValue)"
      }
    }
  }

  /// The code step's action that `action` is forwarded as while the step is shown: its own
  /// actions, and the store closing; `nil` for the rest.
  public static func secondFactorAction(forwarding action: LoginAction) -> SecondFactorAction? {
    switch action {
    case .secondFactor(let action): action
    case .storeClosed: .storeClosed
    case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
      .cancelTapped, .logoutTapped, .reset, .authResponse, .secondFactorRequired,
      .sessionRestored, .sessionSaveFailed, .throttleTicked, .throttleEnded, .deviceLoginTapped,
      .deviceLoginStarted, .deviceLogin:
      nil
    }
  }

  /// The device step's action that `action` is forwarded as while the step is shown: its
  /// own actions, Cancel, starting over (which cancels it) and the store closing; `nil` for
  /// the rest.
  public static func deviceLoginAction(forwarding action: LoginAction) -> DeviceLoginAction? {
    switch action {
    case .deviceLogin(let action): action
    case .cancelTapped, .reset: .cancelTapped
    case .storeClosed: .storeClosed
    case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
      .logoutTapped, .authResponse, .secondFactorRequired, .secondFactor, .sessionRestored,
      .sessionSaveFailed, .throttleTicked, .throttleEnded, .deviceLoginTapped,
      .deviceLoginStarted:
      nil
    }
  }

  /// The conditions the table distinguishes for `action` in `phase`.
  public static func conditions(
    _ phase: LoginPhase.Kind, _ action: LoginAction.Kind
  ) -> [Condition] {
    let editable: Bool
    switch phase {
    case .idle, .editing, .failed: editable = true
    case .submitting, .succeeded, .secondFactor, .device: editable = false
    }
    switch action {
    case .emailChanged, .passwordChanged:
      return editable ? [.withinLimit, .overLimit] : [.always]
    case .submitTapped:
      return editable ? [.formValid, .formInvalid, .throttled] : [.always]
    case .throttleTicked, .throttleEnded:
      return [.throttleRunning, .noThrottle]
    case .passwordVisibilityToggled, .cancelTapped, .logoutTapped, .reset, .storeClosed,
      .sessionSaveFailed:
      return [.always]
    case .sessionRestored:
      switch phase {
      case .idle: return [.unexpired, .expired]
      case .succeeded: return [.loginRemembered, .loginNotRemembered]
      case .editing, .submitting, .failed, .secondFactor, .device: return [.always]
      }
    case .secondFactorRequired:
      switch phase {
      case .submitting: return [.codeRequired, .staleAttempt]
      case .idle, .editing, .succeeded, .failed, .secondFactor, .device: return [.anyAttempt]
      }
    case .deviceLoginTapped:
      return editable ? [.noThrottle, .throttleRunning] : [.always]
    case .deviceLoginStarted:
      switch phase {
      case .submitting: return [.deviceCodes, .staleAttempt]
      case .idle, .editing, .succeeded, .failed, .secondFactor, .device: return [.anyAttempt]
      }
    case .deviceLogin:
      switch phase {
      case .device: return [.deviceStep(nil)] + DeviceLoginEnd.allCases.map(Condition.deviceStep)
      case .idle, .editing, .submitting, .succeeded, .failed, .secondFactor: return [.always]
      }
    case .secondFactor:
      switch phase {
      case .secondFactor:
        return [.codeStep(nil), .codeStepRefused]
          + [.signedIn, .abandoned, .failed].map(Condition.codeStep)
      case .idle, .editing, .submitting, .succeeded, .failed, .device: return [.always]
      }
    case .authResponse:
      switch phase {
      case .submitting:
        return [.currentAttempt(nil)] + AuthError.allCases.map(Condition.currentAttempt)
          + [.staleAttempt]
      case .idle, .editing, .succeeded, .failed, .secondFactor, .device:
        return [.anyAttempt]
      }
    }
  }

  /// How a device step action ends the step, as the table tells the ends apart.
  public enum DeviceLoginEnd: String, CaseIterable, Hashable, Sendable {
    /// The user approved in the browser.
    case signedIn = "signed in"
    /// The user pressed Cancel.
    case cancelled
    /// The user denied in the browser.
    case denied
    /// The codes expired.
    case expired
    /// A poll failed in a way polling again cannot mend.
    case failed

    /// How the step's `outcome` is written in the table.
    init(_ outcome: DeviceLoginMachine.Outcome) {
      switch outcome {
      case .signedIn: self = .signedIn
      case .cancelled: self = .cancelled
      case .failed(.denied): self = .denied
      case .failed(.expired): self = .expired
      case .failed(.failed): self = .failed
      }
    }
  }

  /// How a code step action ends the step, as the table tells the ends apart.
  public enum SecondFactorEnd: String, Hashable, Sendable {
    /// The code was accepted.
    case signedIn = "signed in"
    /// The user went back.
    case abandoned
    /// Too many codes were rejected.
    case failed
  }

  /// The condition `action` meets when it arrives in `state`.
  public static func condition(of action: LoginAction, in state: LoginState) -> Condition {
    let phase = state.phase.kind
    let conditions = Self.conditions(phase, action.kind)
    let condition: Condition
    switch action {
    case .emailChanged(let text):
      condition = Self.limit(text, LoginState.maximumEmailLength, among: conditions)
    case .passwordChanged(let text):
      condition = Self.limit(text, LoginState.maximumPasswordLength, among: conditions)
    case .submitTapped:
      let valid = state.isEmailValid && state.isPasswordValid
      if conditions == [.always] {
        condition = .always
      } else if valid {
        condition = state.isThrottled ? .throttled : .formValid
      } else {
        condition = .formInvalid
      }
    case .throttleTicked:
      condition = (state.retrySecondsLeft ?? 0) > 1 ? .throttleRunning : .noThrottle
    case .throttleEnded:
      condition = state.isThrottled ? .throttleRunning : .noThrottle
    case .passwordVisibilityToggled, .cancelTapped, .logoutTapped, .reset, .storeClosed,
      .sessionSaveFailed:
      condition = .always
    case .sessionRestored(let session, let now):
      switch phase {
      case .idle: condition = session.isExpired(at: now) ? .expired : .unexpired
      case .succeeded:
        condition = state.sessionNotRemembered ? .loginNotRemembered : .loginRemembered
      case .editing, .submitting, .failed, .secondFactor, .device: condition = .always
      }
    case .secondFactorRequired(let attempt, _):
      if phase != .submitting {
        condition = .anyAttempt
      } else {
        condition = attempt == state.attempt ? .codeRequired : .staleAttempt
      }
    case .secondFactor(let action):
      guard var child = state.secondFactor else {
        condition = .always
        break
      }
      let refused = action.refusal(answering: child) != nil
      switch SecondFactorMachine.step(&child, action).outcome {
      case nil: condition = refused ? .codeStepRefused : .codeStep(nil)
      case .signedIn: condition = .codeStep(.signedIn)
      case .abandoned: condition = .codeStep(.abandoned)
      case .failed: condition = .codeStep(.failed)
      }
    case .deviceLoginTapped:
      if conditions == [.always] {
        condition = .always
      } else {
        condition = state.isThrottled ? .throttleRunning : .noThrottle
      }
    case .deviceLoginStarted(let attempt, _):
      if phase != .submitting {
        condition = .anyAttempt
      } else {
        condition = attempt == state.attempt ? .deviceCodes : .staleAttempt
      }
    case .deviceLogin(let action):
      guard var child = state.deviceLogin else {
        condition = .always
        break
      }
      condition = .deviceStep(
        DeviceLoginMachine.step(&child, action).outcome.map(DeviceLoginEnd.init))
    case .authResponse(let attempt, let result):
      if phase != .submitting {
        condition = .anyAttempt
      } else if attempt != state.attempt {
        condition = .staleAttempt
      } else {
        switch result {
        case .success: condition = .currentAttempt(nil)
        case .failure(let error): condition = .currentAttempt(error.withoutDetails)
        }
      }
    }
    return condition
  }

  /// `withinLimit` or `overLimit` for a change to `text`, or `always` where the pair has one
  /// row. Counting stops one past the maximum, so a huge text costs no more than a full one.
  private static func limit(
    _ text: String, _ maximum: Int, among conditions: [Condition]
  ) -> Condition {
    guard conditions != [.always] else { return .always }
    return Validation.exceeds(text, length: maximum) ? .overLimit : .withinLimit
  }

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

/// A cell of the login machine's transition table (see ``LoginMachine``).
public typealias TransitionCell = TableCell<LoginMachine>

extension AuthError {
  /// The error as ``allCases`` lists it: `rateLimited` without its retry delay.
  var withoutDetails: AuthError {
    switch self {
    case .rateLimited: .rateLimited(retryAfter: nil)
    case .invalidCredentials, .networkUnavailable, .serverError, .timedOut, .accountLocked,
      .unexpected, .tooManyCodes, .deviceDenied, .deviceCodeExpired:
      self
    }
  }
}
