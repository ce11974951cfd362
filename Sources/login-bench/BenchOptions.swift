import LoginCommandLine

/// The options of a `login-bench` run, parsed from its command line with the scanner every
/// executable uses.
struct BenchOptions: Equatable {
  /// The options `login-bench` understands, before the `--version` and `--help` every
  /// command has.
  enum Option: String, CaseIterable, CommandOption {
    /// `--json`: one JSON object instead of the table.
    case json = "--json"
    /// `--quick`: a fraction of the work, for CI.
    case quick = "--quick"
    /// `--check`: exit with 1 when a budget is not met.
    case check = "--check"
    /// `--only NAME,…`: only these budgets and measurements.
    case only = "--only"

    /// `--only`'s list; the others are flags.
    var valueName: String? {
      switch self {
      case .only: "name,…"
      case .json, .quick, .check: nil
      }
    }

    /// What each option does, for the help.
    var abstract: String {
      switch self {
      case .json:
        "Print one JSON object: budgets (name, unit, median, p99, budget, met, …) and "
          + "information (results per measurement, ratios)."
      case .quick:
        "Do a \(Measurements.quickScale)th of the work in \(Measurements.quickPasses) passes, "
          + "for CI: the numbers mean nothing, only that everything still runs (else "
          + "\(Measurements.passes) passes)."
      case .check:
        "Exit with 1 when a budget measured is not met (without it, 0 whenever the run ends)."
      case .only:
        "Run only the named budgets (see BUDGETS) and measurements (see MEASUREMENTS), and "
          + "every ratio of two measurements run."
      }
    }

    /// No option has a fixed list short enough for the line (MEASUREMENTS lists `--only`'s).
    var possibleValues: [String] { [] }

    /// Flags, and `--only` runs everything when not given.
    var defaultValue: String? { nil }
  }

  /// What a command line asks for.
  enum Invocation: Equatable {
    /// `--help` or `-h`: print the help.
    case help
    /// `--version`: print the version.
    case version
    /// Run the measurements with these options.
    case run(BenchOptions)
  }

  /// `--json`: one JSON object instead of the table.
  var json = false
  /// `--quick`: less work, for CI.
  var quick = false
  /// `--check`: a budget not met is a failure.
  var check = false
  /// `--only`: the budgets and measurements to run; `nil` for all.
  var only: Set<String>?

  /// The budgets to measure, in ``Budget``'s order.
  var budgets: [Budget] {
    Budget.allCases.filter { only?.contains($0.name) ?? true }
  }

  /// Whether the information's measurement `name` runs: when selected, or when a budget
  /// selected takes its samples from it (the seed ratio, from its two sides).
  func runs(measurement name: String) -> Bool {
    guard let only else { return true }
    if only.contains(name) { return true }
    guard budgets.contains(.seedRatio),
      let seed = Measurements.ratios.first(where: { $0.key == Measurements.seedRatioKey })
    else { return false }
    return name == seed.numerator || name == seed.denominator
  }

  /// `login-bench` as its help, usage errors and parser know it, with the budgets (each
  /// name, limit and what it measures) and `measurements` (each name and what it measures)
  /// in the help.
  static func command(measurements: [Benchmark]) -> CommandDeclaration<Option> {
    CommandDeclaration(
      name: "login-bench",
      overview: """
        Measure LoginFlow's performance budgets, and more measurements for information.

        Each budget reports the median and the p99 of its samples and whether it is met
        (see BUDGETS and Docs/Performance.md); the information's measurements run in
        interleaved passes, with ratios and no target. Build it in release, with the
        programs the start-up budget spawns: swift build -c release --product login-bench
        (and --product login-replay, --product startup-baseline).
        """,
      sections: [
        HelpSection(
          title: "BUDGETS",
          entries: Budget.allCases.map {
            (label: $0.name, abstract: "\($0.limitText): \($0.summary).")
          }),
        HelpSection(
          title: "MEASUREMENTS",
          entries: measurements.map { (label: $0.name, abstract: $0.label) }),
      ],
      statuses: [
        ExitStatus(.success, "the run ended (with --check: every budget measured is met)"),
        ExitStatus(
          .failure,
          "with --check, a budget is not met; or the session files could not be written"),
        ExitStatus(.usageOrInputError, "a usage error"),
      ])
  }

  /// Parses `arguments` (without the program name); `--only` names must be budgets' or
  /// `measurements`'.
  ///
  /// - Throws: A ``UsageError`` naming `login-bench`, with the closest name for a misspelt
  ///   option or measurement.
  static func parse(_ arguments: [String], measurements: [Benchmark]) throws(UsageError)
    -> Invocation
  {
    var options = BenchOptions()
    let names = Budget.allCases.map(\.name) + measurements.map(\.name)
    let request = try command(measurements: measurements).parse(arguments) {
      option, cursor throws(UsageError.Kind) in
      switch option {
      case .json: options.json = try cursor.flag()
      case .quick: options.quick = try cursor.flag()
      case .check: options.check = try cursor.flag()
      case .only:
        options.only = Set(
          try OptionValues.keywords(
            try cursor.value(), for: option.name, among: names,
            listedIn: "BUDGETS and MEASUREMENTS of 'login-bench --help'"))
      }
    }
    switch request {
    case .help: return .help
    case .version: return .version
    case nil: return .run(options)
    }
  }
}
