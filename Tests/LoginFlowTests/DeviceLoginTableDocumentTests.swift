import Foundation
import LoginFlow
import LoginTestSupport
import Testing

/// `Docs/DeviceLoginTable.md` is the device step's table: one row per cell of
/// ``DeviceLoginMachine``, each checked against the machine on the cell's example, its
/// outcome column too.
@Suite struct DeviceLoginTableDocumentTests {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/DeviceLoginTable.md")

  @Test func everyCellHasExactlyOneRowThatTheMachineAgreesWith() throws {
    let document = try TableDocument<DeviceLoginMachine>(contentsOf: Self.url)
    #expect(document.rows.count == DeviceLoginMachine.cells.count)
    #expect(document.problems(effectName: \.kind.name) == [])
    for row in document.rows {
      let text =
        "\(row.cells["phase"] ?? "") + \(row.cells["action"] ?? "") (\(row.cells["when"] ?? ""))"
      guard let cell = DeviceLoginMachine.cells.first(where: { "\($0)" == text }) else {
        Issue.record("\(row) is no cell")
        continue
      }
      var (state, action) = DeviceLoginMachine.example(of: cell)
      let outcome = DeviceLoginMachine.step(&state, action).outcome
      #expect(row.cells["outcome"] == outcome.map { "\($0)" } ?? "—", "\(row)")
    }
  }

  /// A row broken on purpose is found.
  @Test func aWrongRowIsFound() throws {
    let text = try String(contentsOf: Self.url, encoding: .utf8)
      .replacingOccurrences(
        of: "| polling | pollAnswer | current, slow down | waiting | schedule-poll | — |",
        with: "| polling | pollAnswer | current, slow down | waiting | none | — |")
    let problems = try TableDocument<DeviceLoginMachine>(text: text).problems(
      effectName: \.kind.name)
    #expect(problems.count == 1)
  }
}
