/// The email and password sent with one auth request.
///
/// Built by ``reduce(_:_:)`` with the email trimmed and the password exactly as typed.
/// Every textual form of a value of this type hides the password, always: credentials are
/// on their way to a server, never to a screen.
public struct Credentials: Equatable, Hashable, Sendable {
  /// The email address, with surrounding whitespace removed.
  public var email: String
  /// The password exactly as typed, blanks included.
  public var password: String

  /// Creates credentials from an email and a password, stored as given.
  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `Credentials(email: "…", password: <redacted>)`.
  public var description: String {
    "Credentials(email: \(String(reflecting: email)), password: \(Redacted.placeholder))"
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows the password either.
  public var debugDescription: String { description }

  /// A mirror that shows the email and a placeholder for the password.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["email": email, "password": Redacted.placeholder], displayStyle: .struct)
  }
}
