/// Where a replay writes: its standard output (snapshots, traces, JSON lines, the summary)
/// and its standard error (diagnostics such as `FILE:LINE: expectation failed: …`).
///
/// The runner calls it from one task at a time and calls ``flush()`` after every command, so
/// a program driving `login-replay -` reads each command's answer as soon as it is complete.
/// ``StandardStreamsOutput`` writes to the process's streams; ``CapturedOutput`` keeps the
/// text, for tests and other front ends.
public protocol ReplayOutput: AnyObject {
  /// Writes `text` and a line end to standard output.
  func writeLine(_ text: String)
  /// Writes `text` and a line end to standard error.
  func writeErrorLine(_ text: String)
  /// Makes everything written so far visible to a reader.
  func flush()
  /// Why standard output takes no more text, once writing to it failed; `nil` while it works.
  /// The run stops at the next command when it is set.
  var failure: OutputFailure? { get }
}

extension ReplayOutput {
  /// Never: output kept in memory cannot fail.
  public var failure: OutputFailure? { nil }
}
