#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a program's standard output stopped taking text.
///
/// A closed pipe (`login-replay … | head -1`) is the reader's choice: the program ends
/// quietly, as Unix tools do. Any other failure (a full disk, `/dev/full`, an I/O error, a
/// closed descriptor) loses output, so it is said once on standard error and the program
/// exits with ``ExitCode/outputFailed``.
public enum OutputFailure: Equatable, Sendable {
  /// The reader closed the pipe (`EPIPE`).
  case closedPipe
  /// The write failed with this `errno`.
  case writeFailed(errno: Int32)

  /// The failure for a write that set `errno` to `code`.
  package init(errno code: Int32) {
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

  /// The status a program that would have ended with `status` ends with after this
  /// failure: ``ExitCode/outputFailed`` unless the reader closed the pipe.
  package func exitCode(otherwise status: ExitCode) -> ExitCode {
    switch self {
    case .closedPipe: status
    case .writeFailed: .outputFailed
    }
  }
}
