import LoginFlow
import LoginReplay
import LoginRuntime

extension TerminalOptions {
  /// The one-line synopsis printed under a usage error.
  public static let usageLine = "USAGE: login-tui [<options>]"

  /// What `--version` prints.
  public static let versionText = "login-tui \(LoginFlowVersion.current)"

  /// How usage errors name `login-tui`.
  public static let usageCommand = UsageCommand(
    name: "login-tui", usageLine: usageLine, optionNames: Option.allCases.map(\.rawValue))

  /// Parses a command line (without the program name) with `login-replay`'s scanner.
  ///
  /// - Throws: A ``UsageError`` naming `login-tui` for an unknown option, a missing or bad
  ///   value, or any argument that is not an option.
  public static func parse(_ arguments: [String]) throws(UsageError) -> TerminalInvocation {
    switch OptionScanner.request(in: arguments) {
    case .help: return .help
    case .version: return .version
    case nil: break
    }
    var parsed = TerminalOptions()
    do {
      try OptionScanner.scan(arguments, optionNames: Option.allCases.map(\.rawValue)) {
        name, cursor throws(UsageError) in
        guard let option = name == "-h" ? .help : Option(rawValue: name) else { return false }
        switch option {
        case .auth: parsed.auth = try OptionValues.auth(try cursor.value())
        case .authFormat:
          parsed.authFormat = try OptionValues.choice(try cursor.value(), for: name)
        case .clientID: parsed.clientID = try OptionValues.clientID(try cursor.value())
        case .timeout: parsed.timeout = try OptionValues.timeout(try cursor.value())
        case .demoDelay:
          parsed.demoDelay = try OptionValues.duration(
            try cursor.value(), for: name, in: demoDelayRange)
        case .ascii: parsed.ascii = try cursor.flag()
        case .screenReader: parsed.screenReader = try cursor.flag()
        case .remember: parsed.remember = try cursor.flag()
        case .help, .version: throw UsageError(.unexpectedValue(option: name))
        }
        return true
      } argument: { _, position throws(UsageError) in
        throw UsageError(.argumentNotAccepted(position: position))
      }
    } catch {
      var named = error
      named.command = usageCommand
      throw named
    }
    return .run(parsed)
  }

  /// What `--help` prints: overview, usage, options (from ``Option``'s declarations), keys
  /// (from ``KeyBinding``) and exit status.
  public static var helpText: String {
    let options = Option.allCases.map { option in
      HelpFormatter.entry(
        label: HelpFormatter.label(names: option.names, valueName: option.valueName),
        abstract: HelpFormatter.abstract(
          option.abstract, possibleValues: option.possibleValues,
          defaultValue: option.defaultValue))
    }
    let keys = KeyBinding.allCases.map { binding in
      HelpFormatter.entry(label: binding.keys, abstract: binding.abstract)
    }
    let statuses = TerminalExitCode.allCases.map { "  \($0.rawValue)  \($0.abstract)" }
    return [
      """
      OVERVIEW: The login screen, live in a terminal.

      Runs the real login store (LoginFlow) behind an interactive screen. Try the demo
      account \(DemoAuthService.email) with \(DemoAuthService.password). See Docs/Terminal.md.
      """,
      usageLine,
      "OPTIONS:\n" + options.joined(separator: "\n"),
      "KEYS:\n" + keys.joined(separator: "\n"),
      "EXIT STATUS:\n" + statuses.joined(separator: "\n"),
    ].joined(separator: "\n\n")
  }
}

/// What a `login-tui` command line asks for.
public enum TerminalInvocation: Equatable, Sendable {
  /// Run the screen with these options.
  case run(TerminalOptions)
  /// `--help` or `-h`.
  case help
  /// `--version`.
  case version
}
