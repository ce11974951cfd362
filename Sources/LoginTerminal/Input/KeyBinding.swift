/// The key table of `login-tui`, for its help, its hint line and `Docs/Terminal.md`;
/// ``KeyDecoder`` and ``KeyMap`` implement it and a test checks each row against them.
public enum KeyBinding: CaseIterable, Sendable {
  case typing, moveCaret, moveToStart, moveToEnd, moveByWord, backspace, delete, deleteWord
  case deleteToStart, deleteToEnd, nextFocus, previousFocus, enter, escape, resend
  case browserLogin, redraw
  case help, suspend, quit

  /// The keys, as the help writes them, the one the hint line shows first.
  public var keys: [String] {
    switch self {
    case .typing: ["text", "paste"]
    case .moveCaret: ["Left", "Right", "Ctrl-B", "Ctrl-F"]
    case .moveToStart: ["Home", "Ctrl-A"]
    case .moveToEnd: ["End", "Ctrl-E"]
    case .moveByWord: ["Alt-B", "Alt-F", "Ctrl-Left", "Ctrl-Right"]
    case .backspace: ["Backspace"]
    case .delete: ["Delete"]
    case .deleteWord: ["Ctrl-W", "Alt-Backspace"]
    case .deleteToStart: ["Ctrl-U"]
    case .deleteToEnd: ["Ctrl-K"]
    case .nextFocus: ["Tab", "Down"]
    case .previousFocus: ["Shift-Tab", "Up"]
    case .enter: ["Enter"]
    case .escape: ["Esc"]
    case .resend: ["Ctrl-R"]
    case .browserLogin: ["Ctrl-O"]
    case .redraw: ["Ctrl-L"]
    case .help: ["F1"]
    case .suspend: ["Ctrl-Z"]
    case .quit: ["Ctrl-C", "Ctrl-D"]
    }
  }

  /// What they do.
  public var abstract: String {
    switch self {
    case .typing: "Insert at the caret of the focused field (UTF-8, bracketed paste)."
    case .moveCaret: "Move the caret one character left or right."
    case .moveToStart: "Move the caret to the start of the field."
    case .moveToEnd: "Move the caret to the end of the field."
    case .moveByWord: "Move the caret a word left or right (a word is letters and digits)."
    case .backspace: "Delete the character before the caret."
    case .delete: "Delete the character after the caret."
    case .deleteWord: "Delete the word before the caret."
    case .deleteToStart: "Delete everything before the caret."
    case .deleteToEnd: "Delete everything after the caret."
    case .nextFocus: "Focus the next control: email, password, show/hide toggle, button."
    case .previousFocus: "Focus the previous control."
    case .enter:
      "Activate the focused control: in the email field, move to the password; in the "
        + "password field, log in; toggle the password; press Log In, Try Again or Log Out; "
        + "in the code step, verify the code (it is checked by itself once complete)."
    case .escape: "Cancel the request in flight, or dismiss the error; in the code step, go back."
    case .resend: "In the code step, send a new code once the countdown is over."
    case .browserLogin:
      "On the login form, sign in with a browser (device login), when the service offers it."
    case .redraw: "Draw the screen again (with --screen-reader: read it again)."
    case .help: "With --screen-reader, read the key hints the screen's last line shows."
    case .suspend: "Suspend to the shell, the terminal restored; `fg` brings the screen back."
    case .quit: "Quit, restoring the terminal."
    }
  }
}
