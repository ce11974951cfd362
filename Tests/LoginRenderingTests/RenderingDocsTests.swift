import Foundation
import LoginFlow
import LoginRendering
import LoginTestSupport
import Testing

/// `Docs/Rendering.md` shows real renderings: each copy must still match its golden file.
@Suite struct RenderingDocsTests {
  /// The `<!-- snapshot: NAME -->` blocks of a Markdown text, by name.
  static func copies(in markdown: String) -> [(name: String, text: String)] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var copies: [(name: String, text: String)] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      guard line.hasPrefix("<!-- snapshot: "), line.hasSuffix(" -->") else { continue }
      let name = String(line.dropFirst("<!-- snapshot: ".count).dropLast(" -->".count))
      guard index < lines.count, lines[index] == "```text" else {
        copies.append((name, "<no ```text block after the marker>"))
        continue
      }
      index += 1
      var body: [String] = []
      while index < lines.count, lines[index] != "```" {
        body.append(lines[index])
        index += 1
      }
      index += 1
      copies.append((name, body.joined(separator: "\n")))
    }
    return copies
  }

  @Test func everyCopyMatchesItsGoldenFile() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Rendering.md")
    let copies = Self.copies(in: try String(contentsOf: docs, encoding: .utf8))
    let snapshots = SnapshotDirectory(forTestFile: #filePath, mode: .never)
    for copy in copies {
      #expect(RenderingCatalog.allNames.contains(copy.name), "\(copy.name) is not a snapshot")
      let reference = try #require(try snapshots.reference(named: copy.name), "\(copy.name)")
      let diff = LineDiff.unified(expected: reference, actual: copy.text)
      #expect(
        copy.text == reference,
        "Docs/Rendering.md's copy of \(copy.name) differs from its golden file:\n\(diff)")
    }
    let phases = Set(copies.map(\.name)).intersection(
      LoginPhase.Kind.allCases.map { "phase-\($0.rawValue)" })
    #expect(phases.count == LoginPhase.Kind.allCases.count, "one rendering per phase")
  }

  @Test func theLimitNotesQuoteTheFieldsMaximums() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Rendering.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for maximum in [LoginState.maximumEmailLength, LoginState.maximumPasswordLength] {
      #expect(text.contains("`Limit reached: \(maximum) characters`"))
      let screen = TextRenderer().render(
        LoginState(
          email: "e", password: "p", emailLimitReached: true, passwordLimitReached: true))
      #expect(screen.contains("Limit reached: \(maximum) characters"))
    }
    #expect(text.contains("longer than \(LoginState.maximumEmailLength) scalars"))
  }

  @Test func theErrorMessagesAreTheCodes() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Rendering.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for error in AuthError.allCases {
      let name = "\(error)".prefix { $0 != "(" }
      #expect(text.contains("   - `\(name)`: `\(error.message)`"), "\(name)")
    }
  }

  @Test func copiesAreFoundInMarkdown() {
    let markdown = "x\n<!-- snapshot: a -->\n```text\none\ntwo\n```\n<!-- snapshot: b -->\nno block"
    let copies = Self.copies(in: markdown)
    #expect(copies.map(\.name) == ["a", "b"])
    #expect(copies.first?.text == "one\ntwo")
    #expect(copies.last?.text.hasPrefix("<no") == true)
  }
}
