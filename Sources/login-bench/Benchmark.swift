/// One named measurement: runs `body` a number of times and reports the time per operation.
struct Benchmark {
  /// What is measured, printed at the start of the line.
  var name: String
  /// How many operations one call of `body` performs.
  var operations: Int
  /// The work; returns a value so the optimiser cannot remove it.
  var body: () async -> Int

  /// Runs the body once to warm up, then `repetitions` times, and prints the best run.
  func run(repetitions: Int = 5) async {
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000_000)
    var checksum = await body()
    for _ in 0..<repetitions {
      let start = clock.now
      checksum &+= await body()
      best = min(best, start.duration(to: clock.now))
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    let nanosPerOperation = seconds * 1e9 / Double(operations)
    let perSecond = Double(operations) / seconds
    let rate = format(perSecond / 1e6, digits: 2).leftPadded(to: 8)
    print(
      "\(name.padding(to: 44)) \(format(nanosPerOperation, digits: 1).leftPadded(to: 10)) ns/op"
        + "  \(rate) M op/s  (checksum \(checksum % 1000))"
    )
  }

  private func format(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int(value * Double(scale) + 0.5)
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
