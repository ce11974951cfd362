#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// Why a replay's standard output stopped taking text.
///
/// A closed pipe (`login-replay … | head -1`) is the reader's choice: the run ends quietly,
/// as Unix tools do. Any other failure (a full disk, `/dev/full`, an I/O error) loses output,
/// so it ends the run with one message on standard error and ``ExitCode/outputFailed``.
public enum OutputFailure: Equatable, Sendable {
  /// The reader closed the pipe (`EPIPE`).
  case closedPipe
  /// The write failed with this `errno`.
  case writeFailed(errno: Int32)

  /// The failure for a write that set `errno` to `code`.
  init(errno code: Int32) {
    self = code == EPIPE ? .closedPipe : .writeFailed(errno: code)
  }

  /// The line for standard error, or `nil` for a closed pipe, which ends quietly.
  public var message: String? {
    switch self {
    case .closedPipe:
      return nil
    case .writeFailed(let code):
      let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
      return "error: cannot write to standard output: \(reason)"
    }
  }
}
