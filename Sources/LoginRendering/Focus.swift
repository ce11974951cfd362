/// A control of the login screen that can hold a front end's keyboard focus.
///
/// Focus belongs to the front end, not to the login machine: ``TextRenderer`` draws it only
/// when ``TextRenderer/Options/focus`` is set, with a marker in the margin of the focused
/// control. The cases are in reading order, the order Tab moves through.
public enum Focus: String, CaseIterable, Equatable, Hashable, Sendable {
  /// The email field.
  case email
  /// The password field.
  case password
  /// The Show password / Hide password toggle.
  case passwordToggle
  /// The button: Log In, Try Again, or Log Out after a successful login.
  case button
}
