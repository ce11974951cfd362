/// One named measurement of `login-bench`'s information: a body that performs `operations`
/// operations per call, timed as a whole.
struct Benchmark: Sendable {
  /// The key in `--json`'s `information.results`, such as `render_40_columns`.
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
    return BenchFormat.seconds(elapsed) * 1e9 / Double(operations)
  }
}
