import Foundation
import LoginHTTP
import LoginRuntime

extension ReplayOptions {
  /// Parses a command line (without the program name) into what it asks for.
  ///
  /// `--help`/`-h` anywhere before `--` wins over everything, then `--version`; otherwise
  /// the first problem in argument order is thrown, and last of all a session FILE that does
  /// not exist.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, such as `["--format", "jsonl", "demo.login"]`.
  ///   - fileExists: Whether a path names an existing file; the file system by default.
  /// - Throws: A ``UsageError`` for an unknown option, a missing or bad value, no session
  ///   file, a session file that does not exist, or an extra argument (a second session
  ///   without `--coverage`, or `-` twice).
  public static func parse(
    _ arguments: [String],
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(UsageError) -> ReplayInvocation {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    if options.contains("--version") { return .version }

    var parsed = ReplayOptions(input: .standardInput)
    // Known before the arguments are read, so that a second file without it is reported at
    // its own position, in argument order. No option's value can be `--coverage`: a value
    // never starts with `--`.
    let manyInputs = options.contains(Option.coverage.rawValue)
    var inputs: [(input: Input, position: Int)] = []
    var index = 0
    var onlyArguments = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !onlyArguments, argument == "--" {
        onlyArguments = true
        continue
      }
      guard onlyArguments || !argument.hasPrefix("-") || argument == "-" else {
        let (name, inlineValue) = split(argument)
        func value() throws(UsageError) -> String {
          if let inlineValue { return inlineValue }
          guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError(.missingValue(option: name))
          }
          index += 1
          return arguments[index - 1]
        }
        func flag() throws(UsageError) -> Bool {
          guard inlineValue == nil else { throw UsageError(.unexpectedValue(option: name)) }
          return true
        }
        guard let option = name == "-h" ? .help : Option(rawValue: name) else {
          throw UsageError(
            .unknownOption(
              position: index,
              suggestion: Suggestion.closest(to: name, among: Option.allCases.map(\.rawValue))))
        }
        switch option {
        case .format: parsed.format = try choice(try value(), for: name)
        case .trace: parsed.trace = try flag()
        case .auth: parsed.auth = try auth(try value())
        case .authFormat: parsed.authFormat = try choice(try value(), for: name)
        case .clientID: parsed.clientID = try clientID(try value())
        case .timeout: parsed.timeout = try timeout(try value())
        case .width: parsed.width = try width(try value())
        case .ascii: parsed.ascii = try flag()
        case .coverage: parsed.coverage = try flag()
        case .help, .version: throw UsageError(.unexpectedValue(option: name))
        }
        continue
      }
      let input: Input = argument == "-" ? .standardInput : .file(argument)
      // Several sessions only with --coverage, and standard input only once: it can be read
      // only once.
      let allowed =
        inputs.isEmpty
        || (manyInputs && !(input == .standardInput && inputs.contains { $0.input == input }))
      guard allowed else { throw UsageError(.extraArgument(position: index)) }
      inputs.append((input, index))
    }
    guard let first = inputs.first else { throw UsageError(.missingInput) }
    for (input, position) in inputs {
      guard case .file(let path) = input, !fileExists(path) else { continue }
      throw UsageError(inputs.count == 1 ? .missingFile : .missingFileAt(position: position))
    }
    parsed.input = first.input
    parsed.moreInputs = inputs.dropFirst().map(\.input)
    return .run(parsed)
  }

  /// `--name=value` as (`--name`, `value`); anything else as (itself, `nil`).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (
      String(argument[..<equals]), String(argument[argument.index(after: equals)...])
    )
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String, for option: String
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw UsageError(
        .badValue(
          option: option, expected: names.joined(separator: " or "),
          suggestion: Suggestion.closest(to: value, among: names)))
    }
    return choice
  }

  private static func auth(_ value: String) throws(UsageError) -> Auth {
    if value == Auth.demoName { return .demo }
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      // Shown only when it has a scheme and a host, and then without user info, query or
      // fragment: a bare word could be a password pasted into the wrong place.
      let shown = URL(string: value).flatMap { url in
        url.scheme != nil && !(url.host ?? "").isEmpty
          ? HTTPAuthService.Configuration.describe(url) : nil
      }
      throw UsageError(.badAuth(shown: shown))
    }
    return .url(url)
  }

  private static func clientID(_ value: String) throws(UsageError) -> String {
    let printable = value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard !value.isEmpty, printable else {
      throw UsageError(
        .badValue(
          option: "--client-id",
          expected: "a non-empty client id of printable ASCII without blanks",
          suggestion: nil))
    }
    return value
  }

  private static func timeout(_ value: String) throws(UsageError) -> Duration {
    guard case .success(let duration) = DurationLiteral.parse(value),
      LoginStore.timeoutRange.contains(duration)
    else {
      throw UsageError(
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil))
    }
    return duration
  }

  /// What `--timeout` accepts: the store's whole timeout range, so that no value is
  /// silently clamped.
  static let timeoutExpectation =
    "a duration from \(DurationLiteral.format(LoginStore.timeoutRange.lowerBound)) (1 ns) to "
    + "\(DurationLiteral.format(LoginStore.timeoutRange.upperBound)) (1 day): a number "
    + "followed by ms or s, as in 30s"

  private static func width(_ value: String) throws(UsageError) -> Int {
    guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
      let width = Int(value), widthRange.contains(width)
    else {
      throw UsageError(
        .badValue(
          option: "--width",
          expected: "a whole number from \(widthRange.lowerBound) to \(widthRange.upperBound)",
          suggestion: nil))
    }
    return width
  }
}

/// What a `login-replay` command line asks for: run a session, or print help or the version.
public enum ReplayInvocation: Equatable, Sendable {
  /// Run the session with these options.
  case run(ReplayOptions)
  /// `--help` or `-h`: print ``ReplayOptions/helpText`` on standard output, exit 0.
  case help
  /// `--version`: print ``ReplayOptions/versionText`` on standard output, exit 0.
  case version
}
