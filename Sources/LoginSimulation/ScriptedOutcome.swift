import LoginFlow
import LoginRuntime

/// What the scripted server answers a request: a success, or one of the errors a service
/// may throw. A session's `respond OUTCOME` names one; so does each of the explorer's fates.
public enum ScriptedOutcome: Equatable, Hashable, Sendable {
  /// The request succeeds: a login gets the demo session.
  case success
  /// The request fails with this error (`rate-limited` carries no retry delay).
  case failure(AuthError)

  /// Every outcome, in the order session files list them.
  public static let allCases: [ScriptedOutcome] =
    [.success] + AuthError.allCases.map { .failure($0) }

  /// The outcome's word in session files: `success`, `invalid-credentials`, `timeout`, …
  public var name: String {
    switch self {
    case .success: "success"
    case .failure(let error): error.name
    }
  }

  /// The outcome whose word is `name`, or `nil`.
  public init?(name: String) {
    guard let outcome = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = outcome
  }

  /// The answer this outcome gives `request`.
  func answer(to request: AuthRequest) -> Result<AuthAnswer, AuthError> {
    switch (self, request) {
    case (.success, .authenticate): .success(.session(AuthSession(token: DemoAuthService.token)))
    case (.failure(let error), _): .failure(error)
    }
  }

  /// What the demo rule answers `request`: success for the demo account, otherwise
  /// `invalid-credentials`.
  static func demoAnswer(to request: AuthRequest) -> ScriptedOutcome {
    switch request {
    case .authenticate(let credentials):
      switch DemoAuthService.answer(to: credentials) {
      case .success: .success
      case .failure(let error): .failure(error)
      }
    }
  }
}
