/// Something that happened on the login screen, or an answer to one of its requests.
///
/// Actions name events, not intentions: the reducer decides what each one means in the
/// current phase (see `Docs/TransitionTable.md`).
public enum LoginAction: Equatable, Sendable {
  /// The email field now holds this text; past ``LoginState/maximumEmailLength`` it is cut.
  case emailChanged(String)
  /// The password field now holds this text; past ``LoginState/maximumPasswordLength`` it is
  /// cut.
  case passwordChanged(String)
  /// The show/hide password button was tapped.
  case passwordVisibilityToggled
  /// The Log In (or Try Again) button was tapped.
  case submitTapped
  /// The user cancelled the request in flight, or dismissed the error shown.
  case cancelTapped
  /// The user logged out after a successful login.
  case logoutTapped
  /// The user asked to start over: the screen returns to its first state from any phase,
  /// and a request in flight is cancelled.
  case reset
  /// Auth request `attempt` finished with this result.
  indirect case authResponse(attempt: Int, Result<AuthSession, AuthError>)
  /// Auth request `attempt` found the email and password right, and the server asks for a
  /// one-time code.
  indirect case secondFactorRequired(attempt: Int, SecondFactorChallenge)
  /// Something happened in the code step.
  indirect case secondFactor(SecondFactorAction)
  /// The store was closed while this screen was submitting: the request in flight ends
  /// without an answer and the form is editable again. The store sends it from `close()`,
  /// so that a view bound to a closed store never shows a spinner that cannot stop.
  case storeClosed
  /// At launch, the session an earlier launch remembered; `now` is the wall-clock time the
  /// runtime read, so that the reducer decides whether it expired without reading a clock.
  /// Boxed, like an answer, so that a keystroke's action stays small.
  indirect case sessionRestored(StoredSession, now: Timestamp)
  /// Saving the session for the next launch failed: the user stays logged in for this launch
  /// only, and the screen says so.
  case sessionSaveFailed
  /// A second of the throttle passed: the store sends it while a throttle's countdown shows,
  /// each time the whole seconds shown change.
  case throttleTicked
  /// The throttle's deadline arrived: requests may be sent again.
  case throttleEnded
  /// "Sign in with a browser" was tapped: device login (RFC 8628) starts.
  case deviceLoginTapped
  /// Request `attempt`, for device login's codes, got them.
  indirect case deviceLoginStarted(attempt: Int, DeviceAuthorization)
  /// Something happened in the device login step.
  indirect case deviceLogin(DeviceLoginAction)

  /// The action without its associated data, for tables, tests and output; the raw value is
  /// the case's name, as `Docs/TransitionTable.md` writes it.
  public enum Kind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// A new text in the email field, whatever it is.
    case emailChanged
    /// A new text in the password field, whatever it is.
    case passwordChanged
    /// A tap on the show/hide password button.
    case passwordVisibilityToggled
    /// A tap on Log In or Try Again.
    case submitTapped
    /// A cancel of the request in flight, or a dismissal of the error shown.
    case cancelTapped
    /// A logout.
    case logoutTapped
    /// A return to the first screen.
    case reset
    /// The end of an auth request, successful or not, for any attempt.
    case authResponse
    /// A request for a one-time code in answer to an auth request, for any attempt.
    case secondFactorRequired
    /// An action of the code step.
    case secondFactor
    /// The store closing while a request is in flight.
    case storeClosed
    /// A remembered session read at launch, expired or not.
    case sessionRestored
    /// A failure to remember the session for the next launch.
    case sessionSaveFailed
    /// A second of the throttle's countdown.
    case throttleTicked
    /// The throttle's deadline.
    case throttleEnded
    /// ``LoginAction/deviceLoginTapped``.
    case deviceLoginTapped
    /// ``LoginAction/deviceLoginStarted(attempt:_:)``.
    case deviceLoginStarted
    /// ``LoginAction/deviceLogin(_:)``.
    case deviceLogin
  }

  /// The action that brings the answer to request `id` back to the machine: how the
  /// runtime feeds back every answer, the timeout's `failure(timedOut)` included.
  ///
  /// An answer that does not fit its request (a service answering a login with something
  /// only another kind of request gets) is `failure(unexpected)`.
  public static func answer(
    to id: RequestID, with result: Result<AuthAnswer, AuthError>
  ) -> LoginAction {
    let number = id.number
    switch id.kind {
    case .authenticate:
      switch result {
      case .success(.session(let session)): return .authResponse(attempt: number, .success(session))
      case .success(.secondFactorRequired(let challenge)):
        return .secondFactorRequired(attempt: number, challenge)
      case .success(.deviceAuthorization(let authorization)):
        return .deviceLoginStarted(attempt: number, authorization)
      case .success(.codeRejected), .success(.codeExpired), .success(.codeSent),
        .success(.devicePoll):
        return .authResponse(attempt: number, .failure(.unexpected))
      case .failure(let error): return .authResponse(attempt: number, .failure(error))
      }
    case .verifyCode:
      let check: SecondFactorAction.CodeCheck
      switch result {
      case .success(.session(let session)): check = .accepted(session)
      case .success(.codeRejected): check = .rejected
      case .success(.codeExpired): check = .expired
      case .success(.secondFactorRequired), .success(.codeSent), .success(.deviceAuthorization),
        .success(.devicePoll):
        check = .failed(.unexpected)
      case .failure(let error): check = .failed(error)
      }
      return .secondFactor(.verifyAnswer(request: number, check))
    case .resendCode:
      switch result {
      case .success(.codeSent(let renewal)):
        return .secondFactor(.resendAnswer(request: number, .success(renewal)))
      case .success(.session), .success(.secondFactorRequired), .success(.codeRejected),
        .success(.codeExpired), .success(.deviceAuthorization), .success(.devicePoll):
        return .secondFactor(.resendAnswer(request: number, .failure(.unexpected)))
      case .failure(let error):
        return .secondFactor(.resendAnswer(request: number, .failure(error)))
      }
    case .pollDevice:
      let poll: DeviceLoginAction.Poll
      switch result {
      case .success(.devicePoll(let answer)): poll = answer
      case .success(.session(let session)): poll = .approved(session)
      case .success(.secondFactorRequired), .success(.codeRejected), .success(.codeExpired),
        .success(.codeSent), .success(.deviceAuthorization):
        poll = .failed(.unexpected)
      case .failure(let error): poll = .failed(error)
      }
      return .deviceLogin(.pollAnswer(request: number, poll))
    }
  }

  /// The request this action answers, for an answer fed back by the runtime; `nil` for
  /// every other action.
  public var answeredRequest: RequestID? {
    switch self {
    case .authResponse(let attempt, _), .secondFactorRequired(let attempt, _):
      .authenticate(attempt)
    case .secondFactor(let action): action.answeredRequest
    case .deviceLoginStarted(let attempt, _): .authenticate(attempt)
    case .deviceLogin(.pollAnswer(let request, _)): RequestID(.pollDevice, request)
    case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
      .cancelTapped, .logoutTapped, .reset, .storeClosed, .sessionRestored, .sessionSaveFailed,
      .throttleTicked, .throttleEnded, .deviceLoginTapped, .deviceLogin:
      nil
    }
  }

  /// The action without its associated data.
  public var kind: Kind {
    switch self {
    case .emailChanged: .emailChanged
    case .passwordChanged: .passwordChanged
    case .passwordVisibilityToggled: .passwordVisibilityToggled
    case .submitTapped: .submitTapped
    case .cancelTapped: .cancelTapped
    case .logoutTapped: .logoutTapped
    case .reset: .reset
    case .authResponse: .authResponse
    case .secondFactorRequired: .secondFactorRequired
    case .secondFactor: .secondFactor
    case .storeClosed: .storeClosed
    case .sessionRestored: .sessionRestored
    case .sessionSaveFailed: .sessionSaveFailed
    case .throttleTicked: .throttleTicked
    case .throttleEnded: .throttleEnded
    case .deviceLoginTapped: .deviceLoginTapped
    case .deviceLoginStarted: .deviceLoginStarted
    case .deviceLogin: .deviceLogin
    }
  }
}

