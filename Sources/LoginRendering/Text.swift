/// The fixed English strings of the login screen, in one place.
enum Text {
  /// The screen's title.
  static let title = "Welcome Back"
  /// The line under the title.
  static let subtitle = "Sign in to continue"
  /// Shown in the empty email field.
  static let emailPlaceholder = "Email address"
  /// Shown in the empty password field.
  static let passwordPlaceholder = "Password"
  /// The toggle while the password is hidden.
  static let showPassword = "Show password"
  /// The toggle while the password is shown.
  static let hidePassword = "Hide password"
  /// The button's label.
  static let logIn = "Log In"
  /// The button's label after a failure that may not happen again.
  static let tryAgain = "Try Again"
  /// The button's label after a successful login, shown to interactive front ends.
  static let logOut = "Log Out"
  /// The suggestion after repeated wrong passwords.
  static let forgotPassword = "Forgot your password?"
  /// The line at the bottom of the screen.
  static let footer = "Secure access to your account"
  /// Under the success line when the session could not be saved for the next launch.
  static let notRemembered = "This login could not be remembered for next time."

  /// The note under a field whose last change was cut to its `maximum` length.
  static func limitReached(_ maximum: Int) -> String {
    "Limit reached: \(maximum) characters"
  }
}
