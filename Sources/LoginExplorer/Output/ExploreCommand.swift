import Foundation
import LoginFlow
import LoginRendering
import LoginReplay
import LoginRuntime

/// The whole `login-explore` command as a function: parse, explore, print, write the
/// counterexample, and return the exit status (0: every invariant holds, 1: a violation,
/// 2: a usage error or a file that cannot be written).
public enum ExploreCommand {
  /// The options of a run.
  struct Options: Equatable {
    var depth = Explorer.defaultDepth
    var timeout = LoginStore.defaultTimeout
    var format = Format.text
    var counterexamplePath: String?

    /// How the report is printed.
    enum Format: String, CaseIterable {
      case text, json, mermaid, dot
    }
  }

  /// What a command line asks for.
  enum Invocation: Equatable {
    case help
    case version
    case run(Options)
  }

  /// The deepest search `--depth` accepts.
  static let depthRange = 1...64

  /// What `--help` prints.
  static let helpText = """
    OVERVIEW: Explore every reachable state of the running login system and check its
    invariants; write the shortest violation as a session file for login-replay.

    USAGE: login-explore [--depth <n>] [--timeout <duration>] [--format <format>] [--counterexample <path>]

    OPTIONS:
      --depth <n>             The longest path explored, from \(depthRange.lowerBound) to \
    \(depthRange.upperBound). (default: \(Explorer.defaultDepth))
      --timeout <duration>    The store's request timeout T; answers fall due at T/2, T
                              and 3T/2. (default: \(DurationLiteral.format(LoginStore.defaultTimeout)))
      --format <format>       text or json for the report; mermaid or dot for the state
                              diagram derived from the machine instead. (default: text)
      --counterexample <path> Where to write the shortest violation as a .login file.
      --version               Show the version.
      -h, --help              Show help information.

    EXIT STATUS:
      0  every invariant holds
      1  an invariant is violated
      2  a usage error, or the counterexample could not be written
    """

  /// Runs `login-explore` with `arguments` (without the program name) on `machine`.
  package static func run(
    _ arguments: [String], machine: Machine = .correct,
    write: (String) -> Void = { print($0) },
    writeError: (String) -> Void = { message in
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  ) async -> Int32 {
    let options: Options
    switch parse(arguments) {
    case .success(.help):
      write(helpText)
      return 0
    case .success(.version):
      write("login-explore \(LoginFlowVersion.current)")
      return 0
    case .success(.run(let parsed)):
      options = parsed
    case .failure(let message):
      writeError("error: \(message)")
      writeError(
        "USAGE: login-explore [--depth <n>] [--timeout <duration>] [--format <format>] "
          + "[--counterexample <path>]")
      writeError("  See 'login-explore --help' for more information.")
      return 2
    }
    switch options.format {
    case .mermaid:
      write(await StateDiagram.derive(timeout: options.timeout).mermaid)
      return 0
    case .dot:
      write(await StateDiagram.derive(timeout: options.timeout).dot)
      return 0
    case .text, .json:
      break
    }
    var explorer = Explorer()
    explorer.machine = machine
    explorer.timeout = options.timeout
    explorer.maximumDepth = options.depth
    let clock = ContinuousClock()
    let start = clock.now
    let report = await explorer.run()
    let seconds = start.duration(to: clock.now)
    var written: String?
    if let counterexample = report.counterexample, let path = options.counterexamplePath {
      let text = await counterexample.session(machine: machine, timeout: options.timeout)
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        written = path
      } catch {
        // The system's reason, but not its description, which repeats the path.
        let reason = (error as NSError).userInfo[NSUnderlyingErrorKey]
          .flatMap { ($0 as? NSError)?.code }
          .flatMap { code in strerror(Int32(code)).map { String(cString: $0) } }
        writeError(
          "error: cannot write the counterexample to the --counterexample path"
            + (reason.map { ": \($0)" } ?? ""))
        return 2
      }
    }
    switch options.format {
    case .text, .mermaid, .dot: write(text(of: report, written: written, seconds: seconds))
    case .json: write(json(of: report, written: written, seconds: seconds).text)
    }
    return report.counterexample == nil ? 0 : 1
  }

