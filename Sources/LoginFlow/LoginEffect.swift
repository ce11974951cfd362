/// Work the reducer asks the runtime to do, described as data.
///
/// Because effects are values, a test sees exactly which request the reducer asked for,
/// and the store is the only place that talks to the outside world.
public enum LoginEffect: Equatable, Sendable {
  /// Start auth request `attempt` with these credentials.
  case authenticate(attempt: Int, Credentials)
  /// Cancel auth request `attempt`; no response may be applied for it afterwards.
  case cancelAuthentication(attempt: Int)

  /// The effect without its associated data, for tables, tests and output.
  public enum Kind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Starting an auth request.
    case authenticate
    /// Cancelling the auth request in flight.
    case cancelAuthentication

    /// The effect's name in session files, traces and JSON: `authenticate`,
    /// `cancel-authentication`. Defined here once; everything that prints or parses an
    /// effect uses it.
    public var name: String {
      switch self {
      case .authenticate: "authenticate"
      case .cancelAuthentication: "cancel-authentication"
      }
    }
  }

  /// The effect without its associated data.
  public var kind: Kind {
    switch self {
    case .authenticate: .authenticate
    case .cancelAuthentication: .cancelAuthentication
    }
  }

  /// The attempt this effect is about.
  public var attempt: Int {
    switch self {
    case .authenticate(let attempt, _): attempt
    case .cancelAuthentication(let attempt): attempt
    }
  }

  /// The effect's name in session files and output (see ``Kind/name``).
  public var name: String { kind.name }
}

extension LoginEffect: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `authenticate(1, Credentials(…))` or `cancelAuthentication(1)`, with the password hidden.
  public var description: String {
    switch self {
    case .authenticate(let attempt, let credentials): "authenticate(\(attempt), \(credentials))"
    case .cancelAuthentication(let attempt): "cancelAuthentication(\(attempt))"
    }
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a password either.
  public var debugDescription: String { description }

  /// A mirror whose credentials child is itself redacted.
  public var customMirror: Mirror {
    switch self {
    case .authenticate(let attempt, let credentials):
      Mirror(self, children: ["attempt": attempt, "credentials": credentials], displayStyle: .enum)
    case .cancelAuthentication(let attempt):
      Mirror(self, children: ["attempt": attempt], displayStyle: .enum)
    }
  }
}
