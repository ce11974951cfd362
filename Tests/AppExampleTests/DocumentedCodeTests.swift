import Foundation
import Testing

/// The Swift blocks of the README and `Docs/` that say where their code lives are that code,
/// exactly, so a documented example cannot drift from one that compiles and runs.
///
/// A block preceded by `<!-- code: PATH -->` must equal the file at PATH (from the
/// repository's root); with `<!-- code: PATH#NAME -->` it must equal the spans of that file
/// between `// docs: NAME` and `// docs: end`, each without its common indentation and the
/// blank lines around it, joined by a blank line. A `// docs:` line may name several blocks.
@Suite struct DocumentedCodeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A documented block: where it is, and the code it says it shows.
  struct Block: CustomTestStringConvertible, Sendable {
    var document: String
    var line: Int
    var path: String
    var region: String?
    var code: String

    var testDescription: String {
      "\(document):\(line) shows \(path)" + (region.map { "#\($0)" } ?? "")
    }
  }

  static func blocks() throws -> [Block] {
    let documents =
      ["README.md"]
      + (try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path))
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    var blocks: [Block] = []
    for document in documents {
      let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      for (index, line) in lines.enumerated()
      where line.hasPrefix("<!-- code: ") && line.hasSuffix(" -->") {
        let target = String(line.dropFirst("<!-- code: ".count).dropLast(" -->".count))
        let parts = target.split(separator: "#", maxSplits: 1).map(String.init)
        var body: [String] = []
        if index + 1 < lines.count, lines[index + 1] == "```swift" {
          for codeLine in lines[(index + 2)...] {
            if codeLine == "```" { break }
            body.append(codeLine)
          }
        }
        blocks.append(
          Block(
            document: document, line: index + 1, path: parts[0], region: parts.dropFirst().first,
            code: body.joined(separator: "\n")))
      }
    }
    return blocks
  }

  /// The spans of `source` marked for `name`, each without its common indentation.
  static func region(_ name: String, of source: String) -> String {
    var spans: [[String]] = []
    var current: [String]?
    for line in source.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "// docs: end" {
        if let span = current { spans.append(span) }
        current = nil
      } else if trimmed.hasPrefix("// docs: "),
        trimmed.dropFirst("// docs: ".count).split(separator: " ").contains(Substring(name))
      {
        current = []
      } else {
        current?.append(line)
      }
    }
    return spans.map(dedented).joined(separator: "\n\n")
  }

  /// `lines` without blank lines around them and without their common indentation.
  static func dedented(_ lines: [String]) -> String {
    let isBlank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
    let lines = Array(lines.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    let indent =
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  /// This target stands for an app: it sees the products' public API only. Being in the
  /// package, it could reach `package` declarations and internal test helpers; it must not.
  @Test func theAppCodeUsesOnlyWhatAnAppCanImport() throws {
    let folder = Self.root.appendingPathComponent("Tests/AppExampleTests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != "DocumentedCodeTests.swift" }
    #expect(files.count >= 3)
    for file in files {
      let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for forbidden in ["@testable", "LoginTestSupport", "Locked", "WorkUnit", "Faults"] {
        #expect(!source.contains(forbidden), "\(file) uses \(forbidden), which an app cannot")
      }
    }
  }

  @Test func theDocumentsShowCodeThatCompiles() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 4, "the README and Docs/Embedding.md show code kept here")
    for block in blocks {
      let source = try String(
        contentsOf: Self.root.appendingPathComponent(block.path), encoding: .utf8)
      let expected =
        block.region.map { Self.region($0, of: source) }
        ?? String(source.dropLast(source.hasSuffix("\n") ? 1 : 0))
      #expect(!expected.isEmpty, "\(block.testDescription): nothing marked")
      #expect(
        block.code == expected,
        "\(block.testDescription): the block differs from the code; copy it from \(block.path)")
    }
  }

  /// Every Swift block of the README and `Docs/` is compiled code (a `<!-- code: … -->`
  /// marker), or says that it needs an Apple framework this Linux build cannot compile
  /// (`<!-- apple-only: … -->`), and then names one.
  @Test func everySwiftBlockIsCompiledOrNeedsAnAppleFramework() throws {
    let documents =
      ["README.md"]
      + (try FileManager.default.contentsOfDirectory(
        atPath: Self.root.appendingPathComponent("Docs").path))
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    var unmarked: [String] = []
    var swiftBlocks = 0
    for document in documents {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      for (index, line) in lines.enumerated() where line == "```swift" {
        swiftBlocks += 1
        let marker = index > 0 ? lines[index - 1] : ""
        if marker.hasPrefix("<!-- code: ") { continue }
        let body = lines[(index + 1)...].prefix { $0 != "```" }.joined(separator: "\n")
        let needsApple = ["import SwiftUI", "import Security", ": App {"].contains {
          body.contains($0)
        }
        if marker.hasPrefix("<!-- apple-only: "), needsApple { continue }
        unmarked.append("\(document):\(index + 1)")
      }
    }
    #expect(swiftBlocks >= 15)
    #expect(unmarked.isEmpty, "Swift blocks not kept in compiled code: \(unmarked)")
  }
}