  /// The text report; its last line is the summary.
  static func text(of report: Explorer.Report, written: String?, seconds: Duration) -> String {
    var lines: [String] = []
    if let counterexample = report.counterexample {
      lines.append("\(counterexample.violation)")
      lines.append("shortest path (\(counterexample.path.count) steps):")
      lines += counterexample.steps.map { "  \($0)" }
      if let written { lines.append("counterexample written to \(written)") }
    }
    var summary =
      "explored \(report.states) states, \(report.transitions) transitions, "
      + "depth \(report.depth), frontier \(report.frontierEmpty ? "empty" : "not empty")"
    if let counterexample = report.counterexample {
      summary += ": invariant \(counterexample.violation.invariant) violated"
    } else {
      summary += ": \(Invariant.allCases.count) invariants hold"
    }
    lines.append(summary + " (\(DurationLiteral.format(seconds.roundedToMilliseconds)))")
    return lines.joined(separator: "\n")
  }

  /// The report as one JSON object.
  static func json(of report: Explorer.Report, written: String?, seconds: Duration) -> JSONValue {
    var object: [String: JSONValue] = [
      "states": .int(report.states),
      "transitions": .int(report.transitions),
      "depth": .int(report.depth),
      "frontierEmpty": .bool(report.frontierEmpty),
      "invariants": .array(Invariant.allCases.map { .string($0.name) }),
      "milliseconds": .int(Int(seconds.roundedToMilliseconds / .milliseconds(1))),
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

  /// Parses a command line; an error is a message without any of the user's words.
  static func parse(_ arguments: [String]) -> Result<Invocation, UsageProblem> {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .success(.help) }
    if arguments.contains("--version") { return .success(.version) }
    var options = Options()
    var index = 0
    while index < arguments.count {
      let (name, inline) = split(arguments[index])
      index += 1
      func value() -> String? {
        if let inline { return inline }
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
      }
      switch name {
      case "--depth":
        guard let text = value(), let depth = Int(text), depthRange.contains(depth) else {
          return .failure(
            UsageProblem(
              "bad value for '--depth'; expected a whole number from \(depthRange.lowerBound) "
                + "to \(depthRange.upperBound)"))
        }
        options.depth = depth
      case "--timeout":
        guard let text = value(), case .success(let timeout) = DurationLiteral.parse(text),
          timeout >= .nanoseconds(2), LoginStore.timeoutRange.contains(timeout)
        else {
          return .failure(
            UsageProblem(
              "bad value for '--timeout'; expected a duration from 0.000000002s to "
                + "\(DurationLiteral.format(LoginStore.timeoutRange.upperBound)), as in 30s"))
        }
        options.timeout = timeout
      case "--format":
        guard let text = value(), let format = Options.Format(rawValue: text) else {
          return .failure(
            UsageProblem(
              "bad value for '--format'; expected "
                + Options.Format.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        options.format = format
      case "--counterexample":
        guard let path = value(), !path.isEmpty else {
          return .failure(UsageProblem("missing value for '--counterexample'"))
        }
        options.counterexamplePath = path
      default:
        return .failure(
          UsageProblem(
            "unexpected argument (argument \(index)); expected --depth, --timeout, --format, "
              + "--counterexample, --version or --help"))
      }
    }
    return .success(.run(options))
  }

  /// `--name=value` as (`--name`, `value`).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// A usage error's message.
  struct UsageProblem: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

extension Duration {
  /// The duration cut to whole milliseconds, for reporting wall time.
  fileprivate var roundedToMilliseconds: Duration {
    .milliseconds((self / .milliseconds(1)).rounded())
  }
}
