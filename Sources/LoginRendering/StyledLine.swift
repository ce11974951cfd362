/// One line of a rendered screen with what it shows, for front ends that colour it.
///
/// ``TextRenderer/styledLines(_:)`` gives them; the text is exactly the line of
/// ``TextRenderer/render(_:)``, so the colours are an addition a front end may leave out.
public struct StyledLine: Equatable, Hashable, Sendable {
  /// What a line shows, for its colour.
  public enum Style: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Anything else.
    case plain
    /// An error: the inline email error or the login error (red).
    case error
    /// The success line (green).
    case success
    /// A button that cannot be pressed, or the spinner's box (dim).
    case dimmed
  }

  /// The line, exactly as ``TextRenderer/render(_:)`` draws it.
  public var text: String
  /// What it shows.
  public var style: Style

  /// Creates a line.
  public init(text: String, style: Style) {
    self.text = text
    self.style = style
  }
}
