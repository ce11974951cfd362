import LoginFlow

/// Turns any string into cells that draw predictably on a terminal.
///
/// Widths follow one rule per grapheme: emoji and East Asian Wide or Fullwidth characters
/// take 2 columns, everything else 1, and combining marks add nothing to the character
/// they belong to. Characters that would move the cursor or reorder the line — control
/// characters, line and paragraph separators, format characters such as the
/// right-to-left override — are never written raw: they are shown escaped as `\u{7}`.
/// A combining mark with no character to sit on is drawn on a dotted circle `◌`. So every
/// cell starts and ends a grapheme wherever it is placed: neighbours never merge into it.
/// In ASCII mode every scalar outside printable 7-bit ASCII is escaped the same way. An
/// escape is a single cell (as wide as its text), so cutting and wrapping keep it whole.
enum TerminalText {
  /// The cells for `text`, left to right.
  static func cells(_ text: String, ascii: Bool) -> [DisplayCell] {
    var cells: [DisplayCell] = []
    for character in text {
      if ascii {
        for scalar in character.unicodeScalars {
          if isPrintableASCII(scalar) {
            cells.append(DisplayCell(text: String(Character(scalar)), width: 1))
          } else {
            cells += escaped(scalar)
          }
        }
      } else {
        cells += unicodeCells(character)
      }
    }
    return cells
  }

  /// The columns `text` takes once drawn as ``cells(_:ascii:)``.
  static func width(_ text: String, ascii: Bool) -> Int {
    cells(text, ascii: ascii).width
  }

  /// The cells for one grapheme in Unicode mode.
  private static func unicodeCells(_ character: Character) -> [DisplayCell] {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return [] }
    // A grapheme that would swallow the next character (a prepended mark) is escaped too,
    // so the padding after a value can never merge into it.
    if mustEscape(first) || (String(character) + " ").count == 1 {
      return scalars.flatMap(escaped)
    }
    // A grapheme that would attach to whatever precedes it (a combining mark, an emoji
    // modifier with nothing to modify) gets a dotted circle to sit on instead.
    if isCombiningMark(first) || (" " + String(character)).count == 1 {
      return [DisplayCell(text: "\u{25CC}" + String(character), width: 1)]
    }
    return [DisplayCell(text: String(character), width: width(of: character))]
  }

  /// The columns one printable grapheme takes: 2 for emoji and wide characters, else 1.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation || EastAsianWidth.contains(first) {
      return 2
    }
    // A text-style emoji asked to draw as an emoji (❤️, 1️⃣) takes two columns too.
    if properties.isEmoji && scalars.contains(variationSelector16) {
      return 2
    }
    return 1
  }

  /// U+FE0F, which asks for the emoji presentation of the character before it.
  private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

  /// Whether a grapheme starting with `scalar` must be shown escaped rather than raw.
  private static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
    default: false
    }
  }

  /// Whether `scalar` is a combining mark, which needs a base character to draw on.
  private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// Whether `scalar` is a printable 7-bit ASCII character (space to tilde).
  private static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
    (0x20...0x7E).contains(scalar.value)
  }

  /// `\u{HEX}` for `scalar` (``ScalarEscape/escaped(_:)``), as one cell as wide as its text:
  /// a cut or a line break falls before or after a whole escape, never inside one (no `\u{30`
  /// left dangling).
  private static func escaped(_ scalar: Unicode.Scalar) -> [DisplayCell] {
    let text = ScalarEscape.escaped(scalar)
    return [DisplayCell(text: text, width: text.count)]
  }
}
