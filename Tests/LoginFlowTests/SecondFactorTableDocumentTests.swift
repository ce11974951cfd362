import Foundation
import LoginFlow
import LoginTestSupport
import Testing

/// `Docs/SecondFactorTable.md` is the code step's table: one row per cell of
/// ``SecondFactorMachine``, each checked against the machine on the cell's example, its
/// outcome column too.
@Suite struct SecondFactorTableDocumentTests {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/SecondFactorTable.md")

  @Test func everyCellHasExactlyOneRowThatTheMachineAgreesWith() throws {
    let document = try TableDocument<SecondFactorMachine>(contentsOf: Self.url)
    #expect(document.rows.count == SecondFactorMachine.cells.count)
    #expect(document.problems(effectName: \.kind.name) == [])
    for row in document.rows {
      let text =
        "\(row.cells["phase"] ?? "") + \(row.cells["action"] ?? "") (\(row.cells["when"] ?? ""))"
      guard let cell = SecondFactorMachine.cells.first(where: { "\($0)" == text }) else {
        Issue.record("\(row) is no cell")
        continue
      }
      var (state, action) = SecondFactorMachine.example(of: cell)
      let outcome = SecondFactorMachine.step(&state, action).outcome
      #expect(row.cells["outcome"] == outcome.map { "\($0)" } ?? "—", "\(row)")
    }
  }

  /// A row broken on purpose is found.
  @Test func aWrongRowIsFound() throws {
    let text = try String(contentsOf: Self.url, encoding: .utf8)
      .replacingOccurrences(
        of: "| entering | codeChanged | code complete | checking | check-code | — |",
        with: "| entering | codeChanged | code complete | checking | none | — |")
    let problems = try TableDocument<SecondFactorMachine>(text: text).problems(
      effectName: \.kind.name)
    #expect(problems.count == 1)
  }
}
