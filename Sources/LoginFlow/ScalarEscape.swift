/// The one text this package writes for a Unicode scalar it will not show raw: `\u{HEX}`.
///
/// The hex digits are uppercase with no leading zeros (`\u{7}`, `\u{202E}`, `\u{1F600}`), the
/// form a session file's quoted strings accept, so an escape copied from a screen or a
/// message reads back as the scalar it stands for. It lives in the core, with `package`
/// access, so that every module escapes alike without making it public API.
package enum ScalarEscape {
  /// `\u{HEX}` for `scalar`: a backslash, `u`, and its value in uppercase hex in braces.
  package static func escaped(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }
}
