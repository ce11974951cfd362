import Foundation
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
    switch OptionScanner.request(in: arguments) {
    case .help: return .help
    case .version: return .version
    case nil: break
    }
    var parsed = ReplayOptions(input: .standardInput)
    // Known before the arguments are read, so that a second file without it is reported at
    // its own position, in argument order. No option's value can be `--coverage`: a value
    // never starts with `--`.
    let manyInputs = arguments.prefix { $0 != "--" }.contains(Option.coverage.rawValue)
    var inputs: [(input: Input, position: Int)] = []
    try OptionScanner.scan(arguments, optionNames: Option.allCases.map(\.rawValue)) {
      name, cursor throws(UsageError) in
      guard let option = name == "-h" ? .help : Option(rawValue: name) else { return false }
      switch option {
      case .format: parsed.format = try OptionValues.choice(try cursor.value(), for: name)
      case .trace: parsed.trace = try cursor.flag()
      case .auth: parsed.auth = try OptionValues.auth(try cursor.value())
      case .authFormat: parsed.authFormat = try OptionValues.choice(try cursor.value(), for: name)
      case .clientID: parsed.clientID = try OptionValues.clientID(try cursor.value())
      case .timeout: parsed.timeout = try OptionValues.timeout(try cursor.value())
      case .width: parsed.width = try width(try cursor.value())
      case .ascii: parsed.ascii = try cursor.flag()
      case .sessionFile: parsed.sessionFile = try sessionFile(try cursor.value())
      case .coverage: parsed.coverage = try cursor.flag()
      case .help, .version: throw UsageError(.unexpectedValue(option: name))
      }
      return true
    } argument: { argument, position throws(UsageError) in
      let input: Input = argument == "-" ? .standardInput : .file(argument)
      // Several sessions only with --coverage, and standard input only once: it can be read
      // only once.
      let allowed =
        inputs.isEmpty
        || (manyInputs && !(input == .standardInput && inputs.contains { $0.input == input }))
      guard allowed else { throw UsageError(.extraArgument(position: position)) }
      inputs.append((input, position))
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

  /// `--session-file`: a path to a file, not empty and not ending in `/`.
  private static func sessionFile(_ value: String) throws(UsageError) -> String {
    guard !value.isEmpty, !value.hasSuffix("/"), !value.contains("\0") else {
      throw UsageError(
        .badValue(
          option: Option.sessionFile.rawValue,
          expected: "the path of a file, such as "
            + "/tmp/login/session.json", suggestion: nil))
    }
    return value
  }

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
