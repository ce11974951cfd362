import Foundation
import LoginFlow

/// A machine's transition table as a document writes it, and its check against the machine:
/// the one test every machine's table document (the login machine's, each child's) passes.
///
/// The table is the Markdown table under a `## The table` heading, with the columns
/// `phase`, `action`, `when`, `next phase` and `effects`, in any order, and any others. Each
/// row must be a cell of the machine (``TableMachine/cells``, its `when` the condition's
/// description), every cell must have exactly one row, and the machine's own example of the
/// cell (``TableMachine/example(of:)``) must do what the row says: move to the next phase
/// (`same` for none) and ask for the effects listed (`none`, or names joined by `, `).
package struct TableDocument<Machine: TableMachine> {
  /// One row of the table.
  package struct Row: Sendable, CustomStringConvertible {
    /// The row's line in the document.
    package var line: Int
    /// The cells of the row, by column name.
    package var cells: [String: String]

    package var description: String {
      "line \(line): \(cells["phase"] ?? "") + \(cells["action"] ?? "")"
    }
  }

  /// The rows, in order.
  package let rows: [Row]

  /// Reads the table of the document at `url`.
  package init(contentsOf url: URL) throws {
    try self.init(text: String(contentsOf: url, encoding: .utf8))
  }

  /// Reads the table of `text`.
  package init(text: String) throws {
    var rows: [Row] = []
    var header: [String]?
    var inTable = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix("## ") { inTable = line.hasPrefix("## The table") }
      guard inTable, line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let names = header else {
        header = cells
        continue
      }
      guard cells.count == names.count else {
        throw TableDocumentError(description: "line \(index + 1): \(cells.count) columns")
      }
      rows.append(Row(line: index + 1, cells: Dictionary(uniqueKeysWithValues: zip(names, cells))))
    }
    self.rows = rows
  }

  /// What is wrong with the document, each problem in a sentence; empty when it is the
  /// machine's table. `effectName` names an effect as the document does.
  package func problems(effectName: (Machine.Effect) -> String) -> [String] {
    var problems: [String] = []
    var documented: [TableCell<Machine>: Row] = [:]
    for row in rows {
      guard let cell = cell(of: row) else {
        problems.append("\(row): not a cell of the \(Machine.name) machine")
        continue
      }
      if documented.updateValue(row, forKey: cell) != nil {
        problems.append("\(row): \(cell) is documented twice")
      }
    }
    for cell in Machine.cells {
      guard let row = documented[cell] else {
        problems.append("no row for \(cell)")
        continue
      }
      var (state, action) = Machine.example(of: cell)
      let phase = Machine.phase(of: state)
      let effects = Machine.reduce(into: &state, action)
      let next = Machine.phase(of: state) == phase ? "same" : Machine.phase(of: state).rawValue
      let named = effects.isEmpty ? "none" : effects.map(effectName).joined(separator: ", ")
      if row.cells["next phase"] != next {
        problems.append("\(row): next phase is \(next), not \(row.cells["next phase"] ?? "")")
      }
      if row.cells["effects"] != named {
        problems.append("\(row): effects are \(named), not \(row.cells["effects"] ?? "")")
      }
    }
    return problems
  }

  /// The cell a row names, if it is one of the machine's.
  private func cell(of row: Row) -> TableCell<Machine>? {
    guard let phase = row.cells["phase"].flatMap(Machine.PhaseKind.init(rawValue:)),
      let action = row.cells["action"].flatMap(Machine.ActionKind.init(rawValue:)),
      let condition = Machine.conditions(phase, action).first(where: {
        $0.description == row.cells["when"]
      })
    else { return nil }
    return TableCell(phase: phase, action: action, condition: condition)
  }
}

/// A table document that cannot be read.
package struct TableDocumentError: Error, CustomStringConvertible {
  package var description: String
}
