/// The characters a screen is drawn with: box-drawing and symbols, or plain 7-bit ASCII.
///
/// Both sets have the same shape (every glyph is one column wide), so the layout code is
/// shared and only the look changes. `Docs/Rendering.md` shows both.
struct ScreenGlyphs: Sendable {
  /// A box: its corners, horizontal and vertical edges.
  struct Box: Sendable {
    /// Top-left, top-right, bottom-left and bottom-right corners.
    var topLeft, topRight, bottomLeft, bottomRight: Character
    /// The top and bottom edges.
    let horizontal: String
    /// The left and right edges.
    var vertical: Character
    /// The UTF-8 of each character of the edge pattern, `horizontal` (a space when empty),
    /// prepared once so that drawing an edge copies bytes.
    let horizontalUTF8: [[UInt8]]

    init(
      topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
      horizontal: String, vertical: Character
    ) {
      self.topLeft = topLeft
      self.topRight = topRight
      self.bottomLeft = bottomLeft
      self.bottomRight = bottomRight
      self.horizontal = horizontal
      self.vertical = vertical
      horizontalUTF8 = (horizontal.isEmpty ? [" "] : Array(horizontal)).map {
        Array(String($0).utf8)
      }
    }

    /// The top edge of a box `width` columns wide.
    func top(_ width: Int) -> String { edge(topLeft, topRight, width) }
    /// The bottom edge of a box `width` columns wide.
    func bottom(_ width: Int) -> String { edge(bottomLeft, bottomRight, width) }

    /// A corner, `horizontal` repeated (a pattern is cut to fit), and a corner.
    private func edge(_ left: Character, _ right: Character, _ width: Int) -> String {
      let inner = max(0, width - 2)
      let pattern = horizontal.isEmpty ? [" "] : Array(horizontal)
      let fill = (0..<inner).map { pattern[$0 % pattern.count] }
      return String(left) + String(fill) + String(right)
    }
  }

  /// The frame around the whole screen.
  var frame: Box
  /// The frame of a text field.
  var field: Box
  /// The frame of the button when it can be pressed.
  var enabledButton: Box
  /// The frame of the button when it cannot be pressed.
  var disabledButton: Box
  /// The padlock drawn above the title, one string per line (all the same width).
  var lock: [String]
  /// What stands for each character of a hidden password.
  var mask: DisplayCell
  /// What replaces the cut-off start of a value too long for its field.
  var ellipsis: DisplayCell
  /// The frames of the busy spinner, one per tick.
  var spinner: [String]
  /// What follows "Signing in" while a request is in flight: an ellipsis, or three dots.
  var trailingDots: String
  /// What comes before the "Login successful" line.
  var successMark: String
  /// What starts an error message.
  var errorMark: String
  /// What marks the focused control in the margin left of it (one column).
  var focusMarker: String
  /// A digit of the code not typed yet.
  var emptyDigit: String

  /// Box-drawing characters and a few symbols; each is one column wide.
  static let unicode = ScreenGlyphs(
    frame: Box(
      topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─",
      vertical: "│"),
    field: Box(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
      vertical: "│"),
    enabledButton: Box(
      topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━",
      vertical: "┃"),
    disabledButton: Box(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "╌",
      vertical: "╎"),
    lock: [" ╭─╮ ", "╭┴─┴╮", "│ ● │", "╰───╯"],
    mask: DisplayCell(text: "•", width: 1),
    ellipsis: DisplayCell(text: "…", width: 1),
    spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    trailingDots: "…",
    successMark: "✓",
    errorMark: "!",
    focusMarker: "▸",
    emptyDigit: "○"
  )

  /// Printable 7-bit ASCII only, for terminals and logs that need it.
  static let ascii = ScreenGlyphs(
    frame: Box(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
      vertical: "|"),
    field: Box(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
      vertical: "|"),
    enabledButton: Box(
      topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=",
      vertical: "#"),
    disabledButton: Box(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: " -",
      vertical: ":"),
    lock: [" .-. ", "+-+-+", "| o |", "+---+"],
    mask: DisplayCell(text: "*", width: 1),
    ellipsis: DisplayCell(text: "...", width: 3),
    spinner: ["|", "/", "-", "\\"],
    trailingDots: "...",
    successMark: "[ok]",
    errorMark: "!",
    focusMarker: ">",
    emptyDigit: "_"
  )
}
