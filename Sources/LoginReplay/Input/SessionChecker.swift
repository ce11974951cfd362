/// Checks a whole session FILE before anything runs: a file with errors runs nothing.
///
/// The check reads the file as a stream, like the run after it, so memory stays flat however
/// long the file is; the run then reads it again with a fresh ``SessionCommandSequence``.
///
/// ```swift
/// let errors = try SessionChecker.check(path: path)
/// guard errors.isEmpty else { errors.forEach { print($0) }; return .usageOrInputError }
/// for case .success(let located) in try SessionCommandSequence(path: path) { … }
/// ```
public enum SessionChecker {
  /// The most errors a check reports; it stops reading after that many.
  public static let maximumReportedErrors = 20

  /// Reads the whole file at `path` and returns its errors in line order, at most
  /// ``maximumReportedErrors`` (at most one per line: the first one of that line).
  ///
  /// - Parameters:
  ///   - path: The session file.
  ///   - realAuth: Whether the session runs against a real server (`--auth URL`), where
  ///     every `respond` line is an error too.
  /// - Returns: An empty array when every line parses.
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` when the file cannot be opened.
  public static func check(path: String, realAuth: Bool = false) throws(SessionError)
    -> [SessionError]
  {
    check(try SessionCommandSequence(path: path), realAuth: realAuth)
  }

  /// The errors of the session `commands` delivers, at most `limit`, in line order; with a
  /// real auth service (`realAuth`), every `respond` is one too.
  public static func check(
    _ commands: SessionCommandSequence, realAuth: Bool = false,
    limit: Int = SessionChecker.maximumReportedErrors
  ) -> [SessionError] {
    var errors: [SessionError] = []
    while errors.count < limit, let next = commands.next() {
      switch next {
      case .failure(let error):
        errors.append(error)
      case .success(let located):
        if realAuth, case .respond = located.command {
          errors.append(SessionError(.respondWithRealAuth, at: located.location))
        }
      }
    }
    return errors
  }
}
