import Testing

@testable import LoginCommandLine

/// The one scanner: both spellings, `--`, the standard options, and every error in argument
/// order, naming the command.
@Suite struct OptionScannerTests {
  func error(
    _ arguments: [String], command: CommandDeclaration<ExampleOption> = ExampleOption.command
  )
    -> UsageError?
  {
    do {
      _ = try ExampleParse.parse(arguments, command: command)
      return nil
    } catch {
      return error
    }
  }

  @Test func bothSpellingsInAnyOrderAroundTheArguments() throws {
    var expected = ExampleParse()
    expected.name = "Ada"
    expected.loud = true
    expected.level = .high
    expected.delay = .milliseconds(250)
    expected.arguments = ["a.txt", "-"]
    let parsed = try ExampleParse.parse([
      "--name", "Ada", "a.txt", "--loud", "--level=high", "-", "--delay", "250ms",
    ])
    #expect(parsed == expected)
    // The last of a repeated option wins; `--` makes the rest arguments.
    let last = try ExampleParse.parse(["--level", "low", "--level", "high", "--", "--loud", "-x"])
    #expect(last.level == .high && !last.loud && last.arguments == ["--loud", "-x"])
  }

  @Test func helpWinsOverEverythingThenVersion() throws {
    #expect(try ExampleParse.parse(["--bogus", "--version", "-h"]).request == .help)
    #expect(try ExampleParse.parse(["--help"]).request == .help)
    #expect(try ExampleParse.parse(["--level", "nope", "--version"]).request == .version)
    #expect(try ExampleParse.parse(["--", "--help"]).request == nil)
    #expect(error(["--help=yes"])?.kind == .unexpectedValue(option: "--help"))
    #expect(error(["--version=2"])?.kind == .unexpectedValue(option: "--version"))
    #expect(OptionScanner.request(in: ["-h"]) == .help)
    #expect(StandardOption(named: "-h") == .help && StandardOption(named: "-v") == nil)
  }

  @Test func aMisspeltOptionGetsTheClosestOneAndTheUsage() throws {
    let misspelt = try #require(error(["a.txt", "--versoin"]))
    #expect(misspelt.kind == .unknownOption(position: 2, suggestion: "--version"))
    #expect(
      misspelt.report == """
        error: unknown option (argument 2); expected one of: --name, --loud, --level, --delay, \
        --version, --help; did you mean '--version'?
        USAGE: example [<options>] <file>
          See 'example --help' for more information.
        """)
    #expect(error(["--laud"])?.kind == .unknownOption(position: 1, suggestion: "--loud"))
    #expect(error(["-x"])?.kind == .unknownOption(position: 1, suggestion: nil))
    #expect(error(["--zzzzzzzz"])?.message.hasSuffix("--help") == true)
  }

  @Test func valueErrorsNameTheOptionNeverTheValue() {
    #expect(error(["--name"])?.kind == .missingValue(option: "--name"))
    #expect(error(["--name", "--loud"])?.kind == .missingValue(option: "--name"))
    #expect(error(["--loud=Secret123"])?.kind == .unexpectedValue(option: "--loud"))
    let level = error(["--level", "hgh"])
    #expect(
      level?.kind
        == .badValue(option: "--level", expected: "low or middle or high", suggestion: "high"))
    #expect(
      level?.message == "bad value for '--level'; expected low or middle or high; did you "
        + "mean 'high'?")
    let delay = error(["--delay", "Secret123"])
    #expect(
      delay?.message == "bad value for '--delay'; expected a duration from 0s to 10s: a "
        + "number followed by ms or s, as in 30s")
    #expect(!(delay?.report.contains("Secret123") ?? true))
    // The first problem in argument order.
    #expect(error(["--loud=1", "--name"])?.kind == .unexpectedValue(option: "--loud"))
  }

  @Test func aCommandOfOptionsOnlyRefusesArguments() {
    let refused = error(["--loud", "Secret123"], command: ExampleOption.optionsOnly)
    #expect(refused?.kind == .unexpectedArgument(position: 2))
    #expect(
      refused?.message == "unexpected argument (argument 2); example-options takes options only")
    #expect(refused?.report.contains("USAGE: example-options [<options>]\n") == true)
    #expect(!(refused?.report.contains("Secret123") ?? true))
  }

  @Test func argumentErrorsSayWhatTheArgumentIs() {
    let command = ExampleOption.command
    #expect(
      command.error(.missingArgument).message
        == "missing greeting file; expected FILE, or - for standard input")
    #expect(
      command.error(.missingFile).message
        == "the greeting file does not exist; expected the path of a greeting file, or - for "
        + "standard input")
    #expect(
      command.error(.missingFileAt(position: 3)).message
        == "the greeting file (argument 3) does not exist; expected the path of a greeting file, "
        + "or - for standard input")
    #expect(
      command.error(.directory).message
        == "the greeting file is a directory; expected a greeting file")
    #expect(
      command.error(.unexpectedArgument(position: 2)).message
        == "unexpected argument (argument 2); expected a single greeting file")
    #expect(command.error(.directory).description.hasPrefix("error: the greeting file"))
  }
}
