/// Fitting cells into fixed-width columns: padding, centring, cutting and wrapping.
///
/// Every function here returns text of exactly the width it was asked for (or lines no
/// wider than it), which is what keeps every line of a screen the same width.
enum TextLayout {
  /// Where padded text sits within its column.
  enum Alignment: Equatable, Sendable {
    /// Against the left edge.
    case leading
    /// In the middle; an odd leftover column goes to the right.
    case center
    /// Against the right edge.
    case trailing
  }

  /// `cells` padded with spaces to exactly `width` columns (cut first if wider).
  static func pad(_ cells: [DisplayCell], to width: Int, alignment: Alignment) -> String {
    let fitted = cut(cells, to: width)
    let room = max(0, width - fitted.width)
    let left: Int
    switch alignment {
    case .leading: left = 0
    case .center: left = room / 2
    case .trailing: left = room
    }
    return spaces(left) + fitted.text + spaces(room - left)
  }

  /// The longest prefix of `cells` that fits in `width` columns.
  static func cut(_ cells: [DisplayCell], to width: Int) -> [DisplayCell] {
    var used = 0
    var result: [DisplayCell] = []
    for cell in cells {
      guard used + cell.width <= width else { break }
      used += cell.width
      result.append(cell)
    }
    return result
  }

  /// `cells` if they fit in `width` columns; otherwise as much of their start as fits before
  /// `ellipsis`, so that a label too long for its line (a translation, a narrow screen)
  /// shows that it goes on.
  static func keepingStart(
    _ cells: [DisplayCell], width: Int, ellipsis: DisplayCell
  ) -> [DisplayCell] {
    guard cells.width > width else { return cells }
    return cut(cells, to: max(0, width - ellipsis.width)) + [ellipsis]
  }

  /// `cells` if they fit in `width` columns; otherwise `ellipsis` followed by as much of
  /// their end as fits, so the part nearest the cursor stays visible.
  static func keepingEnd(
    _ cells: [DisplayCell], width: Int, ellipsis: DisplayCell
  ) -> [DisplayCell] {
    guard cells.width > width else { return cells }
    let room = width - ellipsis.width
    var used = 0
    var start = cells.endIndex
    while start > cells.startIndex, used + cells[start - 1].width <= room {
      start -= 1
      used += cells[start].width
    }
    return [ellipsis] + cells[start...]
  }

  /// `cells` cut to `width` columns so that the caret, `caret` cells in, stays in view, and
  /// the column the caret is drawn at: all of `cells` if they fit; their end (as
  /// ``keepingEnd(_:width:ellipsis:)``) if that shows the caret; otherwise from the caret on,
  /// after an ellipsis when something is left out before it.
  static func keepingCaret(
    _ cells: [DisplayCell], caret: Int, width: Int, ellipsis: DisplayCell
  ) -> (cells: [DisplayCell], caretColumn: Int) {
    let caret = min(max(caret, 0), cells.count)
    guard cells.width > width else { return (cells, Array(cells[..<caret]).width) }
    let end = keepingEnd(cells, width: width, ellipsis: ellipsis)
    let shownFrom = cells.count - (end.count - 1)
    if caret >= shownFrom {
      return (end, ellipsis.width + Array(cells[shownFrom..<caret]).width)
    }
    let lead = caret > 0 ? [ellipsis] : []
    let rest = keepingStart(Array(cells[caret...]), width: width - lead.width, ellipsis: ellipsis)
    return (lead + rest, lead.width)
  }

  /// `cells` broken into lines of at most `width` columns, at spaces where possible.
  ///
  /// A word wider than a whole line is broken between cells. Spaces at a break vanish.
  static func wrap(_ cells: [DisplayCell], width: Int) -> [[DisplayCell]] {
    guard width > 0 else { return [] }
    var lines: [[DisplayCell]] = []
    var line: [DisplayCell] = []
    for word in words(cells) {
      let separator = line.isEmpty ? 0 : 1
      if line.width + separator + word.width <= width {
        if separator == 1 { line.append(DisplayCell(text: " ", width: 1)) }
        line += word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = []
      var rest = word[...]
      while rest.width > width {
        let piece = cut(Array(rest), to: width)
        // A cell wider than the whole line cannot be placed; drop it rather than loop.
        let taken = max(piece.count, 1)
        if !piece.isEmpty { lines.append(piece) }
        rest = rest.dropFirst(taken)
      }
      line = Array(rest)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The runs of non-space cells in `cells`.
  private static func words(_ cells: [DisplayCell]) -> [[DisplayCell]] {
    cells.split(whereSeparator: { $0.text == " " }).map(Array.init)
  }

  /// `count` spaces (none for a negative count).
  static func spaces(_ count: Int) -> String {
    String(repeating: " ", count: max(0, count))
  }
}

extension ArraySlice<DisplayCell> {
  /// The columns the cells occupy together.
  fileprivate var width: Int { reduce(0) { $0 + $1.width } }
}
