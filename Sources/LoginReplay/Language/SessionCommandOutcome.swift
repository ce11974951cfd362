import LoginFlow

extension SessionCommand {
  /// What a `respond` command makes the next auth request return.
  public enum Outcome: Equatable, Sendable {
    /// The login succeeds.
    case success
    /// The login fails with this error (`rate-limited` carries no retry delay).
    case failure(AuthError)

    /// Every outcome, in the order the format lists them.
    public static let allCases: [Outcome] = [.success] + AuthError.allCases.map { .failure($0) }

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
  }
}
