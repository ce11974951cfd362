/// A terminal's size in character cells, as `TIOCGWINSZ` reports it.
public struct TerminalSize: Equatable, Hashable, Sendable {
  /// The width in columns.
  public var columns: Int
  /// The height in rows.
  public var rows: Int

  /// Creates a size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
