import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginReplay

/// Takes the samples of each ``Budget`` at the sizes of a ``Measurements`` and reports the
/// budget's statistics of them. The seed ratio's samples come from the information's
/// interleaved passes, where both its sides are timed side by side.
struct BudgetRunner {
  /// The sizes, and the session file of ``Budget/replay``.
  var measurements: Measurements
  /// The per-pass ratios of ``Measurements/seedRatioKey``, for ``Budget/seedRatio``.
  var seedRatioSamples: [Double]

  /// What the budgets measured, and what the start-up runs took (for the information).
  struct Report {
    /// One result a budget run, in ``Budget``'s order.
    var results: [BudgetResult]
    /// The start-up times, when they were taken.
    var startup: StartupTimer.Times?
    /// The keystroke budget's sends timed again on the shared pool, for comparison.
    var keystrokeOnPool: Distribution?
    /// Every body's results added up, printed so that none is optimised away.
    var checksum: Int
  }

  /// Measures `budgets`, in ``Budget``'s order.
  func run(_ budgets: [Budget]) async -> Report {
    var report = Report(results: [], startup: nil, keystrokeOnPool: nil, checksum: 0)
    for budget in Budget.allCases where budgets.contains(budget) {
      switch budget {
      case .keystroke:
        let executor = OneThreadExecutor()
        let (times, checksum) = await StoreBenchmarks.keystrokesWithSubscriber(
          Keystrokes.typing.map(\.action), rounds: measurements.budgetKeystrokeRounds,
          on: executor)
        executor.shutDown()
        let (poolTimes, poolChecksum) = await StoreBenchmarks.keystrokesWithSubscriber(
          Keystrokes.typing.map(\.action), rounds: measurements.budgetKeystrokeRounds, on: nil)
        report.checksum &+= checksum &+ poolChecksum
        report.results.append(BudgetResult(budget, samples: times))
        report.keystrokeOnPool = Distribution(poolTimes)
      case .frame:
        let (times, checksum) = Self.frameTimes(count: measurements.budgetFrames)
        report.checksum &+= checksum
        report.results.append(BudgetResult(budget, samples: times))
      case .replay:
        let (rates, checksum) = await Self.replayRates(
          path: measurements.budgetReplayPath,
          lines: measurements.budgetReplayCycles * SessionGenerator.cycleLines,
          runs: measurements.budgetReplayRuns)
        report.checksum &+= checksum
        report.results.append(BudgetResult(budget, samples: rates))
      case .startup:
        let (result, times) = Self.startup(runs: measurements.budgetStartupRuns)
        report.startup = times
        report.results.append(result)
      case .seedRatio:
        report.results.append(BudgetResult(budget, samples: seedRatioSamples))
      }
    }
    return report
  }

  /// Renders `count` frames of ``Measurements/screens`` in turn at 40 columns, each timed on
  /// its own, after one untimed frame of each screen.
  ///
  /// - Returns: Each frame's time in milliseconds, and the frames' bytes added up.
  static func frameTimes(count: Int) -> (milliseconds: [Double], checksum: Int) {
    let renderer = TextRenderer()
    let screens = Measurements.screens
    var checksum = screens.reduce(0) { $0 &+ renderer.render($1).utf8.count }
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(count)
    for index in 0..<count {
      let start = clock.now
      let frame = renderer.render(screens[index % screens.count])
      times.append(BenchFormat.milliseconds(start.duration(to: clock.now)))
      checksum &+= frame.utf8.count
    }
    return (times, checksum)
  }

  /// Replays the session at `path` (`lines` lines) `runs` times through `ReplayCommand.run`,
  /// output discarded, after one untimed run.
  ///
  /// - Returns: Each run's lines per second, and the runs' statuses and lines added up.
  static func replayRates(path: String, lines: Int, runs: Int) async -> (
    linesPerSecond: [Double], checksum: Int
  ) {
    let clock = ContinuousClock()
    var rates: [Double] = []
    var checksum = 0
    for run in 0...runs {
      let output = DiscardingOutput()
      let start = clock.now
      let status = await ReplayCommand.run([path], output: output)
      let seconds = BenchFormat.seconds(start.duration(to: clock.now))
      checksum &+= Int(status.rawValue) &+ output.lines
      if run > 0 { rates.append(Double(lines) / seconds) }
    }
    return (rates, checksum)
  }

  /// Times the start-up of `login-replay` and of `startup-baseline`, `runs` times each.
  ///
  /// - Returns: The budget's result — the median of `login-replay`'s times over the median of
  ///   the baseline's, and the same of their p99s — and the times, when they were taken.
  static func startup(runs: Int) -> (BudgetResult, StartupTimer.Times?) {
    guard let timer = StartupTimer() else {
      return (
        BudgetResult(.startup, notMeasured: "the path of login-bench itself is unknown"), nil
      )
    }
    switch timer.measure(runs: runs) {
    case .failure(let failure):
      return (BudgetResult(.startup, notMeasured: failure.reason), nil)
    case .success(let times):
      let measured = Distribution(times.measured)
      let baseline = Distribution(times.baseline)
      let result = BudgetResult(
        .startup, median: measured.median / baseline.median,
        p99: measured.percentile(0.99) / baseline.percentile(0.99), samples: measured.count)
      return (result, times)
    }
  }
}
