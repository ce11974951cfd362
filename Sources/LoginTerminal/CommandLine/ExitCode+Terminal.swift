import LoginCommandLine

extension ExitCode {
  /// 1 for `login-tui`: the terminal could not be set up or written.
  package static let terminalFailed = ExitCode.failure

  /// 128 + n: the program was ended by signal n (SIGTERM, SIGHUP, SIGINT), after restoring
  /// the terminal.
  package static func terminated(by signal: Int32) -> ExitCode {
    ExitCode(rawValue: 128 + signal)
  }
}
