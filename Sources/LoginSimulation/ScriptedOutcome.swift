import LoginFlow
import LoginRuntime

/// What the scripted server answers a request: a success, or one of the errors a service
/// may throw. A session's `respond OUTCOME` names one; so does each of the explorer's fates.
public enum ScriptedOutcome: Equatable, Hashable, Sendable {
  /// The request succeeds: a login or a check gets the demo session, a resend sends a code.
  case success
  /// The request fails with this error; `rate-limited` carries the wait it asks for, if any.
  case failure(AuthError)
  /// A login's answer: the password is right, and this challenge asks for a code.
  case secondFactor(SecondFactorChallenge)
  /// A check's answer: the code is right, and here is the demo session.
  case codeAccepted
  /// A check's answer: the code is wrong.
  case codeRejected
  /// A check's answer: the code expired.
  case codeExpired
  /// A resend's answer: a new code was sent.
  case codeSent
  /// Device login's codes, in answer to "Sign in with a browser".
  case deviceCode(DeviceAuthorization)
  /// A poll's `authorization_pending`.
  case pending
  /// A poll's `slow_down`.
  case slowDown
  /// A poll's `access_denied`.
  case denied
  /// A poll's `expired_token`.
  case expiredToken

  /// The challenge of `respond second-factor` without options: the demo's.
  public static let defaultChallenge = SecondFactorChallenge(id: DemoAuthService.challengeID)

  /// What a server may answer a login with, the code step apart: a success or an error
  /// (``AuthError/tooManyCodes`` is the code step's own conclusion, never an answer).
  public static let loginOutcomes: [ScriptedOutcome] =
    [.success]
    + AuthError.allCases.filter { !AuthError.conclusions.contains($0) }.map {
      .failure($0)
    }

  /// Every outcome, in the order session files list them.
  public static let allCases: [ScriptedOutcome] =
    loginOutcomes + [
      .secondFactor(defaultChallenge), .codeAccepted, .codeRejected, .codeExpired, .codeSent,
      .deviceCode(defaultDeviceCodes), .pending, .slowDown, .denied, .expiredToken,
    ]

  /// The codes of a bare `respond device-code`: the demo's.
  public static let defaultDeviceCodes = DemoAuthService.deviceAuthorization

  /// The outcome's word in session files: `success`, `invalid-credentials`, `timeout`, …
  public var name: String {
    switch self {
    case .success: "success"
    case .failure(let error): error.name
    case .secondFactor: "second-factor"
    case .codeAccepted: "code-accepted"
    case .codeRejected: "code-rejected"
    case .codeExpired: "code-expired"
    case .codeSent: "code-sent"
    case .deviceCode: "device-code"
    case .pending: "pending"
    case .slowDown: "slow-down"
    case .denied: "denied"
    case .expiredToken: "expired-token"
    }
  }

  /// The outcome whose word is `name`, or `nil`.
  public init?(name: String) {
    guard let outcome = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = outcome
  }

  /// The answer this outcome gives `request`. An outcome meant for another kind of request
  /// (a code rejected in answer to a login) is `unexpected`, as a confused server's answer
  /// would be.
  func answer(to request: AuthRequest) -> Result<AuthAnswer, AuthError> {
    answer(toRequestOf: request.kind)
  }

  /// The answer this outcome gives a request of `kind`: what it asks does not change it.
  package func answer(toRequestOf kind: RequestKind) -> Result<AuthAnswer, AuthError> {
    let session = AuthSession(token: DemoAuthService.token)
    switch (self, kind) {
    case (.failure(let error), _): return .failure(error)
    case (.success, .authenticate), (.codeAccepted, .verifyCode), (.success, .verifyCode):
      return .success(.session(session))
    case (.success, .resendCode), (.codeSent, .resendCode):
      return .success(.codeSent(CodeRenewal()))
    case (.secondFactor(let challenge), .authenticate):
      return .success(.secondFactorRequired(challenge))
    case (.codeRejected, .verifyCode): return .success(.codeRejected)
    case (.codeExpired, .verifyCode): return .success(.codeExpired)
    case (.deviceCode(let codes), .authenticate): return .success(.deviceAuthorization(codes))
    case (.success, .pollDevice): return .success(.session(session))
    case (.pending, .pollDevice): return .success(.devicePoll(.pending))
    case (.slowDown, .pollDevice): return .success(.devicePoll(.slowDown))
    case (.denied, .pollDevice): return .success(.devicePoll(.denied))
    case (.expiredToken, .pollDevice): return .success(.devicePoll(.expired))
    case (.secondFactor, _), (.codeAccepted, _), (.codeRejected, _), (.codeExpired, _),
      (.codeSent, _), (.deviceCode, _), (.pending, _), (.slowDown, _), (.denied, _),
      (.expiredToken, _):
      return .failure(.unexpected)
    }
  }

  /// What the demo rule answers `request` (``DemoAuthService/answer(to:)-(AuthRequest)``).
  static func demoAnswer(to request: AuthRequest) -> ScriptedOutcome {
    switch DemoAuthService.answer(to: request) {
    case .success(.session): if case .verifyCode = request { .codeAccepted } else { .success }
    case .success(.secondFactorRequired(let challenge)): .secondFactor(challenge)
    case .success(.codeRejected): .codeRejected
    case .success(.codeExpired): .codeExpired
    case .success(.codeSent): .codeSent
    case .success(.deviceAuthorization(let codes)): .deviceCode(codes)
    case .success(.devicePoll(.approved)): .success
    case .success(.devicePoll(.pending)): .pending
    case .success(.devicePoll(.slowDown)): .slowDown
    case .success(.devicePoll(.denied)): .denied
    case .success(.devicePoll(.expired)): .expiredToken
    case .success(.devicePoll(.failed(let error))), .failure(let error): .failure(error)
    }
  }
}
