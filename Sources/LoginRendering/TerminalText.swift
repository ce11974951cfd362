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
    // Printable ASCII, in either mode: one byte, one grapheme, one cell one column wide.
    if isPrintableASCII(text) {
      return text.utf8.map { asciiCells[Int($0 &- 0x20)] }
    }
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

  /// Whether every byte of `text` is printable 7-bit ASCII (space to tilde).
  ///
  /// Such text needs no grapheme breaking, no property lookup and no escaping: each byte is a
  /// grapheme of its own (the one ASCII grapheme of two scalars, CR LF, is not printable),
  /// one column wide, in either mode.
  static func isPrintableASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var allPrintable = true
      for byte in bytes { allPrintable = allPrintable && (0x20...0x7E).contains(byte) }
      return allPrintable
    }
  }

  /// The cell of each printable ASCII byte, from space (0x20) to tilde (0x7E).
  private static let asciiCells: [DisplayCell] = (0x20...0x7E).map {
    DisplayCell(text: String(UnicodeScalar(UInt8($0))), width: 1)
  }

  /// Whether a grapheme made of `scalar` alone neither joins what precedes or follows it nor
  /// needs escaping, so that it is drawn as itself with ``width(of:)``: scalars of blocks that
  /// hold no control, format, separator, combining mark, prepended or extending character
  /// (Latin-1 but its controls and the soft hyphen, general punctuation up to U+2027, arrows,
  /// technical and other symbols, box drawing, dingbats, braille, CJK ideographs).
  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0xFF, 0x2010...0x2027, 0x2190...0x23FF,
      0x2500...0x27BF, 0x2800...0x28FF, 0x4E00...0x9FFF:
      true
    default: false
    }
  }

  /// The cells for one grapheme in Unicode mode.
  private static func unicodeCells(_ character: Character) -> [DisplayCell] {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return [] }
    if standsAlone(first), scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return [DisplayCell(text: String(character), width: width(of: character))]
    }
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
    // Latin, punctuation, box drawing: none is wide or an emoji presentation; a CJK
    // ideograph is wide. Neither needs the property tables.
    if scalars.count == 1 {
      switch first.value {
      case 0x20...0x7E, 0xA0...0xFF, 0x2500...0x257F: return 1
      case 0x4E00...0x9FFF: return 2
      default: break
      }
    }
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

  /// Whether a grapheme starting with `scalar` must be shown escaped rather than raw: the
  /// package's rule (`ScalarEscape.mustEscape`), and every other format character too (a
  /// soft hyphen, a zero-width space), which draws nothing a reader could see or count.
  private static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    guard !ScalarEscape.mustEscape(scalar) else { return true }
    switch scalar.properties.generalCategory {
    case .format, .surrogate: return true
    default: return false
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
