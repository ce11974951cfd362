import LoginFlow
import LoginRendering

/// The keys of `login-tui`: which ``LoginAction``s a key sends, where it moves the focus and
/// the caret.
///
/// Pure, and the whole of the front end's input logic: it reads the state only to know what
/// the focused control holds and shows (the field's text, Log In or Log Out), and leaves
/// every decision about behaviour to the store — a submit of an invalid form, typing while
/// signing in or a cancel with nothing to cancel are sent, and the machine ignores them.
/// Edits happen at the caret (``LineEditor``); the store gets the whole new text.
public enum KeyMap {
  /// The response to `key` with `focus` on the screen showing `state`, and the caret
  /// `caret` characters into the focused field.
  public static func response(
    to key: Key, focus: Focus, caret: Int, state: LoginState
  ) -> KeyResponse {
    if let step = state.secondFactor {
      return codeStepResponse(to: key, focus: focus, caret: caret, step: step)
    }
    func moved(to next: Focus) -> KeyResponse {
      KeyResponse(focus: next, caret: fieldText(next, state)?.count ?? 0)
    }
    switch key {
    case .text(let text), .paste(let text):
      return edit(focus, caret: caret, state) { $0.insert(text) }
    case .edit(let edit):
      return self.edit(focus, caret: caret, state) { $0.apply(edit) }
    case .tab, .down:
      return moved(to: FocusOrder.next(after: focus))
    case .backTab, .up:
      return moved(to: FocusOrder.previous(before: focus))
    case .enter:
      switch focus {
      case .email: return moved(to: .password)
      case .password: return KeyResponse(focus: focus, caret: caret, actions: [.submitTapped])
      case .passwordToggle:
        return KeyResponse(focus: focus, caret: caret, actions: [.passwordVisibilityToggled])
      case .button:
        return KeyResponse(
          focus: focus, caret: caret, actions: [state.isLoggedIn ? .logoutTapped : .submitTapped])
      }
    case .escape:
      return KeyResponse(focus: focus, caret: caret, actions: [.cancelTapped])
    case .resend:
      return KeyResponse(focus: focus, caret: caret)
    case .browserLogin:
      return KeyResponse(focus: focus, caret: caret, actions: [.deviceLoginTapped])
    case .redraw, .help, .suspend, .interrupt, .endOfInput:
      return KeyResponse(focus: focus, caret: caret, command: command(for: key))
    }
  }

  /// The text of the field `focus` shows on the screen of `state`, or `nil` when it is not a
  /// field (the toggle, the button). In the code step the code field is the one field.
  public static func fieldText(_ focus: Focus, _ state: LoginState) -> String? {
    if let step = state.secondFactor { return step.code }
    switch focus {
    case .email: return state.email
    case .password: return state.password
    case .passwordToggle, .button: return nil
    }
  }

  /// The code step's keys: every edit goes to the code field (which keeps digits only, and
  /// checks a complete code by itself), Enter verifies, Ctrl-R sends a new code, Esc goes
  /// back; focus does not move.
  private static func codeStepResponse(
    to key: Key, focus: Focus, caret: Int, step: SecondFactorState
  ) -> KeyResponse {
    func code(_ change: (inout LineEditor) -> Void) -> KeyResponse {
      var editor = LineEditor(text: step.code, caret: caret)
      change(&editor)
      let actions: [LoginAction] =
        editor.text == step.code ? [] : [.secondFactor(.codeChanged(editor.text))]
      return KeyResponse(focus: focus, caret: editor.caret, actions: actions)
    }
    let stay = KeyResponse(focus: focus, caret: caret)
    switch key {
    case .text(let text), .paste(let text): return code { $0.insert(text) }
    case .edit(let edit): return code { $0.apply(edit) }
    case .tab, .down, .backTab, .up: return stay
    case .enter:
      return KeyResponse(focus: focus, caret: caret, actions: [.secondFactor(.verifyTapped)])
    case .escape:
      return KeyResponse(focus: focus, caret: caret, actions: [.secondFactor(.backTapped)])
    case .resend:
      return KeyResponse(focus: focus, caret: caret, actions: [.secondFactor(.resendTapped)])
    case .browserLogin:
      return KeyResponse(focus: focus, caret: caret)
    case .redraw, .help, .suspend, .interrupt, .endOfInput:
      return KeyResponse(focus: focus, caret: caret, command: command(for: key))
    }
  }

  /// The command of a key that acts on the program rather than the screen.
  private static func command(for key: Key) -> KeyResponse.Command? {
    switch key {
    case .redraw: .redraw
    case .help: .speakHints
    case .suspend: .suspend
    case .interrupt, .endOfInput: .quit
    case .text, .paste, .edit, .tab, .backTab, .up, .down, .enter, .escape, .resend,
      .browserLogin:
      nil
    }
  }

  /// The edit `change` at the caret of the focused field, or nothing when a field is not
  /// focused (typing on the toggle or the button does nothing).
  private static func edit(
    _ focus: Focus, caret: Int, _ state: LoginState, _ change: (inout LineEditor) -> Void
  ) -> KeyResponse {
    guard let text = fieldText(focus, state) else { return KeyResponse(focus: focus, caret: 0) }
    var editor = LineEditor(text: text, caret: caret)
    change(&editor)
    guard editor.text != text else { return KeyResponse(focus: focus, caret: editor.caret) }
    let action: LoginAction
    switch focus {
    case .email: action = .emailChanged(editor.text)
    case .password: action = .passwordChanged(editor.text)
    case .passwordToggle, .button: return KeyResponse(focus: focus, caret: 0)
    }
    return KeyResponse(focus: focus, caret: editor.caret, actions: [action])
  }
}
