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
    /// `type`: the characters of the text from this UTF-8 offset on, appended one at a time.
    case characters(SessionCommand.Field, String, offset: Int)
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
      remaining = .characters(name, text, offset: 0)
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
    case .characters(let name, let text, let offset):
      guard let (character, end) = Self.character(of: text, at: offset) else { return nil }
      remaining = .characters(name, text, offset: end)
      return Self.change(name, to: field(name) + character)
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
    case .characters(let name, let text, let offset) where offset < text.utf8.count:
      LocatedCommand(.type(name, String(Self.unpressed(text, from: offset))), at: location)
    case .deletions(let name, let count) where count > 0:
      LocatedCommand(.backspace(name, count: count), at: location)
    case .characters, .deletions, .once:
      nil
    }
  }

  /// The character of `text` that starts at UTF-8 offset `offset`, and the offset after it;
  /// `nil` at the end of the text.
  ///
  /// An ASCII byte followed by another (or by nothing) is a character of its own, except a
  /// carriage return before a line feed: every mark that joins a character to the one before
  /// it lies beyond ASCII. Typed text is mostly ASCII, and then a press breaks no graphemes.
  private static func character(of text: String, at offset: Int) -> (String, Int)? {
    let bytes = text.utf8
    guard offset < bytes.count else { return nil }
    let start = bytes.index(bytes.startIndex, offsetBy: offset)
    let byte = bytes[start]
    if byte < 0x80 {
      let next = offset + 1 < bytes.count ? bytes[bytes.index(after: start)] : nil
      if next.map({ $0 < 0x80 && !(byte == 0x0D && $0 == 0x0A) }) ?? true {
        return (String(Unicode.Scalar(byte)), offset + 1)
      }
    }
    let rest = unpressed(text, from: offset)
    guard let character = rest.first else { return nil }
    return (String(character), offset + String(character).utf8.count)
  }

  /// `text` from UTF-8 offset `offset` on, which starts a character.
  private static func unpressed(_ text: String, from offset: Int) -> Substring {
    text[text.utf8.index(text.utf8.startIndex, offsetBy: offset)...]
  }

  private static func change(_ field: SessionCommand.Field, to text: String) -> LoginAction {
    switch field {
    case .email: .emailChanged(text)
    case .password: .passwordChanged(text)
    }
  }
}
