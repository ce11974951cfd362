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

  /// The challenge of `respond second-factor` without options: the demo's.
  public static let defaultChallenge = SecondFactorChallenge(id: DemoAuthService.challengeID)

  /// What a server may answer a login with, the code step apart: a success or an error
  /// (``AuthError/tooManyCodes`` is the code step's own conclusion, never an answer).
  public static let loginOutcomes: [ScriptedOutcome] =
    [.success] + AuthError.allCases.filter { $0 != .tooManyCodes }.map { .failure($0) }

  /// Every outcome, in the order session files list them.
  public static let allCases: [ScriptedOutcome] =
    loginOutcomes + [
      .secondFactor(defaultChallenge), .codeAccepted, .codeRejected, .codeExpired, .codeSent,
    ]

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
    case (.secondFactor, _), (.codeAccepted, _), (.codeRejected, _), (.codeExpired, _),
      (.codeSent, _):
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
    case .failure(let error): .failure(error)
    }
  }
}
