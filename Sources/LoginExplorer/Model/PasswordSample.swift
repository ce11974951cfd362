import LoginRuntime

/// A representative password: the classes the validation rules and the demo account tell
/// apart. The valid one is the demo password, so its text is a secret the outputs must not
/// show (invariant 6).
public enum PasswordSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// The demo account's password.
  case valid
  /// Only blanks: invalid.
  case blank
  /// A valid password that the demo account rejects.
  case wrong

  /// The text typed.
  public var text: String {
    switch self {
    case .empty: ""
    case .valid: DemoAuthService.password
    case .blank: "   "
    case .wrong: "Wrong-Passw0rd"
    }
  }

  /// The sample's name, such as `valid`; never the password itself.
  public var description: String { rawValue }
}
