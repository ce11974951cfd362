/// Runs measurements in interleaved passes. In each pass the two sides of every ratio are
/// timed back to back, A B B A, and the ratio's sample is the sum of A's times over the sum
/// of B's: the machine's speed changes within seconds (a busy neighbour on a shared host),
/// and two measurements taken one after the other, in both orders, see the same machine.
/// Every other measurement is timed once per pass; the order of the pass's steps reverses
/// from one pass to the next. A ratio is reported by its per-pass samples, so a pass that
/// drifted anyway does not move its median.
struct BenchmarkSuite {
  /// The measurements, in the order they are reported.
  var benchmarks: [Benchmark]
  /// The ratios sampled in every pass.
  var ratios: [RatioDefinition]
  /// How many passes.
  var passes: Int

  /// What a run measured.
  struct Outcome {
    /// Per benchmark: the median ns/op over every time it was measured, in the benchmarks'
    /// order.
    var medians: [(benchmark: Benchmark, nanosPerOperation: Double)]
    /// Per ratio: its samples, one a pass.
    var ratios: [(definition: RatioDefinition, samples: [Double])]
    /// The passes run.
    var passes: Int
    /// Every body's results added up, printed so that none is optimised away.
    var checksum: Int

    /// The samples of the ratio `key`; empty when it was not run.
    func samples(of key: String) -> [Double] {
      ratios.first { $0.definition.key == key }?.samples ?? []
    }
  }

  /// One step of a pass: a ratio's pair timed A B B A, or one measurement timed once.
  private enum Step {
    case pair(ratio: Int, numerator: Benchmark, denominator: Benchmark)
    case single(Benchmark)
  }

  /// The steps of one pass: every ratio, then the measurements no ratio times.
  private var steps: [Step] {
    var steps: [Step] = []
    var paired: Set<String> = []
    for (index, definition) in ratios.enumerated() {
      guard let top = benchmarks.first(where: { $0.name == definition.numerator }),
        let bottom = benchmarks.first(where: { $0.name == definition.denominator })
      else { continue }
      steps.append(.pair(ratio: index, numerator: top, denominator: bottom))
      paired.formUnion([definition.numerator, definition.denominator])
    }
    return steps + benchmarks.filter { !paired.contains($0.name) }.map(Step.single)
  }

  /// Warms every body up once, untimed, then runs the passes.
  func run() async -> Outcome {
    var samples: [String: [Double]] = [:]
    var ratioSamples = [[Double]](repeating: [], count: ratios.count)
    var checksum = 0
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
    return Outcome(
      medians: benchmarks.map { ($0, Distribution(samples[$0.name] ?? []).median) },
      ratios: ratios.enumerated().map { ($1, ratioSamples[$0]) }, passes: passes,
      checksum: checksum)
  }
}
