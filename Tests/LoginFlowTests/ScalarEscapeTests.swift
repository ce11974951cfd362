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

@Suite("The scalars never shown raw")
struct MustEscapeTests {
  /// Every scalar the rule names, listed by hand from the ranges it documents.
  static let escaped: [ClosedRange<UInt32>] = [
    0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F, 0x202A...0x202E,
    0x2066...0x2069, 0x2028...0x2029,
  ]

  @Test("exactly the controls, C1 controls, bidirectional formatting and separators")
  func exactlyTheListedScalars() {
    for value in UInt32(0)...0x2FFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let listed = Self.escaped.contains { $0.contains(value) }
      #expect(ScalarEscape.mustEscape(scalar) == listed, "U+\(String(value, radix: 16))")
    }
    for scalar in ["\u{1F600}", "\u{FEFF}", "\u{E000}", "\u{10FFFF}"] as [Unicode.Scalar] {
      #expect(!ScalarEscape.mustEscape(scalar))
    }
  }

  @Test(
    "escaping writes each named scalar as its escape and keeps the rest",
    arguments: [
      ("plain é日😀", "plain é日😀"),
      ("a\u{1B}]0;title\u{7}b", "a\\u{1B}]0;title\\u{7}b"),
      ("\u{9B}2J\u{202E}txt\u{2066}\u{2028}", "\\u{9B}2J\\u{202E}txt\\u{2066}\\u{2028}"),
      ("two\nlines\r", "two\\u{A}lines\\u{D}"), ("\\u{7}", "\\u{7}"),
    ])
  func escaping(text: String, expected: String) {
    #expect(ScalarEscape.escaping(text) == expected)
    #expect(ScalarEscape.escaping(expected) == expected, "escaping twice changes nothing")
  }

  @Test func outputKeepsLineFeedsOnly() {
    #expect(ScalarEscape.escapingAllButLineFeeds("a\nb\r\n\u{85}") == "a\nb\\u{D}\n\\u{85}")
  }
}
