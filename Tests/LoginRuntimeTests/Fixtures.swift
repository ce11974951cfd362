import LoginFlow

/// Shared values for the store tests.
enum Fixtures {
  static let email = "user@example.com"
  static let password = "Correct-Horse-9"
  static let token = "tok-3f9a-SECRET"
  static let session = AuthSession(token: token)
  static let credentials = Credentials(email: email, password: password)

  /// A filled-in form that can be submitted.
  static let filledForm = LoginState(email: email, password: password, phase: .editing)

  /// The state right after submitting `filledForm` as attempt `attempt`.
  static func submitting(_ attempt: Int) -> LoginState {
    LoginState(
      email: email, password: password, phase: .submitting, attempt: attempt)
  }
}
