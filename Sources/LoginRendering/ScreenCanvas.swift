/// A screen under construction: a frame of fixed width, filled one row at a time.
///
/// Every row goes through ``TextLayout``, so every line of the finished screen is exactly
/// ``width`` columns wide, whatever text it holds.
struct ScreenCanvas {
  /// The width of every line, frame included.
  let width: Int
  /// The characters to draw with.
  let glyphs: ScreenGlyphs
  /// Whether text must be escaped down to printable ASCII.
  let ascii: Bool
  /// The lines drawn so far, the top of the frame first.
  private var lines: [String]
  /// The style of each line drawn so far.
  private var styles: [StyledLine.Style]
  /// The style of the lines drawn next.
  var style = StyledLine.Style.plain

  /// Starts a screen with the top of its frame.
  init(width: Int, glyphs: ScreenGlyphs, ascii: Bool) {
    self.width = width
    self.glyphs = glyphs
    self.ascii = ascii
    self.lines = [glyphs.frame.top(width)]
    self.styles = [.plain]
  }

  /// The columns inside the frame and its one-column margins.
  var innerWidth: Int { width - 4 }

  /// The columns for a value inside a box drawn within the frame.
  var boxContentWidth: Int { innerWidth - 4 }

  /// `text` as cells in this screen's character set.
  func cells(_ text: String) -> [DisplayCell] {
    TerminalText.cells(text, ascii: ascii)
  }

  /// An empty row.
  mutating func blank() {
    row([], alignment: .leading)
  }

  /// One row holding `cells`, which must fit in ``innerWidth`` (they are cut otherwise);
  /// `marked` draws the focus marker in its left margin.
  mutating func row(_ cells: [DisplayCell], alignment: TextLayout.Alignment, marked: Bool = false) {
    let edge = String(glyphs.frame.vertical)
    let margin = marked ? glyphs.focusMarker : " "
    lines.append(
      edge + margin + TextLayout.pad(cells, to: innerWidth, alignment: alignment) + " " + edge)
    styles.append(style)
  }

  /// Fixed text, wrapped at spaces onto as many rows as it needs.
  mutating func paragraph(_ text: String, alignment: TextLayout.Alignment) {
    for line in TextLayout.wrap(cells(text), width: innerWidth) {
      row(line, alignment: alignment)
    }
  }

  /// A message after a mark (`! message`), wrapped with its later lines indented under it.
  mutating func marked(_ text: String, mark: String) {
    let markCells = cells(mark + " ")
    let indent = [DisplayCell(text: TextLayout.spaces(markCells.width), width: markCells.width)]
    let wrapped = TextLayout.wrap(cells(text), width: innerWidth - markCells.width)
    for (index, line) in wrapped.enumerated() {
      row((index == 0 ? markCells : indent) + line, alignment: .leading)
    }
  }

  /// A box as wide as the inside of the frame, holding one line of `content`.
  mutating func box(
    _ box: ScreenGlyphs.Box, content: [DisplayCell], alignment: TextLayout.Alignment,
    marked: Bool = false
  ) {
    let inside = TextLayout.pad(content, to: boxContentWidth, alignment: alignment)
    row([chrome(box.top(innerWidth))], alignment: .leading)
    row(
      [
        chrome(String(box.vertical) + " "),
        DisplayCell(text: inside, width: boxContentWidth),
        chrome(" " + String(box.vertical)),
      ],
      alignment: .leading, marked: marked)
    row([chrome(box.bottom(innerWidth))], alignment: .leading)
  }

  /// Drawing characters as one cell; every glyph in ``ScreenGlyphs`` is one column wide.
  func chrome(_ text: String) -> DisplayCell {
    DisplayCell(text: text, width: text.count)
  }

  /// The finished screen: the bottom of the frame is added, each line with its style.
  func finished() -> [StyledLine] {
    zip(lines + [glyphs.frame.bottom(width)], styles + [.plain]).map {
      StyledLine(text: $0, style: $1)
    }
  }
}
