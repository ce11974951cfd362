/// The two passes over a session FILE: check it whole, then stream its commands.
///
/// A file is checked completely before anything runs, and a file with errors runs nothing.
/// Both passes read the file as a stream, so memory stays flat however long it is.
///
/// ```swift
/// let errors = try SessionFile.check(path: path)
/// guard errors.isEmpty else { errors.forEach { print($0) }; return .usageOrInputError }
/// for case .success(let located) in try SessionFile.commands(path: path) { … }
/// ```
public enum SessionFile {
  /// The most errors a check reports; it stops reading after that many.
  public static let maximumReportedErrors = 20

  /// Reads the whole file at `path` and returns its errors in line order, at most
  /// ``maximumReportedErrors`` (at most one per line: the first one of that line).
  ///
  /// - Returns: An empty array when every line parses.
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` when the file cannot be opened.
  public static func check(path: String) throws(SessionError) -> [SessionError] {
    check(try SessionReader(path: path))
  }

  /// The errors of a session read by `reader`, at most `limit`, in line order.
  public static func check(
    _ reader: SessionReader, limit: Int = SessionFile.maximumReportedErrors
  ) -> [SessionError] {
    var errors: [SessionError] = []
    for case .failure(let error) in reader {
      errors.append(error)
      if errors.count >= limit { break }
    }
    return errors
  }

  /// A fresh stream of the commands of the file at `path`, for the run after the check.
  ///
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` when the file cannot be opened.
  public static func commands(path: String) throws(SessionError) -> SessionReader {
    try SessionReader(path: path)
  }
}
