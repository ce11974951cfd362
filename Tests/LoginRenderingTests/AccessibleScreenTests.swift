import LoginFlow
import LoginRendering
import Testing

/// The screen-reader view: elements in reading order, announcements once per change.
@Suite struct AccessibleScreenTests {
  @Test func theEmptyScreenInReadingOrder() {
    #expect(
      AccessibleScreen.elements(of: LoginState()).map(\.spoken) == [
        "Welcome Back, heading",
        "Sign in to continue, text",
        "Email address, text field, empty",
        "Password, secure text field, empty",
        "Show password, button",
        "Log In, button, dimmed",
        "Secure access to your account, text",
      ])
  }

  @Test func aHiddenPasswordIsItsLengthAndAVisibleOneItsText() {
    var state = LoginState(email: "demo@example.com", password: "Password123!", phase: .editing)
    let hidden = AccessibleScreen.elements(of: state).map(\.spoken)
    #expect(hidden.contains("Password, secure text field, 12 characters"))
    #expect(!hidden.joined().contains("Password123!"))
    #expect(hidden.contains("Log In, button"))
    state.isPasswordVisible = true
    let visible = AccessibleScreen.elements(of: state).map(\.spoken)
    #expect(visible.contains("Password, text field, Password123!"))
    #expect(visible.contains("Hide password, button"))
  }

  @Test func announcementsForALogin() {
    let form = LoginState(email: "demo@example.com", password: "pw", phase: .editing)
    let (sent, _) = reduce(form, .submitTapped)
    #expect(AccessibleScreen.announcements(from: form, to: sent) == ["Signing in"])
    let (failed, _) = reduce(sent, .authResponse(attempt: 1, .failure(.invalidCredentials)))
    #expect(
      AccessibleScreen.announcements(from: sent, to: failed)
        == ["Login error: The email or password is incorrect."])
    #expect(
      AccessibleScreen.elements(of: failed).map(\.spoken).contains(
        "Login error: The email or password is incorrect., alert"))
    let (succeeded, _) = reduce(
      sent, .authResponse(attempt: 1, .success(AuthSession(token: "secret-token"))))
    #expect(AccessibleScreen.announcements(from: sent, to: succeeded) == ["Login successful"])
    #expect(AccessibleScreen.announcements(from: succeeded, to: succeeded) == [])
    #expect(
      !AccessibleScreen.elements(of: succeeded).map(\.spoken).joined().contains("secret-token"))
    let (typed, _) = reduce(form, .emailChanged("demo@example.co"))
    #expect(AccessibleScreen.announcements(from: form, to: typed) == [])
  }

  /// A throttle is announced once when it starts, never as it counts down, and "You can try
  /// again now." once when it ends; the button says how long meanwhile.
  @Test func aThrottleIsAnnouncedOnceAtItsStartAndOnceAtItsEnd() {
    let form = LoginState(email: "demo@example.com", password: "pw", phase: .editing)
    let (sent, _) = reduce(form, .submitTapped)
    let (refused, _) = reduce(
      sent, .authResponse(attempt: 1, .failure(.rateLimited(retryAfter: .seconds(2)))))
    #expect(
      AccessibleScreen.announcements(from: sent, to: refused)
        == ["Login error: Too many attempts. Try again in 0:02."])
    #expect(
      AccessibleScreen.elements(of: refused).map(\.spoken).contains(
        "Try again in 0:02, button, dimmed"))
    let (ticked, _) = reduce(refused, .throttleTicked)
    #expect(AccessibleScreen.announcements(from: refused, to: ticked) == [])
    #expect(
      AccessibleScreen.elements(of: ticked).map(\.spoken).contains(
        "Try again in 0:01, button, dimmed"))
    let (ended, _) = reduce(ticked, .throttleEnded)
    #expect(AccessibleScreen.announcements(from: ticked, to: ended) == ["You can try again now."])
    #expect(AccessibleScreen.announcements(from: ended, to: ended) == [])
    #expect(AccessibleScreen.elements(of: ended).map(\.spoken).contains("Try Again, button"))
    // A lockout has no countdown and suggests the reset at once.
    let (locked, _) = reduce(sent, .authResponse(attempt: 1, .failure(.accountLocked)))
    #expect(
      AccessibleScreen.announcements(from: sent, to: locked)
        == ["Login error: Your account is locked. Reset your password to continue."])
    #expect(locked.suggestsPasswordReset && !locked.isThrottled)
  }

  @Test func aLoginThatCouldNotBeRememberedIsAnnouncedOnceAndListed() {
    let succeeded = LoginState(phase: .succeeded(AuthSession(token: "secret-token")))
    let (unsaved, _) = reduce(succeeded, .sessionSaveFailed)
    let notice = "This login could not be remembered for next time."
    #expect(AccessibleScreen.announcements(from: succeeded, to: unsaved) == [notice])
    #expect(AccessibleScreen.announcements(from: unsaved, to: unsaved) == [])
    #expect(AccessibleScreen.elements(of: unsaved).map(\.label).contains(notice))
    #expect(!AccessibleScreen.elements(of: succeeded).map(\.label).contains(notice))
  }

  /// A value from a session file or a paste is spoken as text: its controls, C1 controls
  /// and bidirectional formatting characters come out as escapes, never raw on a terminal.
  @Test func aHostileValueIsSpokenEscaped() {
    let element = AccessibleElement(
      role: .textField, label: "Email address", value: "a\u{1B}]0;t\u{7}\u{9B}2J\u{202E}b")
    #expect(element.spoken == "Email address, text field, a\\u{1B}]0;t\\u{7}\\u{9B}2J\\u{202E}b")
  }
}
