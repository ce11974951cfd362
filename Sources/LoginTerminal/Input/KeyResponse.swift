import LoginFlow
import LoginRendering

/// What the front end does for one key: where the focus goes, what it sends to the store,
/// and whether it quits or redraws.
public struct KeyResponse: Equatable, Sendable {
  /// What the front end does besides focus and actions.
  public enum Command: Equatable, Sendable {
    /// Restore the terminal and exit.
    case quit
    /// Draw the whole screen again (or read it again to a screen reader).
    case redraw
  }

  /// The focus after the key.
  public var focus: Focus
  /// The actions to send to the store, in order; the store decides what they do.
  public var actions: [LoginAction]
  /// Quit or redraw, if the key asks for it.
  public var command: Command?

  /// Creates a response.
  public init(focus: Focus, actions: [LoginAction] = [], command: Command? = nil) {
    self.focus = focus
    self.actions = actions
    self.command = command
  }
}
