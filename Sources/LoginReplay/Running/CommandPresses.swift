import LoginFlow

/// The actions a command of the user's makes, one per key or button press: `type` appends
/// one character (grapheme) per press, `backspace` deletes one per press, and `set`, `clear`
/// and the buttons press once.
///
/// Each action is made when it is pressed, from the field as it is then (`next(in:)`), so
/// a runner can let the work a press started come to rest before the next press.
struct CommandPresses {
  private var remaining: Remaining

  private enum Remaining {
    /// `type`: the characters still to append, one per press.
    case characters(SessionCommand.Field, Substring)
    /// `backspace`: this many deletions still to press.
    case deletions(SessionCommand.Field, Int)
    /// One action, `nil` once pressed.
    case once(LoginAction?)
  }

  /// The presses of `command` on a screen showing `state`, or `nil` for a command that
  /// presses nothing (`expect`, `wait`, …).
  init?(_ command: SessionCommand, on state: LoginState) {
    switch command {
    case .type(let field, let text): remaining = .characters(field, Substring(text))
    case .set(let field, let text): remaining = .once(field.changed(to: text))
    case .clear(let field): remaining = .once(field.changed(to: ""))
    case .backspace(let field, let count):
      // A key pressed N times deletes only what is there: at most as many characters as the
      // field holds now (none on an empty field).
      remaining = .deletions(field, min(count, field.text(in: state).count))
    case .press(let button): remaining = .once(button.action)
    case .close, .respond, .wait, .settle, .expect, .snapshot, .relaunch, .restoreSession,
      .sessionStore:
      return nil
    }
  }

  /// The action of the next press, made from the field as `state` shows it now; `nil` when
  /// every press is done.
  mutating func next(in state: LoginState) -> LoginAction? {
    switch remaining {
    case .characters(let field, let text):
      guard let character = text.first else { return nil }
      remaining = .characters(field, text.dropFirst())
      return field.changed(to: field.text(in: state) + String(character))
    case .deletions(let field, let count):
      guard count > 0 else { return nil }
      remaining = .deletions(field, count - 1)
      return field.changed(to: String(field.text(in: state).dropLast()))
    case .once(let action):
      remaining = .once(nil)
      return action
    }
  }
}
