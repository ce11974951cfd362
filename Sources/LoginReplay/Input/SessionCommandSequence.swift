/// Streams the commands of a session, one line at a time, with flat memory.
///
/// Each element is a parsed command or the error of one line; blank and comment lines are
/// skipped. After an error the reader goes on with the next line, so a front end can report
/// a bad line and continue (standard input) or collect every error
/// (``SessionChecker/check(path:realAuth:)``). It reads through a ``DescriptorLineReader``,
/// so on a pipe a command is available as soon as its newline arrives. It is a single-pass
/// `Sequence`.
///
/// ```swift
/// for result in SessionCommandSequence.standardInput() {
///   switch result {
///   case .success(let located): run(located.command)
///   case .failure(let error): report(error)
///   }
/// }
/// ```
public final class SessionCommandSequence: Sequence, IteratorProtocol {
  private let lines: DescriptorLineReader
  /// Room for a line's words, used again for every line: in memory of its own, so that
  /// lending it to the parser costs no access check, as a property of a class would.
  private let tokens: UnsafeMutablePointer<TokenRoom>

  /// Reads the session that `lines` delivers.
  public init(lines: DescriptorLineReader) {
    self.lines = lines
    tokens = .allocate(capacity: 1)
    tokens.initialize(to: TokenRoom())
  }

  deinit {
    tokens.deinitialize(count: 1)
    tokens.deallocate()
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
    do throws(SessionError) {
      guard let located = try nextCommand() else { return nil }
      return .success(located)
    } catch {
      return .failure(error)
    }
  }

  /// The next command, or `nil` at the end of the session; a line's error is thrown, and
  /// the next call goes on with the line after it.
  ///
  /// ``next()`` without its `Result`: a checker that reads a whole file copies no result
  /// of a line.
  func nextCommand() throws(SessionError) -> LocatedCommand? {
    try nextPlacedCommand().map { LocatedCommand($0, in: fileName) }
  }

  /// ``nextCommand()`` without the file's name, which is ``fileName`` for every command: the
  /// command, its line and the column of its first word. A line's error names the file.
  func nextPlacedCommand() throws(SessionError) -> PlacedCommand? {
    do throws(SessionError) {
      // The parser makes nothing of a blank or comment line, and the reader skips it.
      return try lines.nextLine { number, bytes throws(SessionError) in
        guard
          let parsed = try SessionParser.command(
            in: bytes, line: number, tokens: &tokens.pointee)
        else { return nil }
        return (parsed.command, number, parsed.column)
      }
    } catch {
      // The reader's own errors name the file already; the parser's name none.
      throw error.named(lines.fileName)
    }
  }
}
