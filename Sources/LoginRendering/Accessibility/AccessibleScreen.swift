import LoginFlow

/// The login screen for a screen reader: the elements of a state in reading order, and what
/// to announce when the state changes.
///
/// Pure, like ``TextRenderer``: the result depends only on the states. Any front end (the
/// terminal's `--screen-reader` mode, `login-replay --format accessible`, a web or native
/// view) can speak it. A hidden password is given only as its length; the token never
/// appears.
public enum AccessibleScreen {
  /// The label of the email field.
  public static let emailLabel = "Email address"
  /// The label of the password field.
  public static let passwordLabel = "Password"
  /// What a login error is announced and listed as, before its message.
  public static let errorPrefix = "Login error: "
  /// What a successful login is announced and listed as.
  public static let successText = "Login successful"
  /// What a request in flight is announced and listed as.
  public static let signingInText = "Signing in"
  /// What a logout is announced as.
  public static let loggedOutText = "Logged out"
  /// What the toggle announces once it showed the password.
  public static let passwordShownText = "Password shown"
  /// What the toggle announces once it hid the password.
  public static let passwordHiddenText = "Password hidden"

  /// The elements of the screen for `state`, in reading order.
  public static func elements(of state: LoginState) -> [AccessibleElement] {
    var elements: [AccessibleElement] = [
      AccessibleElement(role: .heading, label: Text.title),
      AccessibleElement(role: .text, label: Text.subtitle),
      AccessibleElement(
        role: .textField, label: emailLabel, value: fieldValue(state.email),
        traits: state.emailError == nil ? [] : [.invalid]),
    ]
    if let error = state.emailError {
      elements.append(AccessibleElement(role: .text, label: error))
    }
    elements.append(
      state.isPasswordVisible
        ? AccessibleElement(
          role: .textField, label: passwordLabel, value: fieldValue(state.password))
        : AccessibleElement(
          role: .secureTextField, label: passwordLabel, value: length(of: state.password)))
    elements.append(
      AccessibleElement(
        role: .button, label: state.isPasswordVisible ? Text.hidePassword : Text.showPassword))
    if let message = state.errorMessage {
      elements.append(AccessibleElement(role: .alert, label: errorPrefix + message))
    }
    switch state.phase {
    case .idle, .editing, .failed:
      let retry = state.error?.isRetryable ?? false
      elements.append(
        AccessibleElement(
          role: .button, label: retry ? Text.tryAgain : Text.logIn,
          traits: state.canSubmit ? [] : [.dimmed]))
    case .submitting:
      elements.append(AccessibleElement(role: .text, label: signingInText, traits: [.busy]))
    case .succeeded:
      elements.append(AccessibleElement(role: .alert, label: successText))
      if state.sessionNotRemembered {
        elements.append(AccessibleElement(role: .text, label: Text.notRemembered))
      }
      elements.append(AccessibleElement(role: .button, label: Text.logOut))
    }
    if state.suggestsPasswordReset {
      elements.append(AccessibleElement(role: .text, label: Text.forgotPassword))
    }
    elements.append(AccessibleElement(role: .text, label: Text.footer))
    return elements
  }

  /// What to announce, once each, when the screen goes from `before` to `after`: a request
  /// starting, a login error appearing, a successful login, a login that could not be
  /// remembered, a logout, the password shown or hidden. Typing announces nothing, not even the inline email error, which would
  /// interrupt every keystroke of an address being typed; the element list carries it.
  public static func announcements(from before: LoginState, to after: LoginState) -> [String] {
    var spoken: [String] = []
    if after.isPasswordVisible != before.isPasswordVisible {
      spoken.append(after.isPasswordVisible ? passwordShownText : passwordHiddenText)
    }
    if after.isLoading, before.attemptInFlight != after.attemptInFlight {
      spoken.append(signingInText)
    }
    if let message = after.errorMessage, before.error != after.error {
      spoken.append(errorPrefix + message)
    }
    if after.isLoggedIn, !before.isLoggedIn {
      spoken.append(successText)
    }
    if after.sessionNotRemembered, !before.sessionNotRemembered {
      spoken.append(Text.notRemembered)
    }
    if before.isLoggedIn, !after.isLoggedIn {
      spoken.append(loggedOutText)
    }
    return spoken
  }

  /// A field's text, or `empty`.
  private static func fieldValue(_ text: String) -> String {
    text.isEmpty ? "empty" : text
  }

  /// A hidden password's length: `empty`, `1 character`, `12 characters`.
  private static func length(of password: String) -> String {
    switch password.count {
    case 0: "empty"
    case 1: "1 character"
    case let count: "\(count) characters"
    }
  }
}
