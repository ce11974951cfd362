/// The exit statuses of `login-tui`. A terminating signal (SIGTERM, SIGHUP, SIGINT) ends it
/// with 128 plus the signal's number, after restoring the terminal.
public enum TerminalExitCode: Int32, CaseIterable, Equatable, Sendable {
  /// The user quit.
  case success = 0
  /// The terminal could not be set up or written.
  case terminalFailed = 1
  /// A usage error, or standard input or output is not a terminal.
  case usageError = 2
  /// With `--remember`, the session file was refused (other users can read it, another user
  /// owns it, it is not a regular file) or has no place; nothing was drawn.
  case sessionFileRefused = 3

  /// What the status means, for the help.
  public var abstract: String {
    switch self {
    case .success: "the user quit"
    case .terminalFailed: "the terminal could not be set up or written"
    case .usageError: "a usage error, or standard input or output is not a terminal"
    case .sessionFileRefused: "with --remember, the session file was refused or has no place"
    }
  }
}
