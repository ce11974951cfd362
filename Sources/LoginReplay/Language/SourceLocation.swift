/// Where something is in a session file: the file's name, the line and the column.
///
/// Lines and columns are 1-based. Columns count characters (Swift `Character`s, that is
/// extended grapheme clusters), not bytes, so `é` or `😀` is one column however many bytes
/// it takes. A location with line 0 means the file as a whole (it could not be opened or read).
public struct SourceLocation: Equatable, Hashable, Sendable {
  /// The file's name as the user gave it, or `<stdin>` for standard input.
  public var file: String
  /// The 1-based line number, or 0 for the file as a whole.
  public var line: Int
  /// The 1-based column in characters, or 0 when not known.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The name used for standard input in locations and messages.
  public static let standardInputName = "<stdin>"
}

extension SourceLocation: CustomStringConvertible {
  /// `FILE:LINE:COLUMN`, or `FILE:LINE` without a column, or `FILE` for the file as a whole.
  public var description: String {
    guard line > 0 else { return file }
    guard column > 0 else { return "\(file):\(line)" }
    return "\(file):\(line):\(column)"
  }
}
