import Foundation
import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginRuntime

/// The whole `login-explore` command as a function: parse, explore, print, write the
/// counterexample, and return the exit status (0: every invariant holds, 1: a violation,
/// 2: a usage error or a file that cannot be written, 3: standard output cannot be written).
public enum ExploreCommand {
  /// The options of a run.
  struct Options: Equatable {
    var depth = Explorer.defaultDepth
    var timeout = Explorer.defaultTimeout
    var format = Format.text
    var counterexamplePath: String?
    /// The workers; `nil` for one per core.
    var jobs: Int?
    var answerTimes = AnswerTimes.wide
    /// The one invariant checked, or `nil` for all of them.
    var invariant: Invariant?

    /// How the report is printed.
    enum Format: String, CaseIterable {
      case text, json, mermaid, dot
    }

    /// When the server's answers may fall due, relative to the timeout `T`.
    enum AnswerTimes: String, CaseIterable {
      /// `T/2`, `T` and `3T/2`: before, tied with and after the timeout.
      case standard
      /// `T/4`, `T/2`, `3T/4`, `T`, `5T/4` and `3T/2`: also the orders of two requests'
      /// answers and timeouts that the standard times cannot tell apart.
      case wide

      var timings: [Fate.Timing] {
        switch self {
        case .standard: Fate.Timing.standard
        case .wide: Fate.Timing.wide
        }
      }
    }
  }

  /// The options `login-explore` understands, before the `--version` and `--help` every
  /// command has.
  enum Option: String, CaseIterable, CommandOption {
    /// `--depth N`: the longest path explored.
    case depth = "--depth"
    /// `--timeout DURATION`: the store's request timeout.
    case timeout = "--timeout"
    /// `--format FORMAT`: the report, or the state diagram instead.
    case format = "--format"
    /// `--counterexample PATH`: where the shortest violation is written.
    case counterexample = "--counterexample"
    /// `--jobs N`: how many workers share the search.
    case jobs = "--jobs"
    /// `--answer-times TIMES`: when the server's answers may fall due.
    case answerTimes = "--answer-times"
    /// `--invariant NAME`: check that invariant alone.
    case invariant = "--invariant"

    /// The placeholder of each option's value.
    var valueName: String? {
      switch self {
      case .depth: "n"
      case .timeout: "duration"
      case .format: "format"
      case .counterexample: "path"
      case .jobs: "n"
      case .answerTimes: "times"
      case .invariant: "name"
      }
    }

    /// What each option does, for the help.
    var abstract: String {
      switch self {
      case .depth:
        "The longest path explored, from \(depthRange.lowerBound) to \(depthRange.upperBound)."
      case .timeout:
        "The store's request timeout T, at most "
          + "\(DurationLiteral.format(LoginStore.timeoutRange.upperBound)) (1 day)."
      case .format:
        "text or json for the report; mermaid or dot for the state diagram derived from the "
          + "machine instead."
      case .counterexample: "Where to write the shortest violation as a .login file."
      case .jobs:
        "How many workers share the search, from \(jobsRange.lowerBound) to "
          + "\(jobsRange.upperBound); the result is the same for every number (default: one "
          + "per core)."
      case .answerTimes:
        "When the server's answers may fall due: "
          + Options.AnswerTimes.allCases.map { times in
            "\(times.rawValue) (\(times.timings.map(\.description).joined(separator: ", ")))"
          }.joined(separator: " or ") + "; never is always tried too."
      case .invariant:
        "Check this invariant alone (see Docs/Explorer.md), to find the shortest violation of "
          + "it even where another would be violated first."
      }
    }

    /// The formats; no other option has a fixed list.
    var possibleValues: [String] {
      switch self {
      case .format: Options.Format.allCases.map(\.rawValue)
      case .answerTimes: Options.AnswerTimes.allCases.map(\.rawValue)
      case .invariant: Invariant.allCases.map(\.name)
      case .depth, .timeout, .counterexample, .jobs: []
      }
    }

    /// The defaults, from ``Options``'.
    var defaultValue: String? {
      let defaults = Options()
      switch self {
      case .depth: return "\(defaults.depth)"
      case .timeout: return DurationLiteral.format(defaults.timeout)
      case .format: return defaults.format.rawValue
      case .answerTimes: return defaults.answerTimes.rawValue
      case .counterexample, .jobs, .invariant: return nil
      }
    }
  }

  /// What a command line asks for.
  enum Invocation: Equatable {
    /// `--help` or `-h`: print ``helpText``.
    case help
    /// `--version`: print the version.
    case version
    /// Explore (or derive the diagram) with these options.
    case run(Options)
  }

