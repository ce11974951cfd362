import LoginFlow

/// The login screen for a screen reader: the elements of a state in reading order, and what
/// to announce when the state changes.
///
/// Pure, like ``TextRenderer``: the result depends only on the states and the texts. Any
/// front end (the terminal's `--screen-reader` mode, `login-replay --format accessible`, a
/// web or native view) can speak it. Every label and announcement comes from a
/// ``/LoginFlow/LoginStrings`` catalog, English unless given. A hidden password is given only as
/// its length; the token never appears.
public enum AccessibleScreen {
  /// The elements of the screen for `state`, in reading order, labelled in `strings`; with
  /// `offersDeviceLogin`, the form's "Sign in with a browser" button after Log In.
  public static func elements(
    of state: LoginState, strings: LoginStrings = .english, offersDeviceLogin: Bool = false
  ) -> [AccessibleElement] {
    if let step = state.secondFactor {
      return elements(
        of: step, errorMessage: state.codeErrorMessage(in: strings),
        verifyTitle: strings.verifyTitle(for: state), strings: strings)
    }
    if let step = state.deviceLogin {
      return elements(of: step, strings: strings)
    }
    let emailError = state.emailError(in: strings)
    var elements: [AccessibleElement] = [
      AccessibleElement(role: .heading, label: strings.title),
      AccessibleElement(role: .text, label: strings.subtitle),
      AccessibleElement(
        role: .textField, label: strings.emailLabel, value: fieldValue(state.email, strings),
        traits: emailError == nil ? [] : [.invalid]),
    ]
    if let emailError {
      elements.append(AccessibleElement(role: .text, label: emailError))
    }
    elements.append(
      state.isPasswordVisible
        ? AccessibleElement(
          role: .textField, label: strings.passwordLabel,
          value: fieldValue(state.password, strings))
        : AccessibleElement(
          role: .secureTextField, label: strings.passwordLabel,
          value: strings.characterCount(state.password.count)))
    elements.append(
      AccessibleElement(
        role: .button,
        label: state.isPasswordVisible ? strings.hidePassword : strings.showPassword))
    if let message = state.errorMessage(in: strings) {
      elements.append(
        AccessibleElement(role: .alert, label: strings.loginErrorAnnouncement(message)))
    }
    switch state.phase {
    case .idle, .editing, .failed:
      elements.append(
        AccessibleElement(
          role: .button, label: strings.submitTitle(for: state),
          traits: state.canSubmit ? [] : [.dimmed]))
    case .submitting:
      elements.append(AccessibleElement(role: .text, label: strings.signingIn, traits: [.busy]))
    case .succeeded:
      elements.append(AccessibleElement(role: .alert, label: strings.loginSuccessful))
      if state.sessionNotRemembered {
        elements.append(AccessibleElement(role: .text, label: strings.notRemembered))
      }
      elements.append(AccessibleElement(role: .button, label: strings.logOut))
    case .secondFactor, .device:
      break
    }
    if offersDeviceLogin, state.phase.kind != .succeeded {
      elements.append(
        AccessibleElement(
          role: .button, label: strings.device.heading,
          traits: state.canSignInWithBrowser ? [] : [.dimmed]))
    }
    if state.suggestsPasswordReset {
      elements.append(AccessibleElement(role: .text, label: strings.forgotPassword))
    }
    elements.append(AccessibleElement(role: .text, label: strings.footer))
    return elements
  }

  /// What to announce, once each, when the screen goes from `before` to `after`, in
  /// `strings`: a request starting, a login error appearing, a successful login, a login that
  /// could not be remembered, a logout, the password shown or hidden, the end of a throttle
  /// (`You can try again now.`; its start is the refusal's error). Typing announces
  /// nothing, not even the inline email error, which would interrupt every keystroke of an
  /// address being typed; the element list carries it.
  public static func announcements(
    from before: LoginState, to after: LoginState, strings: LoginStrings = .english
  ) -> [String] {
    var spoken: [String] = []
    if after.isPasswordVisible != before.isPasswordVisible {
      spoken.append(after.isPasswordVisible ? strings.passwordShown : strings.passwordHidden)
    }
    if after.isLoading, before.attemptInFlight != after.attemptInFlight {
      spoken.append(strings.signingIn)
    }
    if let message = after.errorMessage(in: strings), before.error != after.error {
      spoken.append(strings.loginErrorAnnouncement(message))
    }
    if after.isLoggedIn, !before.isLoggedIn {
      spoken.append(strings.loginSuccessful)
    }
    if after.sessionNotRemembered, !before.sessionNotRemembered {
      spoken.append(strings.notRemembered)
    }
    if before.isLoggedIn, !after.isLoggedIn {
      spoken.append(strings.loggedOut)
    }
    spoken += announcements(
      from: before.secondFactor, to: after.secondFactor,
      errorMessage: after.codeErrorMessage(in: strings), strings: strings)
    if let step = after.deviceLogin, before.deviceLogin == nil {
      spoken.append(strings.device.announcement(of: step.authorization))
    }
    if let notice = after.deviceLogin?.notice, before.deviceLogin?.notice != notice {
      spoken.append(strings.device.notice(strings.message(for: notice)))
    }
    if before.isThrottled, !after.isThrottled {
      spoken.append(strings.retryAvailable)
    }
    return spoken
  }

  /// A field's text, or the catalog's word for empty.
  private static func fieldValue(_ text: String, _ strings: LoginStrings) -> String {
    text.isEmpty ? strings.emptyValue : text
  }
}
