import LoginFlow

/// Which characters session text never writes raw: control characters, escaped with the
/// package's one `\u{HEX}` form (``ScalarEscape``), which the tokenizer reads back.
enum UnicodeEscape {
  /// `\u{1F}` for U+001F: the package's escape.
  static func escaped(_ scalar: Unicode.Scalar) -> String {
    ScalarEscape.escaped(scalar)
  }

  /// Whether `scalar` is a control character (U+0000 to U+001F, or DEL), which session text
  /// never writes raw.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }
}
