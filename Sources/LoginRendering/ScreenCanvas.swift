/// A screen under construction: a frame of fixed width, filled one row at a time.
///
/// Every row is fitted like ``TextLayout`` fits text (cut to the room, then padded), so every
/// line of the finished screen is exactly ``width`` columns wide, whatever text it holds. The
/// screen is written as UTF-8 bytes into one buffer, and becomes a `String` once, at the end:
/// no line is a `String` of its own. Printable ASCII text (every fixed text of the screen, and
/// most input) is laid out directly on its bytes, where a byte is a cell one column wide; any
/// other text goes through ``TerminalText``'s cells.
struct ScreenCanvas {
  /// The width of every line, frame included.
  let width: Int
  /// The characters to draw with.
  let glyphs: ScreenGlyphs
  /// Whether text must be escaped down to printable ASCII.
  let ascii: Bool
  /// The screen so far, as UTF-8: lines separated by `\n`, the top of the frame first.
  private var bytes: [UInt8] = []
  /// The frame's left and right edge, as UTF-8.
  private let edge: [UInt8]
  /// The style of each line drawn so far, the top of the frame first.
  private var styles: [StyledLine.Style] = [.plain]
  /// The style of the lines drawn next.
  var style = StyledLine.Style.plain
  /// Where the caret of the focused field is drawn, once its box is.
  private(set) var caret: ScreenPosition?

  /// Starts a screen with the top of its frame.
  init(width: Int, glyphs: ScreenGlyphs, ascii: Bool) {
    self.width = width
    self.glyphs = glyphs
    self.ascii = ascii
    edge = Array(String(glyphs.frame.vertical).utf8)
    // Box-drawing characters take three bytes: room for a whole screen of them.
    bytes.reserveCapacity(width * 3 * 26)
    appendEdge(of: glyphs.frame, top: true, width: width)
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
    startRow()
    appendSpaces(innerWidth)
    endRow()
  }

  /// One row holding `cells`, which must fit in ``innerWidth`` (their end gives way to an
  /// ellipsis otherwise); `marked` draws the focus marker in its left margin.
  mutating func row(
    _ cells: [DisplayCell], alignment: TextLayout.Alignment, marked: Bool = false
  ) {
    let fitted = TextLayout.keepingStart(cells, width: innerWidth, ellipsis: glyphs.ellipsis)
    let room = innerWidth - fitted.width
    let left = Self.leftPadding(room, alignment)
    startRow(marked: marked)
    appendSpaces(left)
    for cell in fitted { append(cell.text) }
    appendSpaces(room - left)
    endRow()
  }

  /// Fixed text, wrapped at spaces onto as many rows as it needs.
  mutating func paragraph(_ text: String, alignment: TextLayout.Alignment) {
    guard let lines = Self.wrapPrintableASCII(text, width: innerWidth) else {
      for line in TextLayout.wrap(cells(text), width: innerWidth) {
        row(line, alignment: alignment)
      }
      return
    }
    for line in lines { asciiRow(line, alignment: alignment) }
  }

  /// A message after a mark (`! message`), wrapped with its later lines indented under it.
  mutating func marked(_ text: String, mark: String) {
    let markText = mark + " "
    let markWidth = markText.utf8.count
    if TerminalText.isPrintableASCII(markText),
      let lines = Self.wrapPrintableASCII(text, width: innerWidth - markWidth)
    {
      for (index, line) in lines.enumerated() {
        startRow()
        if index == 0 { append(markText) } else { appendSpaces(markWidth) }
        bytes.append(contentsOf: line)
        appendSpaces(innerWidth - markWidth - line.count)
        endRow()
      }
      return
    }
    let markCells = cells(markText)
    let indent = [DisplayCell(text: TextLayout.spaces(markCells.width), width: markCells.width)]
    let wrapped = TextLayout.wrap(cells(text), width: innerWidth - markCells.width)
    for (index, line) in wrapped.enumerated() {
      row((index == 0 ? markCells : indent) + line, alignment: .leading)
    }
  }

