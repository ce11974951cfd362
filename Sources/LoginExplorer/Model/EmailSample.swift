import LoginRuntime

/// A representative email: the classes the validation rules tell apart.
public enum EmailSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// The demo account's address.
  case valid
  /// Not an address.
  case invalid
  /// The demo address with blanks around it, valid once trimmed.
  case paddedValid

  /// The text typed.
  public var text: String {
    switch self {
    case .empty: ""
    case .valid: DemoAuthService.email
    case .invalid: "ada.example.com"
    case .paddedValid: "  \(DemoAuthService.email) "
    }
  }

  /// The sample's name, such as `paddedValid`; never the text typed.
  public var description: String { rawValue }
}
