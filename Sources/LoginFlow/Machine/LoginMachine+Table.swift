extension LoginMachine {
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

}
