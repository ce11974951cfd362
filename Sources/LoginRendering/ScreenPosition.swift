/// A place on a rendered screen: a line (0 is the top of the frame) and a column (0 is the
/// left edge), both counted in the terminal's cells.
public struct ScreenPosition: Equatable, Hashable, Sendable {
  /// The line, from the top of the screen.
  public var line: Int
  /// The column, from the left edge.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}
