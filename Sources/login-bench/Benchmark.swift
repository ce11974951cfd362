/// One named measurement: a body that performs `operations` operations per call.
struct Benchmark: Sendable {
  /// The key in `--json`'s `results`, such as `render_40_columns`.
  var name: String
  /// What is measured, printed at the start of the line.
  var label: String
  /// How many operations one call of `body` performs.
  var operations: Int
  /// The work; returns a value so the optimiser cannot remove it.
  var body: @Sendable () async -> Int

  /// Runs the body once and returns the time per operation, in nanoseconds.
  func measureOnce(checksum: inout Int) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    checksum &+= await body()
    let elapsed = start.duration(to: clock.now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return seconds * 1e9 / Double(operations)
  }
}

/// A ratio with a target (see Docs/Performance.md): a measurement over its baseline, or an
/// absolute rate.
struct RatioDefinition: Sendable {
  enum Target: Sendable {
    case atMost(Double)
    case atLeast(Double)

    func isMet(by value: Double) -> Bool {
      switch self {
      case .atMost(let limit): value <= limit
      case .atLeast(let limit): value >= limit
      }
    }

    var text: String {
      switch self {
      case .atMost(let limit): "<= \(BenchFormat.number(limit, digits: 1))"
      case .atLeast(let limit): ">= \(BenchFormat.number(limit, digits: 1))"
      }
    }
  }

  enum Kind: Sendable {
    /// `numerator`'s ns/op over `denominator`'s, per block, then the median.
    case over(numerator: String, denominator: String)
    /// Operations per second of one measurement, per block, then the median.
    case perSecond(String)
  }

  /// The key in `--json`'s `ratios`.
  var key: String
  var kind: Kind
  var target: Target
}

/// Runs every measurement in interleaved passes. In each pass the two sides of every ratio
/// are timed back to back, A B B A, and the ratio's sample is the sum of A's times over the
/// sum of B's: the machine's speed changes within seconds (a busy neighbour on a shared
/// host), and two measurements taken one after the other, in both orders, see the same
/// machine. Every other measurement is timed once per pass; the order of the pass's steps
/// reverses from one pass to the next. A ratio is the median of its per-pass samples, so a
/// pass that drifted anyway does not move it.
struct BenchmarkSuite {
  var benchmarks: [Benchmark]
  var ratios: [RatioDefinition]
  var passes: Int

  struct Outcome {
    /// Per benchmark: the median ns/op over every time it was measured, in the benchmarks'
    /// order.
    var medians: [(benchmark: Benchmark, nanosPerOperation: Double)]
    /// Per ratio: its median value.
    var ratios: [(definition: RatioDefinition, value: Double)]
    var checksum: Int
  }

  /// One step of a pass: a ratio's pair timed A B B A, or one measurement timed once.
  private enum Step {
    case pair(ratio: Int, numerator: Benchmark, denominator: Benchmark)
    case single(Benchmark)
  }

  /// The steps of one pass: every ratio over two measurements, then the measurements no such
  /// ratio times (a rate is a measurement's own, timed once).
  private var steps: [Step] {
    var steps: [Step] = []
    var paired: Set<String> = []
    for (index, definition) in ratios.enumerated() {
      guard case .over(let numerator, let denominator) = definition.kind,
        let top = benchmarks.first(where: { $0.name == numerator }),
        let bottom = benchmarks.first(where: { $0.name == denominator })
      else { continue }
      steps.append(.pair(ratio: index, numerator: top, denominator: bottom))
      paired.formUnion([numerator, denominator])
    }
    return steps + benchmarks.filter { !paired.contains($0.name) }.map(Step.single)
  }

  func run() async -> Outcome {
    var samples: [String: [Double]] = [:]
    var ratioSamples = [[Double]](repeating: [], count: ratios.count)
    var checksum = 0
    // Warm-up: every body once, untimed.
    for benchmark in benchmarks { checksum &+= await benchmark.body() }
    let steps = steps
    for pass in 0..<passes {
      for step in pass.isMultiple(of: 2) ? steps : steps.reversed() {
        switch step {
        case .single(let benchmark):
          samples[benchmark.name, default: []].append(
            await benchmark.measureOnce(checksum: &checksum))
        case .pair(let ratio, let numerator, let denominator):
          var top = 0.0
          var bottom = 0.0
          for benchmark in [numerator, denominator, denominator, numerator] {
            let nanos = await benchmark.measureOnce(checksum: &checksum)
            samples[benchmark.name, default: []].append(nanos)
            if benchmark.name == numerator.name { top += nanos } else { bottom += nanos }
          }
          ratioSamples[ratio].append(top / bottom)
        }
      }
    }
    let medians = benchmarks.map { ($0, Self.median(samples[$0.name] ?? [])) }
    let ratioValues = ratios.enumerated().map { index, definition -> (RatioDefinition, Double) in
      switch definition.kind {
      case .over:
        return (definition, Self.median(ratioSamples[index]))
      case .perSecond(let name):
        return (definition, Self.median((samples[name] ?? []).map { 1e9 / $0 }))
      }
    }
    return Outcome(medians: medians, ratios: ratioValues, checksum: checksum)
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

extension BenchmarkSuite.Outcome {
  /// The table printed by default.
  func text(passes: Int) -> String {
    var lines = [
      "measurement (median over \(passes) interleaved passes)".padded(to: 52)
        + "   ns/op       op/s"
    ]
    for (benchmark, nanos) in medians {
      lines.append(
        "\(benchmark.label.padded(to: 52)) \(BenchFormat.number(nanos, digits: 1).leftPadded(to: 10))"
          + " \(BenchFormat.number(1e9 / nanos, digits: 0).leftPadded(to: 12))")
    }
    lines.append("")
    lines.append("ratio".padded(to: 34) + "    value   target   met")
    for (definition, value) in ratios {
      lines.append(
        "\(definition.key.padded(to: 34)) \(BenchFormat.number(value, digits: 2).leftPadded(to: 8))"
          + " \(definition.target.text.leftPadded(to: 9))   "
          + (definition.target.isMet(by: value) ? "yes" : "NO"))
    }
    lines.append("(checksum \(checksum % 1000))")
    return lines.joined(separator: "\n")
  }

  /// One JSON object: `results` (name, ns per operation, operations per second) and `ratios`.
  func json(passes: Int, quick: Bool) -> String {
    let results = medians.map { benchmark, nanos in
      "{\"name\":\"\(benchmark.name)\",\"ns_per_op\":\(BenchFormat.json(nanos)),"
        + "\"ops_per_second\":\(BenchFormat.json(1e9 / nanos))}"
    }
    let ratioMembers = ratios.map { definition, value in
      "\"\(definition.key)\":\(BenchFormat.json(value))"
    }
    return
      "{\"passes\":\(passes),\"quick\":\(quick),\"results\":[\(results.joined(separator: ","))],"
      + "\"ratios\":{\(ratioMembers.joined(separator: ","))}}"
  }
}

/// Number formatting without Foundation.
enum BenchFormat {
  static func number(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "nan" }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    let fraction = String(magnitude % scale)
    return sign + "\(magnitude / scale)." + String(repeating: "0", count: digits - fraction.count)
      + fraction
  }

  /// A JSON number (`null` when not finite), three decimals.
  static func json(_ value: Double) -> String {
    value.isFinite ? number(value, digits: 3) : "null"
  }
}

extension String {
  fileprivate func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
