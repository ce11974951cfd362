/// Where the login screen is in its life: exactly one of five phases.
///
/// The phase carries the data that only makes sense inside it — the attempt in flight,
/// the session after success, the error after a failure — so that no combination of
/// booleans can describe an impossible screen.
public enum LoginPhase: Equatable, Sendable {
  /// Nothing typed yet, or back at the start after logging out.
  case idle
  /// The user is filling in the form; no request is in flight and no error is shown.
  case editing
  /// Auth request `attempt` is in flight; the form is locked.
  case submitting(attempt: Int)
  /// The user is logged in with `session`.
  case succeeded(AuthSession)
  /// The last attempt failed with `error`, which the screen shows.
  case failed(AuthError)

  /// The phase without its associated data, for tables, tests and output.
  public enum Kind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// See ``LoginPhase/idle``.
    case idle
    /// See ``LoginPhase/editing``.
    case editing
    /// See ``LoginPhase/submitting(attempt:)``.
    case submitting
    /// See ``LoginPhase/succeeded(_:)``.
    case succeeded
    /// See ``LoginPhase/failed(_:)``.
    case failed
  }

  /// The phase without its associated data.
  public var kind: Kind {
    switch self {
    case .idle: .idle
    case .editing: .editing
    case .submitting: .submitting
    case .succeeded: .succeeded
    case .failed: .failed
    }
  }
}

extension LoginPhase: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// A short, redacted description such as `submitting(2)` or `failed(timedOut)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .editing: "editing"
    case .submitting(let attempt): "submitting(\(attempt))"
    case .succeeded(let session): "succeeded(\(session))"
    case .failed(let error): "failed(\(error))"
    }
  }

  /// The same as ``description``: the phase never holds a secret worth showing.
  public var debugDescription: String { description }

  /// A mirror whose children never include a token.
  public var customMirror: Mirror {
    switch self {
    case .idle, .editing:
      Mirror(self, children: [], displayStyle: .enum)
    case .submitting(let attempt):
      Mirror(self, children: ["attempt": attempt], displayStyle: .enum)
    case .succeeded(let session):
      Mirror(self, children: ["session": session], displayStyle: .enum)
    case .failed(let error):
      Mirror(self, children: ["error": error], displayStyle: .enum)
    }
  }
}
