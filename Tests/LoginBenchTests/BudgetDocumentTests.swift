import Foundation
import Testing

@testable import login_bench

/// Docs/Performance.md shows the budgets as `Budget` defines them, and its figures are a run of
/// the budgets as they are now; the statistics judge what they say they judge.
@Suite struct BudgetDocumentTests {
  static func performanceDocument() throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Performance.md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The lines of `text` between the line starting with `start` and the next line starting
  /// with `end`.
  static func lines(of text: String, from start: String, to end: String) -> [Substring] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
      let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) })
    else { return [] }
    return Array(lines[(first + 1)..<last])
  }

  @Test func theBudgetTableIsTheDefinition() throws {
    let table = Self.lines(
      of: try Self.performanceDocument(), from: "<!-- budgets:", to: "<!-- end of budgets")
    #expect(
      table.joined(separator: "\n") == Budget.markdownTable,
      "Docs/Performance.md's budget table should read:\n\(Budget.markdownTable)")
  }

  @Test func theFiguresAreARunOfTheBudgetsAsDefined() throws {
    let block = Self.lines(
      of: try Self.performanceDocument(), from: "<!-- results:", to: "<!-- end of results")
    let rows = block.filter { line in Budget.allCases.contains { line.hasPrefix($0.name + " ") } }
    #expect(rows.count == Budget.allCases.count)
    for (row, budget) in zip(rows, Budget.allCases) {
      #expect(row.hasPrefix(budget.name + " "), "\(row)")
      #expect(row.contains(budget.limitText), "\(budget.name): \(budget.limitText)")
      #expect(row.hasSuffix("yes"), "\(budget.name) is met in the recorded run")
    }
  }

  @Test func theSizesTheDocumentGivesAreTheBenchmarks() throws {
    let text = try Self.performanceDocument()
    let sizes = Measurements(quick: false)
    let sends = sizes.budgetKeystrokeRounds * Keystrokes.typing.count
    let lines = sizes.budgetReplayCycles * SessionGenerator.cycleLines
    for figure in [
      "each of \(BenchFormat.grouped(sends)) sends",
      "\(BenchFormat.grouped(sizes.budgetFrames)) frames",
      "\(sizes.budgetReplayRuns) runs of `ReplayCommand.run`",
      "session of \(BenchFormat.grouped(lines)) lines",
      "each spawned \(sizes.budgetStartupRuns) times",
      "in each of \(sizes.passes) passes",
      "run in \(sizes.passes) interleaved passes",
    ] {
      #expect(text.contains(figure), "Docs/Performance.md should say \(figure)")
    }
  }

  @Test func percentilesAreSamplesByNearestRank() {
    let distribution = Distribution(Array(1...100).map(Double.init) + [.nan])
    #expect(distribution.count == 100)
    #expect(distribution.median == 50.5)
    #expect(distribution.percentile(0.99) == 99)
    #expect(distribution.p99(for: .atMost) == 99)
    #expect(distribution.p99(for: .atLeast) == 1)
    #expect(Distribution([]).median.isNaN)
  }

  @Test func aBudgetIsMetOnlyOnTheRightSideOfItsLimitByItsJudgedStatistic() {
    for budget in Budget.allCases {
      let inside = budget.bound == .atMost ? budget.limit * 0.5 : budget.limit * 2
      let outside = budget.bound == .atMost ? budget.limit * 2 : budget.limit * 0.5
      let judgedInside = BudgetResult(
        budget, median: budget.judged == .median ? inside : outside,
        p99: budget.judged == .p99 ? inside : outside, samples: 1)
      let judgedOutside = BudgetResult(
        budget, median: budget.judged == .median ? outside : inside,
        p99: budget.judged == .p99 ? outside : inside, samples: 1)
      #expect(judgedInside.met, "\(budget.name)")
      #expect(!judgedOutside.met, "\(budget.name)")
      #expect(!BudgetResult(budget, notMeasured: "missing").met)
    }
  }

  @Test func theLimitsAreTheOnesUsersWereGiven() {
    #expect(Budget.keystroke.limitText == "p99 <= 20 us")
    #expect(Budget.frame.limitText == "p99 <= 1 ms")
    #expect(Budget.replay.limitText == "median >= 100,000 lines/s")
    #expect(Budget.startup.limitText == "median <= 1.2 ratio")
    #expect(Budget.seedRatio.limitText == "median >= 10 ratio")
  }
}
