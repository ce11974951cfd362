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
    /// `--only NAME,…`: only these measurements.
    case only = "--only"

    /// `--only`'s list; the others are flags.
    var valueName: String? {
      switch self {
      case .only: "name,…"
      case .json, .quick: nil
      }
    }

    /// What each option does, for the help.
    var abstract: String {
      switch self {
      case .json: "Print one JSON object: results (per measurement) and ratios."
      case .quick:
        "Do a \(Measurements.quickScale)th of the work in \(Measurements.quickPasses) passes, "
          + "for CI: the numbers mean nothing, only that everything still runs (else "
          + "\(Measurements.passes) passes)."
      case .only:
        "Run only the named measurements (see MEASUREMENTS), and every ratio of two of them."
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
  /// `--only`: the measurements to run; `nil` for all.
  var only: Set<String>?

  /// `login-bench` as its help, usage errors and parser know it, with `measurements` (each
  /// name and what it measures) in the help.
  static func command(measurements: [Benchmark]) -> CommandDeclaration<Option> {
    CommandDeclaration(
      name: "login-bench",
      overview: """
        Measure LoginFlow's hot paths against baselines timed in the same run.

        Every measurement runs in interleaved passes and reports its median; each ratio is
        the median of its per-pass ratios (see Docs/Performance.md). Build it in release:
        swift run -c release login-bench.
        """,
      sections: [
        HelpSection(
          title: "MEASUREMENTS",
          entries: measurements.map { (label: $0.name, abstract: $0.label) })
      ],
      statuses: [
        ExitStatus(.success, "the measurements ran (their targets are not judged here)"),
        ExitStatus(.failure, "the session files of the replay measurements could not be written"),
        ExitStatus(.usageOrInputError, "a usage error"),
      ])
  }

  /// Parses `arguments` (without the program name); `--only` names must be among
  /// `measurements`'.
  ///
  /// - Throws: A ``UsageError`` naming `login-bench`, with the closest name for a misspelt
  ///   option or measurement.
  static func parse(_ arguments: [String], measurements: [Benchmark]) throws(UsageError)
    -> Invocation
  {
    var options = BenchOptions()
    let names = measurements.map(\.name)
    let request = try command(measurements: measurements).parse(arguments) {
      option, cursor throws(UsageError.Kind) in
      switch option {
      case .json: options.json = try cursor.flag()
      case .quick: options.quick = try cursor.flag()
      case .only:
        options.only = Set(
          try OptionValues.keywords(
            try cursor.value(), for: option.name, among: names,
            listedIn: "MEASUREMENTS of 'login-bench --help'"))
      }
    }
    switch request {
    case .help: return .help
    case .version: return .version
    case nil: return .run(options)
    }
  }
}