extension LoginAction: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// A redacted description: a new password shows only its length, a session never its tokens.
  public var description: String {
    switch self {
    case .emailChanged(let email): "emailChanged(\(String(reflecting: email)))"
    case .passwordChanged(let password): "passwordChanged(\(Redacted.length(of: password)))"
    case .passwordVisibilityToggled: "passwordVisibilityToggled"
    case .submitTapped: "submitTapped"
    case .cancelTapped: "cancelTapped"
    case .logoutTapped: "logoutTapped"
    case .reset: "reset"
    case .storeClosed: "storeClosed"
    case .authResponse(let attempt, .success(let session)):
      "authResponse(\(attempt), success(\(session)))"
    case .authResponse(let attempt, .failure(let error)):
      "authResponse(\(attempt), failure(\(error)))"
    case .sessionRestored(let session, let now): "sessionRestored(\(session), now: \(now))"
    case .sessionSaveFailed: "sessionSaveFailed"
    case .throttleTicked: "throttleTicked"
    case .throttleEnded: "throttleEnded"
    case .secondFactorRequired(let attempt, let challenge):
      "secondFactorRequired(\(attempt), \(challenge))"
    case .secondFactor(let action): "secondFactor(\(action))"
    case .deviceLoginTapped: "deviceLoginTapped"
    case .deviceLoginStarted(let attempt, let authorization):
      "deviceLoginStarted(\(attempt), \(authorization))"
    case .deviceLogin(let action): "deviceLogin(\(action))"
    }
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a password either.
  public var debugDescription: String { description }

  /// A mirror that replaces a password with a placeholder.
  public var customMirror: Mirror {
    switch self {
    case .emailChanged(let email):
      Mirror(self, children: ["email": email], displayStyle: .enum)
    case .passwordChanged:
      Mirror(self, children: ["password": Redacted.placeholder], displayStyle: .enum)
    case .passwordVisibilityToggled, .submitTapped, .cancelTapped, .logoutTapped, .reset,
      .storeClosed, .sessionSaveFailed, .throttleTicked, .throttleEnded, .deviceLoginTapped:
      Mirror(self, children: [], displayStyle: .enum)
    case .authResponse(let attempt, .success(let session)):
      Mirror(self, children: ["attempt": attempt, "session": session], displayStyle: .enum)
    case .authResponse(let attempt, .failure(let error)):
      Mirror(self, children: ["attempt": attempt, "error": error], displayStyle: .enum)
    case .sessionRestored(let session, let now):
      Mirror(self, children: ["session": session, "now": now], displayStyle: .enum)
    case .secondFactorRequired(let attempt, let challenge):
      Mirror(self, children: ["attempt": attempt, "challenge": challenge], displayStyle: .enum)
    case .secondFactor(let action):
      Mirror(self, children: ["action": action], displayStyle: .enum)
    case .deviceLoginStarted(let attempt, let authorization):
      Mirror(
        self, children: ["attempt": attempt, "authorization": authorization], displayStyle: .enum)
    case .deviceLogin(let action):
      Mirror(self, children: ["action": action], displayStyle: .enum)
    }
  }
}
