import LoginFlow
import Testing

@Suite("Scalar escape")
struct ScalarEscapeTests {
  @Test(
    "a scalar is written as \\u{HEX}: uppercase hex, no leading zeros",
    arguments: [
      ("\u{0}", "\\u{0}"), ("\u{7}", "\\u{7}"), ("\n", "\\u{A}"), ("\u{7F}", "\\u{7F}"),
      ("\u{202E}", "\\u{202E}"), ("\u{FEFF}", "\\u{FEFF}"), ("\u{1F600}", "\\u{1F600}"),
      ("\u{10FFFF}", "\\u{10FFFF}"), ("a", "\\u{61}"),
    ] as [(Unicode.Scalar, String)])
  func escaped(scalar: Unicode.Scalar, expected: String) {
    #expect(ScalarEscape.escaped(scalar) == expected)
  }
}
