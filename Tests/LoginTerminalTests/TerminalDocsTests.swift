import Foundation
import LoginTerminal
import Testing

/// Docs/Terminal.md's key table is the help's: every binding, with its abstract.
@Suite struct TerminalDocsTests {
  @Test func theKeyTableListsEveryBinding() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Terminal.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for binding in KeyBinding.allCases {
      let keys = binding.keys.split(separator: ",").map {
        "`\($0.trimmingCharacters(in: .whitespaces))`"
      }
      #expect(
        text.contains("| \(keys.joined(separator: ", ")) | \(binding.abstract) |"), "\(binding)")
    }
    #expect(text.contains("login-replay -"))
  }
}
