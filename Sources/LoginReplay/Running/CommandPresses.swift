import LoginFlow

/// The actions a command of the user's makes, one per key or button press: `type` appends
/// one character (grapheme) per press, `backspace` deletes one per press, and `set`, `clear`
/// and the buttons press once.
///
/// Each action is made when it is pressed, from the field as it is then, so a runner can
/// stop between two presses (to let work on the clock come to rest) and hand what is left
/// over as a command of its own (``rest(at:)``).
struct CommandPresses {
  private var remaining: Remaining

  private enum Remaining {
    /// `type`: these characters, appended one at a time.
    case characters(SessionCommand.Field, Substring)
    /// `backspace`: this many deletions.
    case deletions(SessionCommand.Field, Int)
    /// One action, `nil` once pressed.
    case once(LoginAction?)
  }

  /// The presses of `command`, or `nil` for a command that presses nothing (`expect`,
  /// `wait`, …). `field` reads a field's text now. A `set` text moves into its action.
  init?(_ command: consuming SessionCommand, field: (SessionCommand.Field) -> String) {
    switch consume command {
    case .type(let name, let text):
      remaining = .characters(name, text[...])
    case .set(let name, let text):
      remaining = .once(Self.change(name, to: text))
    case .clear(let name):
      remaining = .once(Self.change(name, to: ""))
    case .backspace(let name, let count):
      // A key pressed N times deletes only what is there: at most as many characters as the
      // field holds now (none on an empty field).
      remaining = .deletions(name, min(count, field(name).count))
    case .togglePassword: remaining = .once(.passwordVisibilityToggled)
    case .submit: remaining = .once(.submitTapped)
    case .cancel: remaining = .once(.cancelTapped)
    case .logout: remaining = .once(.logoutTapped)
    case .reset: remaining = .once(.reset)
    case .close, .respond, .wait, .settle, .expect, .snapshot, .relaunch, .sessionStore:
      return nil
    }
  }

  /// The action of the next press, made from the field as `field` reads it now; `nil` when
  /// every press is done.
  mutating func next(field: (SessionCommand.Field) -> String) -> LoginAction? {
    switch remaining {
    case .characters(let name, let text):
      guard let character = text.first else { return nil }
      remaining = .characters(name, text.dropFirst())
      return Self.change(name, to: field(name) + String(character))
    case .deletions(let name, let count):
      guard count > 0 else { return nil }
      remaining = .deletions(name, count - 1)
      return Self.change(name, to: String(field(name).dropLast()))
    case .once(let action):
      remaining = .once(nil)
      return action
    }
  }

  /// What is left to press, as a command at `location`; `nil` when nothing is.
  func rest(at location: SourceLocation) -> LocatedCommand? {
    switch remaining {
    case .characters(let name, let text) where !text.isEmpty:
      LocatedCommand(.type(name, String(text)), at: location)
    case .deletions(let name, let count) where count > 0:
      LocatedCommand(.backspace(name, count: count), at: location)
    case .characters, .deletions, .once:
      nil
    }
  }

  private static func change(_ field: SessionCommand.Field, to text: String) -> LoginAction {
    switch field {
    case .email: .emailChanged(text)
    case .password: .passwordChanged(text)
    }
  }
}
