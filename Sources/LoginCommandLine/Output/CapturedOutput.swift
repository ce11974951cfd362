import LoginFlow

/// A ``CommandOutput`` that keeps what a program printed, for tests and embedding front ends.
///
/// ```swift
/// let output = CapturedOutput()
/// let status = await ReplayCommand.run(["Docs/Examples/demo.login"], output: output)
/// print(output.standardOutput)
/// ```
public final class CapturedOutput: CommandOutput {
  /// Everything written to standard output, each line ending in `\n`.
  public private(set) var standardOutput = ""
  /// Everything written to standard error, each line ending in `\n`.
  public private(set) var standardError = ""
  /// Every status line shown, in order (`nil`: erased), when ``isTerminal``.
  public private(set) var statusLines: [String?] = []
  /// Whether the capture plays a terminal, which shows status lines.
  public var isTerminal = false
  /// How many times ``flush()`` was called (`login-replay`: once per command, and at the end).
  public private(set) var flushCount = 0

  /// Creates an empty capture.
  public init() {}

  /// Appends `text`, escaped as every output is, and `\n` to ``standardOutput``.
  public func writeLine(_ text: String) {
    standardOutput += ScalarEscape.escapingAllButLineFeeds(text)
    standardOutput += "\n"
  }

  /// Appends `text`, escaped as every output is, and `\n` to ``standardError``.
  public func writeErrorLine(_ text: String) {
    standardError += ScalarEscape.escapingAllButLineFeeds(text)
    standardError += "\n"
  }

  /// Records the status line when ``isTerminal``.
  public func showStatus(_ text: String?) {
    if isTerminal { statusLines.append(text.map(ScalarEscape.escaping)) }
  }

  /// Counts the call; captured text is always complete.
  public func flush() {
    flushCount += 1
  }
}
