import LoginFlow

/// The demo backend: accepts `demo@example.com` (any letter case) with
/// `Password123!`, rejects everything else with ``/LoginFlow/AuthError/invalidCredentials``, and
/// takes ``delay`` (1.5 s) on the injected clock either way, unless created with another delay.
///
/// It lets the app, `login-replay` and the docs run without a server. The token it returns is
/// a fixed fake string, worthless outside this demo.
public struct DemoAuthService: AuthService {
  /// `true`: the demo approves its device login at the first poll.
  public var offersDeviceLogin: Bool { true }

  /// The only email the demo accepts (compared without regard to letter case).
  public static let email = "demo@example.com"
  /// The only password the demo accepts, exactly.
  public static let password = "Password123!"
  /// How long every answer takes on the clock unless the initializer is given another delay.
  public static let delay = Duration.milliseconds(1500)
  /// The fake token of every demo session.
  public static let token = "demo-token-not-a-real-secret"

  /// How long this service's answers take on its clock; ``delay`` by default.
  public let answerDelay: Duration
  private let sleep: @Sendable (Duration) async throws -> Void

  /// Creates the demo service; it waits `delay` on `clock`, a ``VirtualClock`` in tests and
  /// replays. A zero or negative delay answers at once.
  public init(clock: some Clock<Duration> = ContinuousClock(), delay: Duration = Self.delay) {
    answerDelay = delay
    sleep = { try await clock.sleep(until: clock.now.advanced(by: $0), tolerance: nil) }
  }

  /// Answers after ``answerDelay``: a session for the demo account, `invalidCredentials`
  /// otherwise; the account that asks for a code is `unexpected` here, since only
  /// ``perform(_:)`` can answer with a challenge.
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    switch try await perform(.authenticate(credentials)) {
    case .session(let session): return session
    case .secondFactorRequired, .codeRejected, .codeExpired, .codeSent, .deviceAuthorization,
      .devicePoll:
      throw .unexpected
    }
  }

  /// Answers after ``answerDelay``, as ``answer(to:)-(AuthRequest)`` says: the second-factor
  /// account asks for a code, and the code step's checks and resends are answered too.
  ///
  /// When cancelled it stops waiting and throws ``/LoginFlow/AuthError/unexpected``, which the
  /// store never applies to a cancelled request.
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    do {
      try await sleep(answerDelay)
    } catch {
      throw .unexpected
    }
    return try Self.answer(to: request).get()
  }

  /// The demo's rule for every request, without the wait: ``secondFactorEmail`` with
  /// ``password`` asks for a six-digit authenticator code, of which ``acceptedCode`` is
  /// right; a resend always sends one; a login is ``answer(to:)-(Credentials)``'s.
  public static func answer(to request: AuthRequest) -> Result<AuthAnswer, AuthError> {
    switch request {
    case .authenticate(let credentials):
      if credentials.password == password, credentials.email.lowercased() == secondFactorEmail {
        return .success(.secondFactorRequired(SecondFactorChallenge(id: challengeID)))
      }
      return answer(to: credentials).map(AuthAnswer.session)
    case .verifyCode(let challenge, let code):
      guard challenge == challengeID else { return .failure(.unexpected) }
      return .success(code == acceptedCode ? .session(AuthSession(token: token)) : .codeRejected)
    case .resendCode(let challenge):
      guard challenge == challengeID else { return .failure(.unexpected) }
      return .success(.codeSent(CodeRenewal()))
    case .authorizeDevice:
      return .success(.deviceAuthorization(deviceAuthorization))
    case .pollDevice(let deviceCode):
      guard deviceCode == deviceAuthorization.deviceCode else { return .failure(.unexpected) }
      return .success(.session(AuthSession(token: token)))
    }
  }

  /// The demo's device login: its codes, approved at the first poll, one interval later.
  public static let deviceAuthorization = DeviceAuthorization(
    deviceCode: "demo-device-code-not-a-real-secret", userCode: "WDJBMJHT",
    verificationURI: "https://example.com/device", expiresIn: .seconds(900))

  /// The demo account that asks for a one-time code after its password.
  public static let secondFactorEmail = "2fa@example.com"
  /// The one code the demo accepts.
  public static let acceptedCode = "123456"
  /// The id of the demo's challenge, a fake worthless outside the demo.
  public static let challengeID = "demo-challenge-not-a-real-secret"

  /// The demo's rule, without the wait: a session for the demo account, otherwise
  /// `invalidCredentials`. Scripted services that model the demo backend use it too.
  public static func answer(to credentials: Credentials) -> Result<AuthSession, AuthError> {
    guard isDemoEmail(credentials.email), credentials.password == password else {
      return .failure(.invalidCredentials)
    }
    return .success(AuthSession(token: token))
  }

  /// Whether `text` is ``email`` in any letter case. An ASCII text is compared byte by byte,
  /// its capitals lowered (a replay asks at every request, and lowering a whole string makes
  /// a new one); any other text is lowered as Unicode says, which is what decides.
  static func isDemoEmail(_ text: String) -> Bool {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() == email }
    return text.utf8.elementsEqual(email.utf8) { byte, expected in
      let isCapital = byte &- UInt8(ascii: "A") < 26
      return (isCapital ? byte | 0x20 : byte) == expected
    }
  }
}
