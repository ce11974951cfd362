import LoginCommandLine
import LoginRuntime
import LoginTerminal
import Testing

/// login-tui's command line goes through the scanner and value parsers every executable uses.
@Suite struct TerminalOptionsTests {
  @Test func sharedAndOwnOptions() throws {
    guard
      case .run(let options) = try TerminalOptions.parse([
        "--ascii", "--timeout=5s", "--demo-delay", "200ms", "--screen-reader",
        "--auth-format", "oauth2", "--client-id", "app",
      ])
    else {
      Issue.record("not a run")
      return
    }
    #expect(options.ascii && options.screenReader)
    #expect(options.timeout == .seconds(5))
    #expect(options.demoDelay == .milliseconds(200))
    #expect(options.authFormat == .oauth2 && options.clientID == "app")
    #expect(TerminalOptions().demoDelay == DemoAuthService.delay)
    #expect(try TerminalOptions.parse(["--help"]) == .help)
    #expect(try TerminalOptions.parse(["--version"]) == .version)
  }

  @Test func usageErrorsNameLoginTui() {
    #expect(throws: TerminalOptions.command.error(.unexpectedArgument(position: 1))) {
      try TerminalOptions.parse(["file.login"])
    }
    do {
      _ = try TerminalOptions.parse(["--widht", "40"])
    } catch {
      #expect(error.report.contains("See 'login-tui --help'"))
      #expect(error.message.contains("--demo-delay"))
    }
    #expect(throws: UsageError.self) { try TerminalOptions.parse(["--demo-delay", "2m"]) }
    #expect(throws: UsageError.self) { try TerminalOptions.parse(["--auth", "ftp://x"]) }
  }

  @Test func rememberIsAFlag() throws {
    #expect(try TerminalOptions.parse([]) == .run(TerminalOptions()))
    #expect(!TerminalOptions().remember)
    guard case .run(let options) = try TerminalOptions.parse(["--remember"]) else {
      Issue.record("not a run")
      return
    }
    #expect(options.remember)
    #expect(throws: UsageError.self) { try TerminalOptions.parse(["--remember=yes"]) }
    #expect(TerminalOptions.helpText.contains("~/.local/state/loginflow/session.json"))
    let words = TerminalOptions.helpText.split(whereSeparator: \.isWhitespace)
    #expect(
      words.joined(separator: " ").contains(
        "2 a usage error, standard input or output is not a terminal, or with --remember the "
          + "session file was refused or has no place 3 standard output could not be written"))
  }

  @Test func theHelpIsBuiltFromTheDeclarations() {
    let help = TerminalOptions.helpText
    for option in TerminalOptions.Option.allCases {
      #expect(help.contains(option.rawValue))
    }
    #expect(help.contains(CommonOption.timeout.abstract.prefix(30)))
    #expect(help.contains("default: 1.5s"))
  }
}
