/// What a `login-bench` run prints: the budgets first (each limit, median, p99 and whether it
/// is met), then the information — the medians of the other measurements and their ratios,
/// which have no target — as a table or as one JSON object.
struct BenchReport {
  /// The budgets measured, in ``Budget``'s order.
  var budgets: [BudgetResult]
  /// The information's measurements and ratios.
  var information: BenchmarkSuite.Outcome
  /// The start-up times, when they were taken.
  var startup: StartupTimer.Times?
  /// The keystroke budget's sends on the shared pool, when they were timed.
  var keystrokeOnPool: Distribution?
  /// Whether this was a `--quick` run, whose numbers mean nothing.
  var quick: Bool
  /// The budgets' and the information's checksums added up.
  var checksum: Int

  /// Whether every budget measured is met.
  var allMet: Bool { budgets.allSatisfy(\.met) }

  /// The information's ratios: every one but the seed ratio's, which is a budget.
  private var informationRatios: [(definition: RatioDefinition, samples: [Double])] {
    information.ratios.filter { $0.definition.key != Measurements.seedRatioKey }
  }

  /// The table printed by default.
  var text: String {
    var lines: [String] = []
    if quick { lines.append("--quick: a fraction of the work; the numbers mean nothing") }
    lines.append(
      BenchFormat.padded("budget", to: 28) + BenchFormat.padded("limit", to: 26)
        + BenchFormat.leftPadded("median", to: 12) + BenchFormat.leftPadded("p99", to: 12)
        + "  met")
    for result in budgets {
      let met = result.met ? "yes" : "NO"
      lines.append(
        BenchFormat.padded(result.budget.name, to: 28)
          + BenchFormat.padded(result.budget.limitText, to: 26)
          + BenchFormat.leftPadded(BenchFormat.statistic(result.median), to: 12)
          + BenchFormat.leftPadded(BenchFormat.statistic(result.p99), to: 12) + "  " + met
          + (result.reason.map { " (\($0))" } ?? ""))
    }
    if let startup {
      lines.append(
        "(start-up medians: login-replay \(BenchFormat.statistic(Distribution(startup.measured).median)) ms, "
          + "startup-baseline \(BenchFormat.statistic(Distribution(startup.baseline).median)) ms)"
      )
    }
    if let keystrokeOnPool {
      lines.append(
        "(keystroke on the shared pool: median \(BenchFormat.statistic(keystrokeOnPool.median)) us, "
          + "p99 \(BenchFormat.statistic(keystrokeOnPool.percentile(0.99))) us)")
    }
    lines.append("")
    lines.append(
      BenchFormat.padded(
        "information (median over \(information.passes) interleaved passes)", to: 52)
        + "   ns/op       op/s")
    for (benchmark, nanos) in information.medians {
      lines.append(
        BenchFormat.padded(benchmark.label, to: 52)
          + BenchFormat.leftPadded(BenchFormat.number(nanos, digits: 1), to: 11)
          + BenchFormat.leftPadded(BenchFormat.number(1e9 / nanos, digits: 0), to: 12))
    }
    let ratios = informationRatios
    if !ratios.isEmpty {
      lines.append("")
      lines.append(BenchFormat.padded("ratio (information, no target)", to: 34) + "  median")
      for (definition, samples) in ratios {
        lines.append(
          BenchFormat.padded(definition.key, to: 34)
            + BenchFormat.leftPadded(
              BenchFormat.number(Distribution(samples).median, digits: 2), to: 8))
      }
    }
    lines.append("(checksum \(checksum % 1000))")
    return lines.joined(separator: "\n")
  }

  /// One JSON object: `budgets` (per budget its name, unit, median, p99, limit as `budget`,
  /// `bound`, `judged`, `samples`, `met`, and `reason` when it was not measured), then
  /// `information` (`passes`, `results` with every measurement's ns and operations per
  /// second, `ratios` by key, and `startup_ms` when the start-up was timed), then `quick`.
  var json: String {
    let budgetObjects = budgets.map { result in
      var members = [
        "\"name\":\(BenchFormat.json(result.budget.name))",
        "\"unit\":\(BenchFormat.json(result.budget.unit))",
        "\"median\":\(BenchFormat.json(result.median))",
        "\"p99\":\(BenchFormat.json(result.p99))",
        "\"budget\":\(BenchFormat.json(result.budget.limit))",
        "\"bound\":\(BenchFormat.json(result.budget.bound.symbol))",
        "\"judged\":\(BenchFormat.json(result.budget.judged.rawValue))",
        "\"samples\":\(result.samples)",
        "\"met\":\(result.met)",
      ]
      if let reason = result.reason { members.append("\"reason\":\(BenchFormat.json(reason))") }
      return "{" + members.joined(separator: ",") + "}"
    }
    let results = information.medians.map { benchmark, nanos in
      "{\"name\":\(BenchFormat.json(benchmark.name)),\"ns_per_op\":\(BenchFormat.json(nanos)),"
        + "\"ops_per_second\":\(BenchFormat.json(1e9 / nanos))}"
    }
    let ratios = informationRatios.map { definition, samples in
      "\(BenchFormat.json(definition.key)):\(BenchFormat.json(Distribution(samples).median))"
    }
    var informationMembers = [
      "\"passes\":\(information.passes)",
      "\"results\":[\(results.joined(separator: ","))]",
      "\"ratios\":{\(ratios.joined(separator: ","))}",
    ]
    if let startup {
      informationMembers.append(
        "\"startup_ms\":{\"login_replay_median\":"
          + "\(BenchFormat.json(Distribution(startup.measured).median)),"
          + "\"startup_baseline_median\":"
          + "\(BenchFormat.json(Distribution(startup.baseline).median))}")
    }
    if let keystrokeOnPool {
      informationMembers.append(
        "\"keystroke_on_pool_us\":{\"median\":\(BenchFormat.json(keystrokeOnPool.median)),"
          + "\"p99\":\(BenchFormat.json(keystrokeOnPool.percentile(0.99)))}")
    }
    return "{\"budgets\":[\(budgetObjects.joined(separator: ","))],"
      + "\"information\":{\(informationMembers.joined(separator: ","))},\"quick\":\(quick)}"
  }
}
