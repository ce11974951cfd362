import LoginFlow

/// Something the front end's loop reacts to; every source (the keyboard, the store, the
/// signals, the spinner) feeds one stream of them, so the loop awaits and uses no CPU while
/// nothing happens.
enum AppEvent: Sendable {
  /// Bytes read from the keyboard.
  case input([UInt8])
  /// Standard input ended or failed: quit.
  case inputEnded
  /// The store published a state.
  case state(LoginState)
  /// SIGWINCH: the terminal changed size.
  case resized
  /// A signal asking the program to end (SIGTERM, SIGHUP, SIGINT).
  case terminated(Int32)
  /// The spinner's next frame is due.
  case tick
}
