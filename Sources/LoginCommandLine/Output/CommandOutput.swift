/// Where a program writes: its standard output (what it was asked for) and its standard
/// error (diagnostics).
///
/// ``StandardStreamsOutput`` writes to the process's streams and never traps;
/// ``CapturedOutput`` keeps the text, for tests and other front ends. A caller that
/// streams (`login-replay -`) calls ``flush()`` after each piece, so a reader sees it at
/// once.
///
/// Both write every text with its controls, C1 controls and bidirectional formatting
/// characters escaped as `\u{HEX}` (line feeds stay line ends): whatever a session file, an
/// argument, the environment or a server put into a message, it cannot drive the terminal
/// that shows it.
public protocol CommandOutput: AnyObject {
  /// Writes `text` and a line end to standard output.
  func writeLine(_ text: String)
  /// Writes `text` and a line end to standard error.
  func writeErrorLine(_ text: String)
  /// Makes everything written so far visible to a reader.
  func flush()
  /// Shows `text` as the one status line at the bottom of a terminal, replacing the last
  /// one; `nil` erases it. Nothing at all when standard error is not a terminal, so logs
  /// and pipes never see it.
  func showStatus(_ text: String?)
  /// Why standard output takes no more text, once writing to it failed; `nil` while it works.
  /// A program stops at its next step when it is set.
  var failure: OutputFailure? { get }
}

extension CommandOutput {
  /// Never: output kept in memory cannot fail.
  public var failure: OutputFailure? { nil }

  /// Nothing: output that is not a terminal shows no status line.
  public func showStatus(_ text: String?) {}

  /// Flushes, then gives the status to exit with: `status`, unless standard output could
  /// not be written (``ExitCode/outputFailed``). A pipe closed by its reader keeps `status`.
  package func finish(_ status: ExitCode) -> ExitCode {
    flush()
    return failure?.exitCode(otherwise: status) ?? status
  }
}
