/// An error the code step shows.
public enum SecondFactorError: Equatable, Hashable, Sendable {
  /// The server said the code is wrong.
  case rejected
  /// The code expired.
  case expired
  /// A check or a resend failed as a login can.
  case failed(AuthError)

  /// The sentence in English: the source of ``LoginStrings/english``.
  public var message: String {
    switch self {
    case .rejected: "That code is incorrect."
    case .expired: "That code has expired. Send a new code."
    case .failed(let error): error.message
    }
  }
}
