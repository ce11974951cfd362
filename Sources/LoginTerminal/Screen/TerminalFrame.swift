import LoginFlow
import LoginRendering

/// One frame of the drawn screen: the login screen centred in the terminal, or a one-line
/// message when the terminal is too small for it, as the bytes to write in one write.
///
/// Pure: the same state, focus, size and look give the same bytes.
public struct TerminalFrame: Equatable, Sendable {
  /// The widest the login screen is drawn; a wider terminal centres it.
  public static let maximumWidth = 60
  /// Leaves this many columns free around the screen when the terminal is narrower than
  /// ``maximumWidth`` plus it.
  public static let margin = 2

  /// What the look depends on besides the state.
  public struct Look: Equatable, Sendable {
    /// Plain ASCII instead of box-drawing characters.
    public var ascii: Bool
    /// Whether to colour errors, success and the disabled button.
    public var color: Bool
    /// The spinner's frame.
    public var spinnerFrame: Int
    /// Whether the form shows "Sign in with a browser" (the service offers device login).
    public var offersDeviceLogin: Bool

    /// Creates a look.
    public init(
      ascii: Bool = false, color: Bool = false, spinnerFrame: Int = 0,
      offersDeviceLogin: Bool = false
    ) {
      self.ascii = ascii
      self.color = color
      self.spinnerFrame = spinnerFrame
      self.offersDeviceLogin = offersDeviceLogin
    }
  }

  /// The rows of the terminal, top first, without escape sequences other than colours.
  public var rows: [String]
  /// Where the terminal's cursor goes (row and column from 0): the caret of the focused
  /// field, or `nil` to hide the cursor.
  public var cursor: ScreenPosition?

  /// The frame for `state` with `focus` and the caret `caret` characters into the focused
  /// field, in a terminal of `size`: the screen centred above the key-hint line
  /// (``KeyHints``), which takes the last row when there is one to spare.
  public init(
    state: LoginState, focus: Focus, caret: Int? = nil, size: TerminalSize, look: Look
  ) {
    let width = min(Self.maximumWidth, size.columns - Self.margin)
    let smallest = TextRenderer.Options.widthRange.lowerBound
    guard
      var options = try? TextRenderer.Options(
        width: max(width, smallest), ascii: look.ascii, spinnerFrame: look.spinnerFrame,
        focus: focus)
    else {
      rows = [Self.tooSmall(size, needed: TerminalSize(columns: smallest, rows: 0))]
      return
    }
    options.caret = caret
    options.offersDeviceLogin = look.offersDeviceLogin
    let renderer = TextRenderer(options: options)
    let lines = renderer.styledLines(state)
    guard size.columns >= options.width, size.rows >= lines.count else {
      rows = [
        Self.tooSmall(size, needed: TerminalSize(columns: options.width, rows: lines.count))
      ]
      return
    }
    let hasHints = size.rows > lines.count
    let leftColumns = (size.columns - options.width) / 2
    let left = String(repeating: " ", count: leftColumns)
    let top = (size.rows - (hasHints ? 1 : 0) - lines.count) / 2
    rows =
      Array(repeating: "", count: top)
      + lines.map { left + (look.color ? Self.colored($0) : $0.text) }
    if hasHints {
      let hints = KeyHints.line(for: state, width: size.columns, ascii: look.ascii)
      let centred = String(repeating: " ", count: (size.columns - hints.count) / 2) + hints
      rows += Array(repeating: "", count: size.rows - 1 - rows.count)
      rows.append(look.color ? "\u{1B}[2m" + centred + "\u{1B}[0m" : centred)
    }
    cursor = renderer.caretPosition(state).map {
      ScreenPosition(line: top + $0.line, column: leftColumns + $0.column)
    }
  }

  /// The one-line message shown instead of a screen that does not fit, cut to the width.
  static func tooSmall(_ size: TerminalSize, needed: TerminalSize) -> String {
    let message =
      "Terminal too small (\(size.columns)x\(size.rows)): the login screen needs "
      + "\(needed.columns)x\(max(needed.rows, 1)). Resize to continue, Ctrl-C to quit."
    return String(message.prefix(max(size.columns, 0)))
  }

  /// The line with its inside (between the frame's edges) in its style's colour.
  static func colored(_ line: StyledLine) -> String {
    let code: String
    switch line.style {
    case .plain: return line.text
    case .error: code = "31"
    case .success: code = "32"
    case .dimmed: code = "2"
    }
    guard line.text.count > 2, let first = line.text.first, let last = line.text.last else {
      return line.text
    }
    return String(first) + "\u{1B}[\(code)m" + String(line.text.dropFirst().dropLast())
      + "\u{1B}[0m" + String(last)
  }

  /// The bytes to write: cursor home, each row cleared to its end, the rest of the terminal
  /// cleared — one write, so the terminal never shows half a frame.
  ///
  /// Then the cursor goes to the caret and is shown, or is hidden when no field has one.
  public var bytes: String {
    let cursorControl =
      cursor.map { "\u{1B}[\($0.line + 1);\($0.column + 1)H\u{1B}[?25h" } ?? "\u{1B}[?25l"
    return "\u{1B}[H" + rows.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
      + cursorControl
  }
}
