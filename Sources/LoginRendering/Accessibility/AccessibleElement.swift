/// One element of the login screen as a screen reader presents it: what it is, its name,
/// its value and its traits.
///
/// ``AccessibleScreen/elements(of:)`` lists them in reading order; ``spoken`` is the line a
/// screen reader says, such as `Password, secure text field, 12 characters`.
public struct AccessibleElement: Equatable, Hashable, Sendable {
  /// What kind of element it is.
  public enum Role: String, CaseIterable, Equatable, Hashable, Sendable {
    /// A title.
    case heading
    /// Fixed text.
    case text
    /// An editable text field.
    case textField = "text field"
    /// A text field whose value is hidden.
    case secureTextField = "secure text field"
    /// Something to press.
    case button
    /// A message that needs attention, such as a login error.
    case alert
  }

  /// A state an element is in, spoken after its value.
  public enum Trait: String, CaseIterable, Equatable, Hashable, Sendable {
    /// The element cannot be used now (a disabled button).
    case dimmed
    /// Work is under way (the spinner).
    case busy
    /// The value is not accepted as it is (an invalid email).
    case invalid
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

  /// The line a screen reader says: label, role, value and traits, separated by commas.
  public var spoken: String {
    ([label, role.rawValue] + (value.map { [$0] } ?? []) + traits.map(\.rawValue))
      .joined(separator: ", ")
  }
}
