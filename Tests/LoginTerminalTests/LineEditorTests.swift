import LoginTerminal
import Testing

/// Readline editing at the caret, by grapheme.
@Suite struct LineEditorTests {
  static func edited(_ text: String, caret: Int, _ edits: [LineEdit]) -> (String, Int) {
    var editor = LineEditor(text: text, caret: caret)
    for edit in edits { editor.apply(edit) }
    return (editor.text, editor.caret)
  }

  @Test func typingAfterMovingLeftInsertsAtTheCaret() {
    var editor = LineEditor(text: "")
    editor.insert("abc")
    editor.apply(.moveLeft)
    editor.apply(.moveLeft)
    editor.insert("X")
    #expect(editor.text == "aXbc")
    #expect(editor.caret == 2)
    editor.apply(.moveToStart)
    editor.insert("Z")
    #expect(editor.text == "ZaXbc")
    #expect(editor.caret == 1)
  }

  /// Every edit, from the middle of `ab cd` (the caret after the space).
  @Test(arguments: [
    (LineEdit.moveLeft, "ab cd", 2), (.moveRight, "ab cd", 4), (.moveToStart, "ab cd", 0),
    (.moveToEnd, "ab cd", 5), (.moveWordLeft, "ab cd", 0), (.moveWordRight, "ab cd", 5),
    (.deleteBackward, "abcd", 2), (.deleteForward, "ab d", 3), (.deleteWordBackward, "cd", 0),
    (.deleteToStart, "cd", 0), (.deleteToEnd, "ab ", 3),
  ])
  func eachEditFromTheMiddle(_ edit: LineEdit, text: String, caret: Int) {
    let (result, at) = Self.edited("ab cd", caret: 3, [edit])
    #expect(result == text)
    #expect(at == caret)
  }

  @Test func everyEditIsInTheTable() {
    #expect(LineEdit.allCases.count == 11)
  }

  @Test func theEdgesAreSafe() {
    for edit in LineEdit.allCases {
      #expect(Self.edited("", caret: 0, [edit]) == ("", 0), "\(edit)")
    }
    #expect(Self.edited("ab", caret: 0, [.deleteBackward, .moveLeft]) == ("ab", 0))
    #expect(Self.edited("ab", caret: 2, [.deleteForward, .moveRight]) == ("ab", 2))
    #expect(LineEditor(text: "ab", caret: 9).caret == 2)
    #expect(LineEditor(text: "ab", caret: -3).caret == 0)
  }

  /// A character with a combining mark, an emoji with a modifier and a wide character are
  /// one step each.
  @Test func stepsAreGraphemes() {
    let text = "e\u{301}👍🏽日x"
    #expect(
      Self.edited(text, caret: 4, [.moveLeft, .moveLeft, .deleteBackward]) == ("e\u{301}日x", 1))
    #expect(Self.edited(text, caret: 2, [.deleteForward]) == ("e\u{301}👍🏽x", 2))
  }

  /// Words are letters and digits, so an address comes apart at its punctuation.
  @Test func wordsAreLettersAndDigits() {
    #expect(
      Self.edited("demo@example.com", caret: 16, [.deleteWordBackward]) == ("demo@example.", 13))
    #expect(
      Self.edited("demo@example.", caret: 13, [.deleteWordBackward]) == ("demo@", 5))
    #expect(Self.edited("demo@example.com", caret: 0, [.moveWordRight, .moveWordRight]).1 == 12)
    #expect(Self.edited("demo@example.com", caret: 16, [.moveWordLeft, .moveWordLeft]).1 == 5)
  }
}
