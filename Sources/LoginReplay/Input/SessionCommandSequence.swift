/// Streams the commands of a session, one line at a time, with flat memory.
///
/// Each element is a parsed command or the error of one line; blank and comment lines are
/// skipped. After an error the reader goes on with the next line, so a front end can report
/// a bad line and continue (standard input) or collect every error (``SessionChecker``). It
/// reads through a ``DescriptorLineReader``, so on a pipe a command is available as soon as
/// its newline arrives. It is a single-pass `Sequence`.
///
/// ```swift
/// for result in try SessionCommandSequence(path: "demo.login") {
///   switch result {
///   case .success(let located): print(located.command)
///   case .failure(let error): print(error)
///   }
/// }
/// ```
public final class SessionCommandSequence: Sequence, IteratorProtocol {
  private let lines: DescriptorLineReader

  /// Reads the session that `lines` delivers.
  public init(lines: DescriptorLineReader) {
    self.lines = lines
  }

  /// Reads the session file at `path`.
  ///
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` when the file cannot be opened.
  public convenience init(path: String) throws(SessionError) {
    self.init(lines: try DescriptorLineReader(path: path))
  }

  /// A reader of the session on standard input, named `<stdin>` in locations.
  public static func standardInput() -> SessionCommandSequence {
    SessionCommandSequence(
      lines: DescriptorLineReader(fileDescriptor: 0, fileName: SourceLocation.standardInputName))
  }

  /// The name used in locations: the path or `<stdin>`.
  public var fileName: String { lines.fileName }

  /// The next command or line error, or `nil` at the end of the session.
  public func next() -> Result<LocatedCommand, SessionError>? {
    while let line = lines.next() {
      switch line {
      case .failure(let error):
        return .failure(error)
      case .success(let line):
        if let parsed = SessionParser.parse(line.text, file: fileName, line: line.number) {
          return parsed
        }
      }
    }
    return nil
  }
}
