/// Where the login screen is in its life: exactly one of its phases.
///
/// The phase carries the data that only makes sense inside it — the session after success,
/// the error after a failure — so that no combination of booleans can describe an impossible
/// screen. The attempt in flight is not repeated here: while submitting it is
/// ``LoginState/attempt``, read as ``LoginState/attemptInFlight``, so the two can never
/// disagree.
public enum LoginPhase: Equatable, Hashable, Sendable {
  /// Nothing typed yet, or back at the start after logging out.
  case idle
  /// The user is filling in the form; no request is in flight and no error is shown.
  case editing
  /// Auth request ``LoginState/attempt`` is in flight; the form is locked.
  case submitting
  /// The user is logged in with `session`.
  case succeeded(AuthSession)
  /// The last attempt failed with `error`, which the screen shows.
  case failed(AuthError)
  /// The server asked for a one-time code: the code step is shown.
  indirect case secondFactor(SecondFactorState)
  /// Device login: a code to enter in a browser is shown while the machine polls.
  indirect case device(DeviceLoginState)

  /// The phase without its associated data, for tables, tests and output; the raw value is
  /// the phase's name in session files, JSON and `Docs/TransitionTable.md`.
  public enum Kind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// The empty form, before any typing or after a logout.
    case idle
    /// The form being filled in, with no request in flight and no error shown.
    case editing
    /// A request in flight, the form locked.
    case submitting
    /// Logged in.
    case succeeded
    /// An error shown after a failed attempt.
    case failed
    /// The code step.
    case secondFactor = "second-factor"
    /// The device login step.
    case device
  }

  /// The phase without its associated data.
  public var kind: Kind {
    switch self {
    case .idle: .idle
    case .editing: .editing
    case .submitting: .submitting
    case .succeeded: .succeeded
    case .failed: .failed
    case .secondFactor: .secondFactor
    case .device: .device
    }
  }
}

extension LoginPhase: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// A short, redacted description such as `editing`, `submitting` or `failed(timedOut)`.
  ///
  /// The attempt in flight belongs to the state: ``LoginState/description`` prints a
  /// submitting phase as `submitting(2)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .editing: "editing"
    case .submitting: "submitting"
    case .succeeded(let session): "succeeded(\(session))"
    case .failed(let error): "failed(\(error))"
    case .secondFactor(let step): "secondFactor(\(step))"
    case .device(let step): "device(\(step))"
    }
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a token either.
  public var debugDescription: String { description }

  /// A mirror whose children never include a token.
  public var customMirror: Mirror {
    switch self {
    case .idle, .editing, .submitting:
      Mirror(self, children: [], displayStyle: .enum)
    case .succeeded(let session):
      Mirror(self, children: ["session": session], displayStyle: .enum)
    case .failed(let error):
      Mirror(self, children: ["error": error], displayStyle: .enum)
    case .secondFactor(let step):
      Mirror(self, children: ["step": step], displayStyle: .enum)
    case .device(let step):
      Mirror(self, children: ["step": step], displayStyle: .enum)
    }
  }
}
