import LoginFlow
import LoginRendering

/// What the front end does for one key: where the focus and the caret go, what it sends to
/// the store, and whether it quits, redraws, suspends or reads the key hints.
public struct KeyResponse: Equatable, Sendable {
  /// What the front end does besides focus, caret and actions.
  public enum Command: Equatable, Sendable {
    /// Restore the terminal and exit.
    case quit
    /// Draw the whole screen again (or read it again to a screen reader).
    case redraw
    /// Read the key hints to a screen reader (the drawn screen shows them).
    case speakHints
    /// Restore the terminal and stop, as Ctrl-Z does; draw again when continued.
    case suspend
  }

  /// The focus after the key.
  public var focus: Focus
  /// How many characters of the focused field are before the caret after the key, if the
  /// store takes the edit (0 when no field is focused).
  public var caret: Int
  /// The actions to send to the store, in order; the store decides what they do.
  public var actions: [LoginAction]
  /// What the key asks of the program, if anything.
  public var command: Command?

  /// Creates a response.
  public init(
    focus: Focus, caret: Int, actions: [LoginAction] = [], command: Command? = nil
  ) {
    self.focus = focus
    self.caret = caret
    self.actions = actions
    self.command = command
  }
}
