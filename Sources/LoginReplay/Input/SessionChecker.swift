/// Checks a whole session FILE before anything runs: a file with errors runs nothing.
///
/// The check reads the file as a stream, like the run after it, so memory stays flat however
/// long the file is; the run then reads it again with a fresh ``SessionCommandSequence``.
/// (`login-replay` keeps the parsed commands of a file of at most
/// ``maximumKeptCommands`` commands and runs those instead: see
/// ``check(_:realAuth:keepingAtMost:)``.)
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
    check(commands, realAuth: realAuth, limit: limit, keepingAtMost: 0).errors
  }

  /// How many parsed commands a check keeps for the run after it: about a megabyte and a
  /// half of commands, so that a typical session is parsed once while a longer one is read
  /// again and memory stays flat.
  static let maximumKeptCommands = 16_384

  /// The errors, as ``check(_:realAuth:limit:)`` finds them, and the commands when the
  /// session has no error and at most `keepLimit` commands (else `nil`): the run can use them
  /// instead of reading and parsing the file a second time.
  static func check(
    _ commands: SessionCommandSequence, realAuth: Bool = false,
    limit: Int = SessionChecker.maximumReportedErrors,
    keepingAtMost keepLimit: Int = SessionChecker.maximumKeptCommands
  ) -> (errors: [SessionError], commands: KeptCommands?) {
    var errors: [SessionError] = []
    var kept = keepLimit > 0 ? KeptCommands(file: commands.fileName, capacity: keepLimit) : nil
    // Whether the whole session was read: a check stopped at its error limit keeps nothing.
    var readAll = false
    while errors.count < limit {
      let next: PlacedCommand
      do throws(SessionError) {
        guard let parsed = try commands.nextPlacedCommand() else {
          readAll = true
          break
        }
        next = parsed
      } catch {
        errors.append(error)
        continue
      }
      if realAuth, case .respond = next.command {
        errors.append(
          SessionError(
            .respondWithRealAuth,
            at: SourceLocation(file: commands.fileName, line: next.line, column: next.column)))
      }
      // Kept last, so that the command moves into the keeper instead of being copied.
      if let keeper = kept, !keeper.append(next) { kept = nil }
    }
    return (errors, errors.isEmpty && readAll ? kept : nil)
  }
}
