/// A key press (or a paste) read from the terminal, decoded by ``KeyDecoder``.
public enum Key: Equatable, Sendable {
  /// Printable text typed, one or more characters (multi-byte UTF-8 included).
  case text(String)
  /// Text pasted with bracketed paste (`ESC[200~ … ESC[201~`), control characters removed.
  case paste(String)
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Ctrl-U.
  case clearField
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
  /// Ctrl-R: send a new code, in the code step.
  case resend
  /// Ctrl-C or Ctrl-D.
  case quit
}
