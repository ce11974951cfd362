import Foundation
import LoginFlow
import LoginTerminal
import Testing

/// Docs/Terminal.md's key table is generated from ``KeyBinding``, and every key it names
/// decodes to what the row says.
@Suite struct TerminalDocsTests {
  /// The table as Docs/Terminal.md must hold it.
  static var table: String {
    (["| keys | what they do |", "|---|---|"]
      + KeyBinding.allCases.map {
        "| \($0.keys.map { "`\($0)`" }.joined(separator: ", ")) | \($0.abstract) |"
      }).joined(separator: "\n")
  }

  @Test func theKeyTableIsGeneratedFromTheBindings() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Terminal.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    #expect(
      text.contains(Self.table + "\n"), "Docs/Terminal.md's key table should read:\n\(Self.table)")
    #expect(text.contains("login-replay -"))
  }

  /// The bytes a terminal sends for each key the table names.
  static let bytes: [String: String] = [
    "Left": "\u{1B}[D", "Right": "\u{1B}[C", "Ctrl-B": "\u{02}", "Ctrl-F": "\u{06}",
    "Home": "\u{1B}[H", "Ctrl-A": "\u{01}", "End": "\u{1B}[F", "Ctrl-E": "\u{05}",
    "Alt-B": "\u{1B}b", "Alt-F": "\u{1B}f", "Ctrl-Left": "\u{1B}[1;5D",
    "Ctrl-Right": "\u{1B}[1;5C", "Backspace": "\u{7F}", "Delete": "\u{1B}[3~",
    "Ctrl-W": "\u{17}", "Alt-Backspace": "\u{1B}\u{7F}", "Ctrl-U": "\u{15}", "Ctrl-K": "\u{0B}",
    "Tab": "\t", "Down": "\u{1B}[B", "Shift-Tab": "\u{1B}[Z", "Up": "\u{1B}[A", "Enter": "\r",
    "Esc": "\u{1B}", "Ctrl-R": "\u{12}", "Ctrl-O": "\u{0F}", "Ctrl-L": "\u{0C}", "F1": "\u{1B}OP",
    "Ctrl-Z": "\u{1A}", "Ctrl-C": "\u{03}", "Ctrl-D": "\u{04}", "text": "a",
    "paste": "\u{1B}[200~a\u{1B}[201~",
  ]

  /// What a key of `binding` must decode to.
  static func expected(_ binding: KeyBinding) -> [Key]? {
    switch binding {
    case .typing: nil
    case .moveCaret: [.edit(.moveLeft), .edit(.moveRight)]
    case .moveToStart: [.edit(.moveToStart)]
    case .moveToEnd: [.edit(.moveToEnd)]
    case .moveByWord: [.edit(.moveWordLeft), .edit(.moveWordRight)]
    case .backspace: [.edit(.deleteBackward)]
    case .delete: [.edit(.deleteForward)]
    case .deleteWord: [.edit(.deleteWordBackward)]
    case .deleteToStart: [.edit(.deleteToStart)]
    case .deleteToEnd: [.edit(.deleteToEnd)]
    case .nextFocus: [.tab, .down]
    case .previousFocus: [.backTab, .up]
    case .enter: [.enter]
    case .escape: [.escape]
    case .resend: [.resend]
    case .browserLogin: [.browserLogin]
    case .redraw: [.redraw]
    case .help: [.help]
    case .suspend: [.suspend]
    case .quit: [.interrupt, .endOfInput]
    }
  }

  @Test(arguments: KeyBinding.allCases)
  func everyKeyInTheTableDecodesToItsRow(_ binding: KeyBinding) throws {
    for key in binding.keys {
      let bytes = try #require(Self.bytes[key], "no bytes for \(key)")
      var decoder = KeyDecoder()
      let keys = decoder.decode(Array(bytes.utf8)) + decoder.flush()
      #expect(keys.count == 1, "\(key)")
      if let expected = Self.expected(binding) {
        #expect(keys.allSatisfy(expected.contains), "\(key) → \(keys)")
      } else {
        #expect(keys == [.text("a")] || keys == [.paste("a")], "\(key)")
      }
    }
  }
}
