/// Why a login attempt failed, as far as the user needs to know.
///
/// Every case has a fixed, friendly ``message`` (English; a screen shows the one of its
/// ``LoginStrings``). No case carries server text, a status code, the password or a token,
/// so nothing sensitive can reach the screen through an error.
public enum AuthError: Error, Equatable, Hashable, Sendable {
  /// The backend rejected the email and password.
  case invalidCredentials
  /// The device could not reach the backend.
  case networkUnavailable
  /// The backend answered, but not with a usable result.
  case serverError
  /// No answer arrived within the store's request timeout.
  case timedOut
  /// The backend asked the client to slow down, optionally saying for how long; the screen
  /// then holds every request for that long (see ``LoginState/retryIn``), or for
  /// ``LoginState/defaultRetryAfter`` when it did not say.
  case rateLimited(retryAfter: Duration?)
  /// The backend locked the account: no password will do until it is reset.
  case accountLocked
  /// Anything else; the details are not the user's business.
  case unexpected
  /// The code step ended after too many incorrect codes: the user signs in again.
  case tooManyCodes
  /// The user denied the device login in the browser.
  case deviceDenied
  /// The device login's code expired before the user approved it.
  case deviceCodeExpired

  /// The errors a machine concludes itself, which no server answers with: too many codes,
  /// and device login's denial and expiry (the server says those in its own words).
  public static let conclusions: [AuthError] = [.tooManyCodes, .deviceDenied, .deviceCodeExpired]

  /// One representative of every case, for exhaustive tests and tables.
  public static let allCases: [AuthError] = [
    .invalidCredentials, .networkUnavailable, .serverError, .timedOut,
    .rateLimited(retryAfter: nil), .accountLocked, .unexpected, .tooManyCodes, .deviceDenied,
    .deviceCodeExpired,
  ]

  /// The sentence for this error in English: the source of ``LoginStrings/english``. A
  /// screen reads its own catalog instead, ``LoginStrings/message(for:)``.
  public var message: String {
    switch self {
    case .invalidCredentials: "The email or password is incorrect."
    case .networkUnavailable: "Unable to connect. Check your internet connection."
    case .serverError: "Something went wrong. Please try again."
    case .timedOut: "The request timed out. Please try again."
    case .rateLimited: "Too many attempts. Please wait a moment and try again."
    case .accountLocked: "Your account is locked. Reset your password to continue."
    case .unexpected: "Unable to sign in. Please try again."
    case .tooManyCodes: "Too many incorrect codes. Sign in again."
    case .deviceDenied: "Sign-in was denied in the browser."
    case .deviceCodeExpired: "The code expired. Start again."
    }
  }

  /// Whether trying the same credentials again may succeed; the screen then offers "Try Again".
  public var isRetryable: Bool {
    switch self {
    case .invalidCredentials, .tooManyCodes, .accountLocked, .deviceDenied, .deviceCodeExpired:
      false
    case .networkUnavailable, .serverError, .timedOut, .rateLimited, .unexpected: true
    }
  }

  /// The error's name in session files and JSON: `invalid-credentials`, `timeout`, …
  public var name: String {
    switch self {
    case .invalidCredentials: "invalid-credentials"
    case .networkUnavailable: "network-unavailable"
    case .serverError: "server-error"
    case .timedOut: "timeout"
    case .rateLimited: "rate-limited"
    case .accountLocked: "locked"
    case .unexpected: "unexpected"
    case .tooManyCodes: "too-many-codes"
    case .deviceDenied: "device-denied"
    case .deviceCodeExpired: "device-code-expired"
    }
  }
}
