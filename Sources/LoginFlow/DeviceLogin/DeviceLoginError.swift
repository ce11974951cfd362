/// Why the device step ended without a session.
public enum DeviceLoginError: Equatable, Hashable, Sendable {
  /// The user denied the sign-in in the browser (`access_denied`).
  case denied
  /// The codes expired (`expired_token`, or the step's own countdown ran out).
  case expired
  /// A poll failed in a way that polling again cannot mend (the client is not allowed, the
  /// account is locked).
  case failed(AuthError)

  /// The error the login screen shows for it, once the step has ended.
  public var authError: AuthError {
    switch self {
    case .denied: .deviceDenied
    case .expired: .deviceCodeExpired
    case .failed(let error): error
    }
  }

  /// The sentence in English.
  public var message: String { authError.message }

  /// `denied`, `expired`, or the error's name: how tables and traces write it.
  public var name: String {
    switch self {
    case .denied: "denied"
    case .expired: "expired"
    case .failed(let error): error.name
    }
  }
}
