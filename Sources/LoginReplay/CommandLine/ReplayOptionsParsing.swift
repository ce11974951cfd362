import Foundation
import LoginCommandLine
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
    var parsed = ReplayOptions(input: .standardInput)
    // Known before the arguments are read, so that a second file without it is reported at
    // its own position, in argument order. No option's value can be `--coverage`: a value
    // never starts with `--`.
    let manyInputs = arguments.prefix { $0 != "--" }.contains(Option.coverage.rawValue)
    var inputs: [(input: Input, position: Int)] = []
    let request = try command.parse(arguments) { option, cursor throws(UsageError.Kind) in
      let name = option.name
      switch option {
      case .format: parsed.format = try OptionValues.choice(try cursor.value(), for: name)
      case .trace: parsed.trace = try cursor.flag()
      case .auth: parsed.auth = try OptionValues.auth(try cursor.value())
      case .authFormat: parsed.authFormat = try OptionValues.choice(try cursor.value(), for: name)
      case .clientID: parsed.clientID = try OptionValues.clientID(try cursor.value())
      case .scope: parsed.scope = try OptionValues.scope(try cursor.value())
      case .deviceURL: parsed.deviceURL = try OptionValues.deviceURL(try cursor.value())
      case .timeout: parsed.timeout = try OptionValues.timeout(try cursor.value())
      case .width:
        parsed.width = try OptionValues.wholeNumber(try cursor.value(), for: name, in: widthRange)
      case .ascii: parsed.ascii = try cursor.flag()
      case .sessionFile:
        parsed.sessionFile = try OptionValues.filePath(
          try cursor.value(), for: name, example: "/tmp/login/session.json")
      case .coverage: parsed.coverage = try cursor.flag()
      }
    } argument: { argument, position throws(UsageError.Kind) in
      let input: Input = argument == "-" ? .standardInput : .file(argument)
      // Several sessions only with --coverage, and standard input only once: it can be read
      // only once.
      let allowed =
        inputs.isEmpty
        || (manyInputs && !(input == .standardInput && inputs.contains { $0.input == input }))
      guard allowed else { throw .unexpectedArgument(position: position) }
      inputs.append((input, position))
    }
    switch request {
    case .help: return .help
    case .version: return .version
    case nil: break
    }
    do {
      try OptionValues.checkDeviceLogin(
        auth: parsed.auth, format: parsed.authFormat, deviceURL: parsed.deviceURL)
    } catch {
      throw command.error(error)
    }
    guard let first = inputs.first else { throw command.error(.missingArgument) }
    for (input, position) in inputs {
      guard case .file(let path) = input, !fileExists(path) else { continue }
      throw command.error(inputs.count == 1 ? .missingFile : .missingFileAt(position: position))
    }
    parsed.input = first.input
    parsed.moreInputs = inputs.dropFirst().map(\.input)
    return .run(parsed)
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
