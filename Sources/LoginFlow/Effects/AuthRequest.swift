/// What one request asks the auth service, as data: the runtime hands it to the service and
/// turns the answer into the action the request names (``LoginAction/answer(to:with:)``).
///
/// Its textual forms never show the password.
public enum AuthRequest: Equatable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// Log in with these credentials.
  case authenticate(Credentials)
  /// Check `code` for the challenge whose id is `challenge`.
  case verifyCode(challenge: String, code: String)
  /// Send a new code for the challenge whose id is `challenge`.
  case resendCode(challenge: String)
  /// A request for device login's codes (RFC 8628 §3.1). It is a login attempt: it is
  /// cancelled, timed out and answered as one.
  case authorizeDevice
  /// A poll of the token endpoint with device login's secret code (RFC 8628 §3.4).
  case pollDevice(deviceCode: String)

  /// The kind of request, which its ``RequestID`` carries too.
  public var kind: RequestKind {
    switch self {
    case .authenticate: .authenticate
    case .verifyCode: .verifyCode
    case .resendCode: .resendCode
    case .authorizeDevice: .authenticate
    case .pollDevice: .pollDevice
    }
  }

  /// `authenticate(Credentials(email: "…", password: <redacted>))`.
  public var description: String {
    switch self {
    case .authenticate(let credentials): "authenticate(\(credentials))"
    case .verifyCode(_, let code):
      "verifyCode(challenge: \(Redacted.placeholder), code: \(Redacted.length(of: code)))"
    case .resendCode: "resendCode(challenge: \(Redacted.placeholder))"
    case .authorizeDevice: "authorizeDevice"
    case .pollDevice: "pollDevice(deviceCode: \(Redacted.placeholder))"
    }
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror that shows the redacted description only.
  public var customMirror: Mirror { Mirror(self, children: ["request": description]) }
}

/// What the auth service answers a request, when it does not fail with an ``AuthError``.
///
/// Its textual forms never show a token.
public enum AuthAnswer: Equatable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The user is signed in with this session.
  case session(AuthSession)
  /// A login's answer: the password was right, and a one-time code is needed.
  case secondFactorRequired(SecondFactorChallenge)
  /// A check's answer: the code is wrong.
  case codeRejected
  /// A check's answer: the code expired.
  case codeExpired
  /// A resend's answer: a new code was sent.
  case codeSent(CodeRenewal)
  /// Device login's codes, in answer to ``AuthRequest/authorizeDevice``.
  case deviceAuthorization(DeviceAuthorization)
  /// The answer to a poll of device login's token endpoint that is not a session.
  case devicePoll(DeviceLoginAction.Poll)

  /// `session(AuthSession(token: <redacted>))`, `codeRejected`, ….
  public var description: String {
    switch self {
    case .session(let session): "session(\(session))"
    case .secondFactorRequired(let challenge): "secondFactorRequired(\(challenge))"
    case .codeRejected: "codeRejected"
    case .codeExpired: "codeExpired"
    case .codeSent(let renewal): "codeSent(\(renewal))"
    case .deviceAuthorization(let authorization): "deviceAuthorization(\(authorization))"
    case .devicePoll(let poll): "devicePoll(\(poll))"
    }
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror that shows the redacted description only.
  public var customMirror: Mirror { Mirror(self, children: ["answer": description]) }
}
