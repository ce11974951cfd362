import LoginFlow

/// One element of the login screen as a screen reader presents it: what it is, its name,
/// its value and its traits.
///
/// ``AccessibleScreen/elements(of:strings:offersDeviceLogin:)`` lists them in reading order;
/// ``spoken`` is the line a screen reader says, such as `Password, secure text field, 12
/// characters`.
public struct AccessibleElement: Equatable, Hashable, Sendable {
  /// What kind of element it is.
  public enum Role: CaseIterable, Equatable, Hashable, Sendable {
    /// A title.
    case heading
    /// Fixed text.
    case text
    /// An editable text field.
    case textField
    /// A text field whose value is hidden.
    case secureTextField
    /// Something to press.
    case button
    /// A message that needs attention, such as a login error.
    case alert

    /// The role as `strings` speak it: `text field`, `button`, ….
    public func name(in strings: LoginStrings) -> String {
      switch self {
      case .heading: strings.headingRole
      case .text: strings.textRole
      case .textField: strings.textFieldRole
      case .secureTextField: strings.secureTextFieldRole
      case .button: strings.buttonRole
      case .alert: strings.alertRole
      }
    }
  }

  /// A state an element is in, spoken after its value.
  public enum Trait: CaseIterable, Equatable, Hashable, Sendable {
    /// The element cannot be used now (a disabled button).
    case dimmed
    /// Work is under way (the spinner).
    case busy
    /// The value is not accepted as it is (an invalid email).
    case invalid

    /// The trait as `strings` speak it: `dimmed`, `busy`, `invalid`.
    public func name(in strings: LoginStrings) -> String {
      switch self {
      case .dimmed: strings.dimmedTrait
      case .busy: strings.busyTrait
      case .invalid: strings.invalidTrait
      }
    }
  }

  /// What kind of element it is.
  public var role: Role
  /// Its name: `Email address`, `Log In`.
  public var label: String
  /// Its value, if it has one: a field's text, or a hidden password's length.
  public var value: String?
  /// Its states, in a fixed order.
  public var traits: [Trait]

  /// Creates an element.
  public init(role: Role, label: String, value: String? = nil, traits: [Trait] = []) {
    self.role = role
    self.label = label
    self.value = value
    self.traits = traits
  }

  /// The line a screen reader says, in English: label, role, value and traits, separated by
  /// commas.
  public var spoken: String {
    spoken(in: .english)
  }

  /// The line a screen reader says with the role and traits in `strings` (the label and the
  /// value are already in the screen's language), one line with every control and
  /// bidirectional formatting character of a value written as `\u{HEX}`: a value typed or
  /// read from a session file cannot drive the terminal that shows the line.
  public func spoken(in strings: LoginStrings) -> String {
    let line =
      ([label, role.name(in: strings)] + (value.map { [$0] } ?? [])
      + traits.map { $0.name(in: strings) })
      .joined(separator: ", ")
    return ScalarEscape.escaping(line)
  }
}
