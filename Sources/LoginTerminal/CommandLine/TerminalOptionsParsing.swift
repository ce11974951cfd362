import LoginCommandLine
import LoginRuntime

extension TerminalOptions {
  /// `login-tui` as its help, usage errors and parser know it: overview, options (from
  /// ``Option``'s declarations), keys (from ``KeyBinding``) and exit statuses.
  package static let command = CommandDeclaration<Option>(
    name: "login-tui",
    overview: """
      The login screen, live in a terminal.

      Runs the real login store (LoginFlow) behind an interactive screen. Try the demo
      account \(DemoAuthService.email) with \(DemoAuthService.password). See Docs/Terminal.md.
      """,
    sections: [
      HelpSection(
        title: "KEYS",
        entries: KeyBinding.allCases.map {
          (label: $0.keys.joined(separator: ", "), abstract: $0.abstract)
        })
    ],
    statuses: [
      ExitStatus(.success, "the user quit"),
      ExitStatus(.terminalFailed, "the terminal could not be set up or written"),
      ExitStatus(
        .usageOrInputError,
        "a usage error, standard input or output is not a terminal, or with --remember the "
          + "session file was refused or has no place"),
    ])

  /// The one-line synopsis printed under a usage error.
  public static let usageLine = command.usageLine

  /// What `--version` prints.
  public static let versionText = command.versionText

  /// What `--help` prints, built from ``command``'s declarations.
  public static let helpText = command.helpText

  /// Parses a command line (without the program name) with the scanner every executable
  /// uses.
  ///
  /// - Throws: A ``UsageError`` naming `login-tui` for an unknown option, a missing or bad
  ///   value, or any argument that is not an option.
  public static func parse(_ arguments: [String]) throws(UsageError) -> TerminalInvocation {
    var parsed = TerminalOptions()
    let request = try command.parse(arguments) { option, cursor throws(UsageError.Kind) in
      let name = option.name
      switch option {
      case .auth: parsed.auth = try OptionValues.auth(try cursor.value())
      case .authFormat: parsed.authFormat = try OptionValues.choice(try cursor.value(), for: name)
      case .clientID: parsed.clientID = try OptionValues.clientID(try cursor.value())
      case .scope: parsed.scope = try OptionValues.scope(try cursor.value())
      case .deviceURL: parsed.deviceURL = try OptionValues.deviceURL(try cursor.value())
      case .timeout: parsed.timeout = try OptionValues.timeout(try cursor.value())
      case .demoDelay:
        parsed.demoDelay = try OptionValues.duration(
          try cursor.value(), for: name, in: demoDelayRange)
      case .ascii: parsed.ascii = try cursor.flag()
      case .screenReader: parsed.screenReader = try cursor.flag()
      case .remember: parsed.remember = try cursor.flag()
      }
    }
    switch request {
    case .help: return .help
    case .version: return .version
    case nil:
      do {
        try OptionValues.checkDeviceLogin(
          auth: parsed.auth, format: parsed.authFormat, deviceURL: parsed.deviceURL)
      } catch {
        throw command.error(error)
      }
      return .run(parsed)
    }
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
