import LoginRendering

extension ReplayFormatter {
  /// The coverage report that ends a `--coverage` run.
  ///
  /// Text: a table of every cell with how many times it ran (a cell no replay can reach is
  /// marked so, with the reason), the reachable cells that never ran, and the last line
  /// `coverage: N/M transitions (P%)`. JSON lines: one `coverage` object.
  static func coverage(_ coverage: TransitionCoverage, format: ReplayOptions.Format) -> String {
    switch format {
    case .text, .accessible: coverageText(coverage)
    case .jsonl: coverageJSON(coverage)
    }
  }

  /// The last line of the text report: `coverage: 44/44 transitions (100%)`.
  static func coverageLine(_ coverage: TransitionCoverage) -> String {
    "coverage: \(coverage.covered)/\(coverage.total) transitions (\(coverage.percentText)%)"
  }

  private static func coverageText(_ coverage: TransitionCoverage) -> String {
    let counts = CoverageCell.all.map { String(coverage.count(of: $0)) }
    let width = max(counts.map(\.count).max() ?? 0, "runs".count)
    func padded(_ text: String) -> String {
      String(repeating: " ", count: width - text.count) + text
    }
    var lines = ["", "\(padded("runs"))  cell"]
    for (cell, count) in zip(CoverageCell.all, counts) {
      var line = "\(padded(count))  \(cell)"
      if let reason = cell.unreachability { line += "  (unreachable: \(reason))" }
      lines.append(line)
    }
    let missing = coverage.missing
    lines.append("")
    lines.append("never run: " + (missing.isEmpty ? "none" : "\(missing.count)"))
    lines += missing.map { "  \($0)" }
    lines.append(coverageLine(coverage))
    return lines.joined(separator: "\n")
  }

  private static func coverageJSON(_ coverage: TransitionCoverage) -> String {
    let cells = CoverageCell.all.map { cell -> JSONValue in
      var object: [String: JSONValue] = [
        "cell": .string(cell.description),
        "count": .int(coverage.count(of: cell)),
        "reachable": .bool(cell.unreachability == nil),
      ]
      if let reason = cell.unreachability { object["unreachable"] = .string(reason.description) }
      return .object(object)
    }
    return JSONValue.object([
      "type": .string("coverage"),
      "cells": .array(cells),
      "missing": .array(coverage.missing.map { .string($0.description) }),
      "covered": .int(coverage.covered),
      "total": .int(coverage.total),
      "percent": .string(coverage.percentText),
    ]).text
  }
}
