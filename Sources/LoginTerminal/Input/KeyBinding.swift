/// The key table of `login-tui`, for its help and `Docs/Terminal.md`; ``KeyMap`` implements
/// it and a test checks each row against it.
public enum KeyBinding: CaseIterable, Sendable {
  case typing, backspace, clearField, nextFocus, previousFocus, enter, escape, resend, redraw, quit

  /// The keys, as the help writes them.
  public var keys: String {
    switch self {
    case .typing: "text, paste"
    case .backspace: "Backspace"
    case .clearField: "Ctrl-U"
    case .nextFocus: "Tab, Down"
    case .previousFocus: "Shift-Tab, Up"
    case .enter: "Enter"
    case .escape: "Esc"
    case .resend: "Ctrl-R"
    case .redraw: "Ctrl-L"
    case .quit: "Ctrl-C, Ctrl-D"
    }
  }

  /// What they do.
  public var abstract: String {
    switch self {
    case .typing: "Edit the focused field (UTF-8, bracketed paste)."
    case .backspace: "Delete the last character of the focused field."
    case .clearField: "Clear the focused field."
    case .nextFocus: "Focus the next control: email, password, show/hide toggle, button."
    case .previousFocus: "Focus the previous control."
    case .enter:
      "Activate the focused control: in the email field, move to the password; in the "
        + "password field, log in; toggle the password; press Log In, Try Again or Log Out; "
        + "in the code step, verify the code (it is checked by itself once complete)."
    case .escape: "Cancel the request in flight, or dismiss the error; in the code step, go back."
    case .resend: "In the code step, send a new code once the countdown is over."
    case .redraw: "Draw the screen again (with --screen-reader: read it again)."
    case .quit: "Quit, restoring the terminal."
    }
  }
}
