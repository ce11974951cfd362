/// A field's text and its caret, edited as readline edits a line, by grapheme.
///
/// The core keeps whole-field text; this is the front end's part: where the caret is, and
/// what text an edit at the caret gives, which the front end sends to the store. A word is a
/// run of letters and digits, so Ctrl-W in `demo@example.com` deletes `com`, then `example.`.
public struct LineEditor: Equatable, Sendable {
  /// The field's characters.
  public private(set) var characters: [Character]
  /// How many characters are before the caret, from 0 to `characters.count`.
  public private(set) var caret: Int

  /// The field holding `text` with the caret at `caret` (clamped to the text), or at its end.
  public init(text: String, caret: Int? = nil) {
    characters = Array(text)
    self.caret = min(max(caret ?? characters.count, 0), characters.count)
  }

  /// The field's text.
  public var text: String { String(characters) }

  /// Inserts `text` at the caret and moves the caret after it.
  public mutating func insert(_ text: String) {
    let inserted = Array(text)
    characters.insert(contentsOf: inserted, at: caret)
    caret += inserted.count
  }

  /// Applies one editing key.
  public mutating func apply(_ edit: LineEdit) {
    switch edit {
    case .moveLeft: caret = max(caret - 1, 0)
    case .moveRight: caret = min(caret + 1, characters.count)
    case .moveToStart: caret = 0
    case .moveToEnd: caret = characters.count
    case .moveWordLeft: caret = wordStart(before: caret)
    case .moveWordRight: caret = wordEnd(after: caret)
    case .deleteBackward:
      guard caret > 0 else { return }
      characters.remove(at: caret - 1)
      caret -= 1
    case .deleteForward:
      guard caret < characters.count else { return }
      characters.remove(at: caret)
    case .deleteWordBackward:
      let start = wordStart(before: caret)
      characters.removeSubrange(start..<caret)
      caret = start
    case .deleteToStart:
      characters.removeSubrange(0..<caret)
      caret = 0
    case .deleteToEnd:
      characters.removeSubrange(caret...)
    }
  }

  /// Whether `character` belongs to a word.
  private static func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// The start of the word before `index`, skipping what separates it from `index`.
  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0, !Self.isWord(characters[start - 1]) { start -= 1 }
    while start > 0, Self.isWord(characters[start - 1]) { start -= 1 }
    return start
  }

  /// The end of the word after `index`, skipping what separates `index` from it.
  private func wordEnd(after index: Int) -> Int {
    var end = index
    while end < characters.count, !Self.isWord(characters[end]) { end += 1 }
    while end < characters.count, Self.isWord(characters[end]) { end += 1 }
    return end
  }
}
