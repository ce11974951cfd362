import Foundation
import LoginFlow
import Testing

@testable import LoginExplorer

/// `Docs/StateDiagram.md` is the diagram the machine gives today.
@Suite struct StateDiagramTests {
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/StateDiagram.md")

  @Test func theDocumentIsTheMachinesDiagram() async throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "```mermaid"))
    let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
    let documented = Array(lines[(start + 1)..<end])
    let derived = await StateDiagram.derive().mermaid.split(separator: "\n").map(String.init)
    let firstDifference = zip(documented, derived).enumerated().first {
      $0.element.0 != $0.element.1
    }
    #expect(
      documented == derived,
      """
      Docs/StateDiagram.md differs from the machine\
      \(firstDifference.map { " at diagram line \($0.offset + 1): documented '\($0.element.0)', derived '\($0.element.1)'" } ?? " in length (\(documented.count) against \(derived.count) lines)").
      Regenerate the block with `swift run login-explore --format mermaid`.
      """)
  }

  @Test func everyCellIsAnEdgeOrIgnored() async {
    let diagram = await StateDiagram.derive()
    let ignored = diagram.ignored.values.reduce(0) { $0 + $1.count }
    // One edge per cell that changes something, plus the timeout.
    #expect(diagram.edges.count + ignored == TransitionCell.all.count + 1)
    #expect(diagram.edges.contains { $0.label == "after 30s, timed out" && $0.to == "failed" })
    #expect(diagram.edges.contains { $0.label == "submitTapped [form valid] / authenticate" })
  }

  @Test func dotNamesEveryPhase() async {
    let dot = await StateDiagram.derive().dot
    #expect(dot.hasPrefix("digraph LoginFlow {"))
    for phase in LoginPhase.Kind.allCases {
      #expect(dot.contains(" \(phase) ") || dot.contains(" \(phase);"), "\(phase)")
    }
  }
}
