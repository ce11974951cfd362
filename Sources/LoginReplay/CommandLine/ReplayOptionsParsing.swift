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
  ///   file, a session file that does not exist, or an extra argument.
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
    var input: Input?
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
      case .help, .version: throw UsageError(.unexpectedValue(option: name))
      }
      return true
    } argument: { argument, position throws(UsageError) in
      guard input == nil else { throw UsageError(.extraArgument(position: position)) }
      input = argument == "-" ? .standardInput : .file(argument)
    }
    switch input {
    case .none: throw UsageError(.missingInput)
    case .some(.file(let path)):
      guard fileExists(path) else { throw UsageError(.missingFile) }
      parsed.input = .file(path)
    case .some(.standardInput): parsed.input = .standardInput
    }
    return .run(parsed)
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