  /// A box as wide as the inside of the frame, holding one line of `content` (whose end gives
  /// way to an ellipsis when it is too long).
  ///
  /// With `caret` (a column of `content`), the box's line and the caret's column on it
  /// become ``caret``.
  mutating func box(
    _ box: ScreenGlyphs.Box, content: [DisplayCell], alignment: TextLayout.Alignment,
    marked: Bool = false, caret caretColumn: Int? = nil
  ) {
    let fitted = TextLayout.keepingStart(
      content, width: boxContentWidth, ellipsis: glyphs.ellipsis)
    let room = boxContentWidth - fitted.width
    let left = Self.leftPadding(room, alignment)
    startRow()
    appendEdge(of: box, top: true, width: innerWidth)
    endRow()
    startRow(marked: marked)
    if let caretColumn {
      // The frame's edge, the margin, the box's edge and its padding come first.
      caret = ScreenPosition(line: styles.count - 1, column: 4 + left + caretColumn)
    }
    append(String(box.vertical))
    appendSpaces(1 + left)
    for cell in fitted { append(cell.text) }
    appendSpaces(room - left + 1)
    append(String(box.vertical))
    endRow()
    startRow()
    appendEdge(of: box, top: false, width: innerWidth)
    endRow()
  }

  /// Drawing characters as one cell; every glyph in ``ScreenGlyphs`` is one column wide.
  func chrome(_ text: String) -> DisplayCell {
    DisplayCell(text: text, width: text.count)
  }

  /// The finished screen: the bottom of the frame is added and lines are joined by `\n`.
  func finishedText() -> String {
    String(decoding: finishedBytes(), as: UTF8.self)
  }

  /// The finished screen as lines, each with its style.
  func finished() -> [StyledLine] {
    let lines = finishedBytes().split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return zip(lines, styles + [.plain]).map {
      StyledLine(text: String(decoding: $0, as: UTF8.self), style: $1)
    }
  }

  /// The screen's bytes with the bottom of the frame.
  private func finishedBytes() -> [UInt8] {
    var bytes = bytes
    bytes.append(UInt8(ascii: "\n"))
    Self.appendEdge(of: glyphs.frame, top: false, width: width, to: &bytes)
    return bytes
  }

  // MARK: Bytes

  /// A row of printable ASCII bytes no wider than ``innerWidth``.
  private mutating func asciiRow(_ line: [UInt8], alignment: TextLayout.Alignment) {
    let room = innerWidth - line.count
    let left = Self.leftPadding(room, alignment)
    startRow()
    appendSpaces(left)
    bytes.append(contentsOf: line)
    appendSpaces(room - left)
    endRow()
  }

  /// A line break, the frame's left edge and the margin (the focus marker when `marked`);
  /// the line takes the current ``style``.
  private mutating func startRow(marked: Bool = false) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: edge)
    if marked {
      bytes.append(contentsOf: glyphs.focusMarker.utf8)
    } else {
      bytes.append(UInt8(ascii: " "))
    }
    styles.append(style)
  }

  /// The margin and the frame's right edge.
  private mutating func endRow() {
    bytes.append(UInt8(ascii: " "))
    bytes.append(contentsOf: edge)
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  private mutating func appendEdge(of box: ScreenGlyphs.Box, top: Bool, width: Int) {
    Self.appendEdge(of: box, top: top, width: width, to: &bytes)
  }

  /// The top or bottom edge of `box`, `width` columns wide, as ``ScreenGlyphs/Box`` draws it.
  private static func appendEdge(
    of box: ScreenGlyphs.Box, top: Bool, width: Int, to bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: String(top ? box.topLeft : box.bottomLeft).utf8)
    let inner = max(0, width - 2)
    let pattern = box.horizontalUTF8
    if pattern.count == 1 {
      let fill = pattern[0]
      for _ in 0..<inner { bytes.append(contentsOf: fill) }
    } else {
      for index in 0..<inner { bytes.append(contentsOf: pattern[index % pattern.count]) }
    }
    bytes.append(contentsOf: String(top ? box.topRight : box.bottomRight).utf8)
  }

  /// The spaces left of content in `room` spare columns, as ``TextLayout/pad(_:to:alignment:)``
  /// places them.
  private static func leftPadding(_ room: Int, _ alignment: TextLayout.Alignment) -> Int {
    switch alignment {
    case .leading: 0
    case .center: room / 2
    case .trailing: room
    }
  }

  /// ``TextLayout/wrap(_:width:)`` for printable ASCII text, on its bytes (one byte, one
  /// cell, one column); `nil` when `text` is not printable ASCII.
  static func wrapPrintableASCII(_ text: String, width: Int) -> [[UInt8]]? {
    guard TerminalText.isPrintableASCII(text) else { return nil }
    guard width > 0 else { return [] }
    var lines: [[UInt8]] = []
    var line: [UInt8] = []
    for word in text.utf8.split(separator: UInt8(ascii: " ")) {
      let separator = line.isEmpty ? 0 : 1
      if line.count + separator + word.count <= width {
        if separator == 1 { line.append(UInt8(ascii: " ")) }
        line += word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      var rest = word[...]
      while rest.count > width {
        lines.append(Array(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
      line = Array(rest)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
