/// What one run measured of a ``Budget``: the median and the p99 in the budget's unit, and
/// whether the budget is met — or why it could not be measured.
struct BudgetResult: Sendable {
  /// The budget measured.
  var budget: Budget
  /// The median, in the budget's unit; NaN when not measured.
  var median: Double
  /// The 99th percentile on the bad side (``Distribution/p99(for:)``); NaN when not measured.
  var p99: Double
  /// How many samples the statistics are of.
  var samples: Int
  /// Why the budget could not be measured (a binary missing, a child that failed), or `nil`.
  var reason: String?

  /// The statistics of `samples`, each in the budget's unit.
  init(_ budget: Budget, samples: [Double]) {
    let distribution = Distribution(samples)
    self.init(
      budget, median: distribution.median, p99: distribution.p99(for: budget.bound),
      samples: distribution.count)
  }

  /// A result of statistics computed elsewhere (a ratio of two distributions).
  init(_ budget: Budget, median: Double, p99: Double, samples: Int) {
    self.budget = budget
    self.median = median
    self.p99 = p99
    self.samples = samples
    reason = nil
  }

  /// A budget that could not be measured, for `reason`: it is not met.
  init(_ budget: Budget, notMeasured reason: String) {
    self.budget = budget
    median = .nan
    p99 = .nan
    samples = 0
    self.reason = reason
  }

  /// The statistic the budget judges.
  var judgedValue: Double {
    switch budget.judged {
    case .p99: p99
    case .median: median
    }
  }

  /// Whether the judged statistic is within the limit; never for a budget not measured.
  var met: Bool {
    reason == nil && judgedValue.isFinite
      && budget.bound.holds(judgedValue, within: budget.limit)
  }
}