  /// The deepest search `--depth` accepts.
  static let depthRange = 1...64
  /// The workers `--jobs` accepts.
  static let jobsRange = 1...256

  /// `login-explore` as its help, usage errors and parser know it.
  static let command = CommandDeclaration<Option>(
    name: "login-explore",
    overview: """
      Explore every reachable state of the running login system and check its
      invariants; write the shortest violation as a session file for login-replay.
      """,
    statuses: [
      ExitStatus(.success, "every invariant holds"),
      ExitStatus(.failure, "an invariant is violated"),
      ExitStatus(.usageOrInputError, "a usage error, or the counterexample could not be written"),
      ExitStatus(Interruption.exitCode, "stopped by Ctrl-C, after printing what it found so far"),
    ])

  /// What `--help` prints.
  static let helpText = command.helpText

  /// Runs `login-explore` with `arguments` (without the program name) on `machine`,
  /// printing on `output`; `shouldStop` (Ctrl-C) ends the search with what it found so far.
  package static func run(
    _ arguments: [String], machine: Machine = .correct, output: any CommandOutput,
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) async -> ExitCode {
    let options: Options
    do {
      switch try parse(arguments) {
      case .help:
        output.writeLine(helpText)
        return output.finish(.success)
      case .version:
        output.writeLine(command.versionText)
        return output.finish(.success)
      case .run(let parsed):
        options = parsed
      }
    } catch {
      output.writeErrorLine(error.report)
      return .usageOrInputError
    }
    switch options.format {
    case .mermaid:
      output.writeLine(await StateDiagram.derive(timeout: options.timeout).mermaid)
      return output.finish(.success)
    case .dot:
      output.writeLine(await StateDiagram.derive(timeout: options.timeout).dot)
      return output.finish(.success)
    case .text, .json:
      break
    }
    var explorer = Explorer()
    explorer.machine = machine
    explorer.timeout = options.timeout
    explorer.maximumDepth = options.depth
    explorer.timings = options.answerTimes.timings
    explorer.jobs = options.jobs ?? Explorer.defaultJobs
    explorer.shouldStop = shouldStop
    if let invariant = options.invariant { explorer.invariants = [invariant] }
    let clock = ContinuousClock()
    let start = clock.now
    var lastShown: ContinuousClock.Instant?
    let report = explorer.run { progress in
      let now = clock.now
      // At most ten a second.
      if let lastShown, lastShown.duration(to: now) < .milliseconds(100) { return }
      lastShown = now
      let rate = Double(progress.transitions) / max(start.duration(to: now).seconds, 0.001)
      output.showStatus(
        "depth \(progress.depth): \(progress.states) states, \(Int(rate)) transitions/s, "
          + "frontier \(progress.frontier)")
    }
    output.showStatus(nil)
    let measures = Measures(
      seconds: start.duration(to: clock.now), jobs: explorer.jobs, states: report.states,
      transitions: report.transitions)
    var written: String?
    if let counterexample = report.counterexample, let path = options.counterexamplePath {
      let text = counterexample.session(machine: machine, timeout: options.timeout)
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        written = path
      } catch {
        // The system's reason, but not its description, which repeats the path.
        let reason = (error as NSError).userInfo[NSUnderlyingErrorKey]
          .flatMap { ($0 as? NSError)?.code }
          .flatMap { code in strerror(Int32(code)).map { String(cString: $0) } }
        output.writeErrorLine(
          "error: cannot write the counterexample to the --counterexample path"
            + (reason.map { ": \($0)" } ?? ""))
        return .usageOrInputError
      }
    }
    switch options.format {
    case .text, .mermaid, .dot:
      output.writeLine(
        text(of: report, written: written, timeout: options.timeout, measures: measures))
    case .json: output.writeLine(json(of: report, written: written, measures: measures).text)
    }
    if report.stopped { return output.finish(Interruption.exitCode) }
    return output.finish(report.counterexample == nil ? .success : .failure)
  }

  /// What a run cost.
  struct Measures {
    var seconds: Duration
    var jobs: Int
    /// The process's peak memory divided by the states stored.
    var peakBytesPerState: Int
    var transitionsPerSecond: Int

    init(seconds: Duration, jobs: Int, states: Int, transitions: Int) {
      self.seconds = seconds
      self.jobs = jobs
      peakBytesPerState = PeakMemory.bytes / max(states, 1)
      transitionsPerSecond = Int(Double(transitions) / max(seconds.seconds, 0.000_001))
    }
  }

  /// The text report; its last line is the summary.
  static func text(
    of report: Explorer.Report, written: String?, timeout: Duration, measures: Measures
  ) -> String {
    var lines: [String] = []
    if let counterexample = report.counterexample {
      lines.append("\(counterexample.violation)")
      lines.append("shortest path (\(counterexample.path.count) steps):")
      lines += counterexample.steps.map { "  \($0)" }
      if let written {
        lines.append(
          "counterexample written to \(written); replay it with "
            + Counterexample.replayCommand(timeout: timeout, file: written))
      }
    }
    var summary =
      "explored \(report.states) states, \(report.transitions) transitions, "
      + "depth \(report.depth), frontier \(report.frontierEmpty ? "empty" : "not empty")"
    if let counterexample = report.counterexample {
      summary += ": invariant \(counterexample.violation.invariant) violated"
    } else if report.stopped {
      summary += ": stopped, no violation so far"
    } else {
      let count = report.invariants.count
      summary += ": \(count) \(count == 1 ? "invariant holds" : "invariants hold")"
    }
    let seconds = DurationLiteral.format(measures.seconds.roundedToMilliseconds)
    lines.append(
      summary + " (\(seconds), \(measures.transitionsPerSecond) transitions/s, "
        + "\(measures.jobs) jobs, \(measures.peakBytesPerState) bytes/state)")
    return lines.joined(separator: "\n")
  }

  /// The report as one JSON object.
  static func json(of report: Explorer.Report, written: String?, measures: Measures) -> JSONValue {
    var object: [String: JSONValue] = [
      "states": .int(report.states),
      "transitions": .int(report.transitions),
      "depth": .int(report.depth),
      "frontierEmpty": .bool(report.frontierEmpty),
      "invariants": .array(report.invariants.map { .string($0.name) }),
      "stopped": .bool(report.stopped),
      "elapsedMilliseconds": .int(Int(measures.seconds / .milliseconds(1))),
      "transitionsPerSecond": .int(measures.transitionsPerSecond),
      "jobs": .int(measures.jobs),
      "peakBytesPerState": .int(measures.peakBytesPerState),
      "violation": .null,
    ]
    if let counterexample = report.counterexample {
      var violation: [String: JSONValue] = [
        "invariant": .string(counterexample.violation.invariant.name),
        "number": .int(counterexample.violation.invariant.rawValue),
        "detail": .string(counterexample.violation.detail),
        "path": .array(counterexample.path.map { .string($0.description) }),
      ]
      if let written { violation["counterexample"] = .string(written) }
      object["violation"] = .object(violation)
    }
    return .object(object)
  }

  /// Parses a command line with the scanner every executable uses; an error names no word
  /// the user wrote.
  ///
  /// - Throws: A ``UsageError`` naming `login-explore` for an unknown option, a missing or
  ///   bad value, or any argument that is not an option.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var options = Options()
    let request = try command.parse(arguments) { option, cursor throws(UsageError.Kind) in
      let name = option.name
      switch option {
      case .depth:
        options.depth = try OptionValues.wholeNumber(try cursor.value(), for: name, in: depthRange)
      case .timeout: options.timeout = try OptionValues.timeout(try cursor.value())
      case .format: options.format = try OptionValues.choice(try cursor.value(), for: name)
      case .counterexample:
        options.counterexamplePath = try OptionValues.filePath(
          try cursor.value(), for: name, example: "/tmp/counterexample.login")
      case .jobs:
        options.jobs = try OptionValues.wholeNumber(try cursor.value(), for: name, in: jobsRange)
      case .answerTimes:
        options.answerTimes = try OptionValues.choice(try cursor.value(), for: name)
      case .invariant:
        let value = try cursor.value()
        let names = Invariant.allCases.map(\.name)
        guard let invariant = Invariant.allCases.first(where: { $0.name == value }) else {
          throw .badValue(
            option: name, expected: names.joined(separator: " or "),
            suggestion: Suggestion.closest(to: value, among: names))
        }
        options.invariant = invariant
      }
    }
    switch request {
    case .help: return .help
    case .version: return .version
    case nil: return .run(options)
    }
  }
}

extension Duration {
  /// The duration cut to whole milliseconds, for reporting wall time.
  fileprivate var roundedToMilliseconds: Duration {
    .milliseconds((self / .milliseconds(1)).rounded())
  }

  /// The duration in seconds.
  fileprivate var seconds: Double { self / .seconds(1) }
}

/// The process's peak resident memory, as the kernel counts it.
private enum PeakMemory {
  static var bytes: Int {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #else
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}
