import LoginFlow
import Testing

/// `Validation.isValidEmail` answers as its rule reads, written here the plain way (trim,
/// split on `@` and `.`, count characters), for every short text over the characters the
/// rule treats differently: ASCII and Unicode blanks, `\r\n`, a combining mark (which joins
/// the character before it, so `@` plus a mark is not an `@`), a letter with an accent.
@Suite struct EmailRuleTests {
  /// The rule as documented, over characters.
  static func reference(_ email: String) -> Bool {
    let address = email.trimmingBlanks()
    guard !address.contains(where: \.isWhitespace) else { return false }
    let halves = address.split(separator: "@", omittingEmptySubsequences: false)
    guard halves.count == 2, !halves[0].isEmpty else { return false }
    let labels = halves[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
      && labels[labels.count - 1].count >= 2
  }

  static let pieces: [String] = [
    "a", "@", ".", " ", "\t", "\r\n", "\n", "\u{00A0}", "\u{2003}", "\u{0301}", "é", "\u{1}",
  ]

  @Test("every text of up to five pieces", arguments: 0...5)
  func everyShortText(length: Int) {
    var texts = [""]
    for _ in 0..<length { texts = texts.flatMap { text in Self.pieces.map { text + $0 } } }
    for text in texts where length < 5 || text.contains("@") {
      #expect(Validation.isValidEmail(text) == Self.reference(text), "\(text.debugDescription)")
    }
  }

  @Test(
    "addresses around the pieces",
    arguments: [
      "demo@example.com", " demo@example.com\r\n", "d emo@example.com", "demo@exa\u{00A0}mple.com",
      "demo@\u{0301}example.com", "demo@example.c\u{0301}", "demo@example.co\u{0301}",
      "\u{2003}用户@例子.广告\u{2003}", "demo@@example.com", "demo@.example.com", "demo@example..com",
    ])
  func addresses(text: String) {
    #expect(Validation.isValidEmail(text) == Self.reference(text), "\(text.debugDescription)")
  }
}

extension String {
  fileprivate func trimmingBlanks() -> Substring {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return self[first...last]
  }
}
