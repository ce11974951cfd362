import LoginFlow
import LoginRendering

/// The keys of `login-tui`: which ``LoginAction``s a key sends and where it moves the focus.
///
/// Pure, and the whole of the front end's input logic: it reads the state only to know what
/// the focused control holds and shows (the field's text, Log In or Log Out), and leaves
/// every decision about behaviour to the store — a submit of an invalid form, typing while
/// signing in or a cancel with nothing to cancel are sent, and the machine ignores them.
public enum KeyMap {
  /// The response to `key` with `focus` on the screen showing `state`.
  public static func response(to key: Key, focus: Focus, state: LoginState) -> KeyResponse {
    if let step = state.secondFactor { return codeStepResponse(to: key, focus: focus, step: step) }
    switch key {
    case .text(let text):
      return KeyResponse(focus: focus, actions: edit(focus, state) { $0 + text })
    case .paste(let text):
      return KeyResponse(focus: focus, actions: edit(focus, state) { $0 + text })
    case .backspace:
      return KeyResponse(focus: focus, actions: edit(focus, state) { String($0.dropLast()) })
    case .clearField:
      return KeyResponse(focus: focus, actions: edit(focus, state) { _ in "" })
    case .tab, .down:
      return KeyResponse(focus: FocusOrder.next(after: focus))
    case .backTab, .up:
      return KeyResponse(focus: FocusOrder.previous(before: focus))
    case .enter:
      switch focus {
      case .email: return KeyResponse(focus: .password)
      case .password: return KeyResponse(focus: focus, actions: [.submitTapped])
      case .passwordToggle:
        return KeyResponse(focus: focus, actions: [.passwordVisibilityToggled])
      case .button:
        return KeyResponse(
          focus: focus, actions: [state.isLoggedIn ? .logoutTapped : .submitTapped])
      }
    case .escape:
      return KeyResponse(focus: focus, actions: [.cancelTapped])
    case .resend:
      return KeyResponse(focus: focus)
    case .redraw:
      return KeyResponse(focus: focus, command: .redraw)
    case .quit:
      return KeyResponse(focus: focus, command: .quit)
    }
  }

  /// The code step's keys: every edit goes to the code field (which keeps digits only, and
  /// checks a complete code by itself), Enter verifies, Ctrl-R sends a new code, Esc goes
  /// back; focus does not move.
  private static func codeStepResponse(
    to key: Key, focus: Focus, step: SecondFactorState
  ) -> KeyResponse {
    func code(_ change: (String) -> String) -> KeyResponse {
      KeyResponse(focus: focus, actions: [.secondFactor(.codeChanged(change(step.code)))])
    }
    switch key {
    case .text(let text), .paste(let text): return code { $0 + text }
    case .backspace: return code { String($0.dropLast()) }
    case .clearField: return code { _ in "" }
    case .tab, .down, .backTab, .up: return KeyResponse(focus: focus)
    case .enter: return KeyResponse(focus: focus, actions: [.secondFactor(.verifyTapped)])
    case .escape: return KeyResponse(focus: focus, actions: [.secondFactor(.backTapped)])
    case .resend: return KeyResponse(focus: focus, actions: [.secondFactor(.resendTapped)])
    case .redraw: return KeyResponse(focus: focus, command: .redraw)
    case .quit: return KeyResponse(focus: focus, command: .quit)
    }
  }

  /// The change to the focused field, or nothing when a field is not focused (typing on
  /// the toggle or the button does nothing).
  private static func edit(
    _ focus: Focus, _ state: LoginState, _ change: (String) -> String
  ) -> [LoginAction] {
    switch focus {
    case .email: [.emailChanged(change(state.email))]
    case .password: [.passwordChanged(change(state.password))]
    case .passwordToggle, .button: []
    }
  }
}
