/// The samples of one measurement, sorted, and the statistics a budget reports of them.
///
/// Percentiles are by nearest rank: each one is a sample that was measured, never an
/// interpolation between two.
struct Distribution: Sendable {
  /// The samples, in increasing order; non-finite ones are left out.
  let sorted: [Double]

  /// The distribution of `samples`.
  init(_ samples: [Double]) {
    sorted = samples.filter(\.isFinite).sorted()
  }

  /// How many samples there are.
  var count: Int { sorted.count }

  /// The median (the mean of the two middle samples for an even count); NaN without samples.
  var median: Double {
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// The sample at `fraction` (0…1) of the way up by nearest rank: the smallest sample that
  /// at least `fraction` of the samples are at or below. NaN without samples.
  func percentile(_ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = (fraction * Double(sorted.count)).rounded(.up)
    let index = min(max(Int(rank) - 1, 0), sorted.count - 1)
    return sorted[index]
  }

  /// The 99th percentile on the bad side of `bound`: for a time (`atMost`), the sample 99 %
  /// of the samples are at or below; for a rate (`atLeast`), the one 99 % are at or above
  /// (the 1st percentile). Either way one sample in a hundred is worse.
  func p99(for bound: Budget.Bound) -> Double {
    switch bound {
    case .atMost: percentile(0.99)
    case .atLeast: percentile(0.01)
    }
  }
}
