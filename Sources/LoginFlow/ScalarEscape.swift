/// The one rule for text this package shows: which Unicode scalars are never written raw, and
/// the one text written for them instead, `\u{HEX}`.
///
/// Text from untrusted places reaches every output: a session file shared as a bug report,
/// a path in the environment, an argument, a server's answer. A terminal acts on some
/// scalars instead of showing them: C0 and C1 controls start escape sequences (`ESC ] 0 ;`
/// sets the window title, `ESC [ 2 J` or the single scalar U+009B, CSI, clears the screen),
/// bidirectional formatting characters reorder what follows them, line and paragraph
/// separators break the line. ``mustEscape(_:)`` names those scalars, once; ``escaping(_:)``
/// writes them as ``escaped(_:)`` and is what every front end applies to what it repeats.
/// The renderer may escape more (every format character, everything outside ASCII in ASCII
/// mode), never less; JSON output writes the same scalars as `\uXXXX`.
///
/// The hex digits are uppercase with no leading zeros (`\u{7}`, `\u{202E}`, `\u{1F600}`), the
/// form a session file's quoted strings accept, so an escape copied from a screen or a
/// message into a quoted string reads back as the scalar it stands for. It lives in the core,
/// with `package` access, so that every module escapes alike without making it public API.
package enum ScalarEscape {
  /// `\u{HEX}` for `scalar`: a backslash, `u`, and its value in uppercase hex in braces.
  package static func escaped(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Whether `scalar` must never reach an output raw: a C0 control (U+0000–U+001F), DEL
  /// (U+007F), a C1 control (U+0080–U+009F), a bidirectional formatting character (the
  /// embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, the marks U+200E,
  /// U+200F and U+061C), or the line and paragraph separators U+2028 and U+2029.
  ///
  /// Every one of them is a grapheme of its own (its grapheme break property is Control),
  /// so escaping one never splits a character a reader sees.
  package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    default: false
    }
  }

  /// `text` with every scalar of ``mustEscape(_:)`` written as ``escaped(_:)`` and
  /// everything else as it is: safe to write on a terminal, one line, in logical order.
  ///
  /// A backslash stays a backslash. The result is display text, like a bare word of a
  /// session file, where a backslash is an ordinary character: a value holding the six
  /// characters `\u{7}` shows as typed, the same as an escaped BEL. Text that must read back
  /// exactly is written in session syntax instead (`SessionCommand.quoted`), which writes a
  /// backslash as `\\` and the scalars of this rule as their escapes, so that there every
  /// `\u{…}` is an escape.
  package static func escaping(_ text: String) -> String {
    escaping(text, keepingLineFeeds: false)
  }

  /// ``escaping(_:)`` for output of several lines: line feeds stay line ends, and every
  /// other scalar of ``mustEscape(_:)`` is escaped. The one filter every executable's
  /// standard output and standard error go through, whatever reached the text.
  package static func escapingAllButLineFeeds(_ text: String) -> String {
    escaping(text, keepingLineFeeds: true)
  }

  private static func escaping(_ text: String, keepingLineFeeds: Bool) -> String {
    func escapes(_ scalar: Unicode.Scalar) -> Bool {
      mustEscape(scalar) && !(keepingLineFeeds && scalar == "\n")
    }
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        result += escaped(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
