import LoginFlow

/// Something the front end's loop reacts to; every source (the keyboard, the store, the
/// signals, the spinner, the escape timeout) feeds one stream of them, so the loop awaits and
/// uses no CPU while nothing happens.
enum AppEvent: Sendable {
  /// Bytes read from the keyboard.
  case input([UInt8])
  /// Standard input ended or failed: quit.
  case inputEnded
  /// Nothing followed an unfinished escape sequence for ``KeyDecoder/escapeTimeout``; the
  /// number tells a current timeout from one already superseded by more input.
  case inputPaused(Int)
  /// The store published a state.
  case state(LoginState)
  /// SIGWINCH: the terminal changed size.
  case resized
  /// SIGTSTP (`kill -TSTP`; Ctrl-Z arrives as a key): restore the terminal and stop.
  case stopRequested
  /// SIGCONT: the program was continued (after a stop it did not see coming too).
  case continued
  /// A signal asking the program to end (SIGTERM, SIGHUP, SIGINT).
  case terminated(Int32)
  /// The spinner's next frame is due.
  case tick
}
