/// One line of a session as the ``LineReader`` delivers it: valid UTF-8 text and its number.
public struct SourceLine: Equatable, Sendable {
  /// The 1-based line number.
  public var number: Int
  /// The line's text without its line end (`\n` or `\r\n`); never contains NUL.
  public var text: String

  /// Creates a line.
  public init(number: Int, text: String) {
    self.number = number
    self.text = text
  }
}
