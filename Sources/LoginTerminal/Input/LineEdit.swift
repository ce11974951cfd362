/// One editing key of a field, as readline has them: caret moves and deletions, by
/// grapheme (a character with its combining marks, an emoji, a wide character is one step).
public enum LineEdit: Equatable, Sendable, CaseIterable {
  /// Left, Ctrl-B.
  case moveLeft
  /// Right, Ctrl-F.
  case moveRight
  /// Home, Ctrl-A.
  case moveToStart
  /// End, Ctrl-E.
  case moveToEnd
  /// Alt-B, Ctrl-Left: to the start of the word before the caret.
  case moveWordLeft
  /// Alt-F, Ctrl-Right: to the end of the word after the caret.
  case moveWordRight
  /// Backspace: the character before the caret.
  case deleteBackward
  /// Delete: the character after the caret.
  case deleteForward
  /// Ctrl-W, Alt-Backspace: the word before the caret.
  case deleteWordBackward
  /// Ctrl-U: everything before the caret.
  case deleteToStart
  /// Ctrl-K: everything after the caret.
  case deleteToEnd
}
