import LoginFlow
import Testing

@testable import LoginReplay

/// `type` presses one character (grapheme) at a time, whatever the text: the presses leave
/// the texts that `Character` iteration makes, carriage returns, marks and flags included.
@Suite struct CommandPressesTests {
  /// The texts each press of `type email TEXT` leaves in the field, starting from `start`.
  static func pressed(_ text: String, onto start: String = "") -> [String] {
    var state = LoginState(email: start)
    var texts: [String] = []
    guard var presses = CommandPresses(.type(.email, text), on: state) else { return [] }
    while let action = presses.next(in: state) {
      guard case .emailChanged(let next) = action else { return texts + ["not an email change"] }
      state.email = next
      texts.append(next)
    }
    return texts
  }

  /// What `Character` iteration says the presses leave.
  static func expected(_ text: String, onto start: String = "") -> [String] {
    var field = start
    return text.map { character in
      field += String(character)
      return field
    }
  }

  @Test(arguments: [
    "x", "demo@example.com", "e\u{301}x", "xe\u{301}", "\r\n", "a\r\nb", "\r", "a\rb", "\n\r",
    "👍🏽!", "🇫🇷🇩🇪", "a\u{200D}b", "ab\u{0308}", "\t \u{7F}", "日本語a", "a\u{1F3FD}",
  ])
  func typeMakesOnePressPerCharacter(text: String) {
    #expect(Self.pressed(text) == Self.expected(text), "\(text.debugDescription)")
    #expect(Self.pressed(text).count == text.count)
  }

  /// Every short string of ASCII bytes, carriage returns and combining marks among them.
  @Test func everyShortMixOfASCIIAndMarks() {
    let pieces = ["a", "\r", "\n", "\u{301}", "é", "👍", "\u{1F3FD}", " "]
    var texts = [""]
    for _ in 0..<4 {
      texts = texts.flatMap { text in pieces.map { text + $0 } }
    }
    for text in texts {
      #expect(Self.pressed(text) == Self.expected(text), "\(text.debugDescription)")
    }
  }

  /// A mark typed first joins the character already in the field, as a keyboard's would.
  @Test func aMarkTypedFirstJoinsTheFieldsLastCharacter() {
    #expect(Self.pressed("\u{301}a", onto: "e") == ["e\u{301}", "e\u{301}a"])
    #expect(Self.pressed("\u{301}a", onto: "e").first?.count == 1)
  }
}
