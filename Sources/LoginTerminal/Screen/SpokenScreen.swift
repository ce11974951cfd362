import LoginFlow
import LoginRendering

/// What `login-tui --screen-reader` says: the lines of ``AccessibleScreen`` for the whole
/// screen, for the focused control, and for a change, in English.
public enum SpokenScreen {
  /// The texts it speaks.
  private static let strings = LoginStrings.english

  /// The whole screen, one element per line in reading order.
  public static func screen(_ state: LoginState) -> [String] {
    AccessibleScreen.elements(of: state).map(\.spoken)
  }

  /// The focused control, as one line; `nil` if the screen does not show it.
  public static func focused(_ focus: Focus, in state: LoginState) -> String? {
    let elements = AccessibleScreen.elements(of: state)
    let element: AccessibleElement?
    switch focus {
    case .email:
      element = elements.first { $0.label == strings.emailLabel }
    case .password:
      element = elements.first { $0.label == strings.passwordLabel }
    case .passwordToggle:
      element = elements.first { $0.role == .button }
    case .button:
      // The last control: Log In, Try Again, Log Out, or Signing in while busy.
      element = elements.last { $0.role == .button || $0.traits.contains(.busy) }
    }
    return element.map { "Focus: " + $0.spoken }
  }

  /// What to announce for a change the store made, once each.
  public static func announcements(from before: LoginState, to after: LoginState) -> [String] {
    AccessibleScreen.announcements(from: before, to: after)
  }
}
