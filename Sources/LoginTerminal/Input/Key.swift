/// A key press (or a paste) read from the terminal, decoded by ``KeyDecoder``.
public enum Key: Equatable, Sendable {
  /// Printable text typed, one or more characters (multi-byte UTF-8 included).
  case text(String)
  /// Text pasted with bracketed paste (`ESC[200~ … ESC[201~`), control characters removed.
  case paste(String)
  /// A key that edits the focused field or moves its caret.
  case edit(LineEdit)
  /// Tab.
  case tab
  /// Shift-Tab (`ESC[Z`).
  case backTab
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// Enter (CR or LF).
  case enter
  /// Esc alone.
  case escape
  /// Ctrl-L: redraw (or, with a screen reader, read the whole screen again).
  case redraw
  /// F1: read the key hints (to a screen reader; the drawn screen always shows them).
  case help
  /// Ctrl-R: send a new code, in the code step.
  case resend
  /// Ctrl-O: "Sign in with a browser" (open the device login), on the login form.
  case browserLogin
  /// Ctrl-Z: suspend to the shell, as a terminal program does (`fg` brings it back).
  case suspend
  /// Ctrl-C.
  case interrupt
  /// Ctrl-D.
  case endOfInput
}
