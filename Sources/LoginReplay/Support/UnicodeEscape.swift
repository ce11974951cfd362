/// The `\u{HEX}` escape, as LoginReplay writes a character that cannot be shown raw.
///
/// Session strings use it for control characters (`SessionCommand.quoted(_:)`), and the
/// tokenizer reads the same form back. It is the one place in LoginReplay that writes it.
enum UnicodeEscape {
  /// `\u{1F}` for U+001F: uppercase hex digits without leading zeros.
  static func escaped(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Whether `scalar` is a control character (U+0000 to U+001F, or DEL), which session text
  /// never writes raw.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }
}
