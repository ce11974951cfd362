import Foundation
import LoginCommandLine
import LoginFlow
import Testing

@testable import LoginReplay

/// The command line: every option, both spellings, combinations and every usage error.
@Suite struct ReplayOptionsTests {
  /// Parses with every file existing except those named `missing…`.
  func parse(_ arguments: [String]) throws(UsageError) -> ReplayInvocation {
    try ReplayOptions.parse(arguments, fileExists: { !$0.hasPrefix("missing") })
  }

  func options(_ arguments: [String]) throws -> ReplayOptions {
    guard case .run(let options) = try parse(arguments) else {
      throw ReplayOptions.command.error(.missingArgument)
    }
    return options
  }

  func usageError(_ arguments: [String]) -> UsageError? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func defaults() throws {
    let parsed = try options(["demo.login"])
    var expected = ReplayOptions(input: .file("demo.login"))
    expected.format = .text
    expected.trace = false
    expected.auth = .demo
    expected.authFormat = .json
    expected.timeout = .seconds(30)
    expected.width = nil
    expected.ascii = false
    #expect(parsed == expected)
    #expect(try options(["-"]).input == .standardInput)
  }

  @Test func everyOptionInBothSpellings() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/login"))
    let cases: [([String], (ReplayOptions) -> Bool)] = [
      (["--format", "jsonl"], { $0.format == .jsonl }),
      (["--format=jsonl"], { $0.format == .jsonl }),
      (["--format", "text"], { $0.format == .text }),
      (["--trace"], { $0.trace }),
      (["--auth", "demo"], { $0.auth == .demo }),
      (["--auth=demo"], { $0.auth == .demo }),
      (["--auth", "http://127.0.0.1:8080/login"], { $0.auth == .url(url) }),
      (["--auth=http://127.0.0.1:8080/login"], { $0.auth == .url(url) }),
      (["--auth", "https://[::1]/token"], { $0.auth != .demo }),
      (["--auth-format", "oauth2"], { $0.authFormat == .oauth2 }),
      (["--auth-format=json"], { $0.authFormat == .json }),
      (["--timeout", "5s"], { $0.timeout == .seconds(5) }),
      (["--timeout=250ms"], { $0.timeout == .milliseconds(250) }),
      (["--timeout", "1.5s"], { $0.timeout == .milliseconds(1_500) }),
      (["--width", "28"], { $0.width == 28 }),
      (["--width=120"], { $0.width == 120 }),
      (["--width", "60"], { $0.width == 60 }),
      (["--ascii"], { $0.ascii }),
    ]
    for (arguments, check) in cases {
      let before = try options(arguments + ["f.login"])
      let after = try options(["f.login"] + arguments)
      #expect(check(before), "\(arguments)")
      #expect(before == after, "\(arguments)")
      #expect(before.input == .file("f.login"))
    }
  }

  @Test func combinations() throws {
    let parsed = try options([
      "--format=jsonl", "--trace", "-", "--auth", "http://localhost:9000", "--auth-format",
      "oauth2", "--timeout", "10s", "--width", "80", "--ascii",
    ])
    #expect(parsed.format == .jsonl)
    #expect(parsed.trace)
    #expect(parsed.auth == .url(try #require(URL(string: "http://localhost:9000"))))
    #expect(parsed.authFormat == .oauth2)
    #expect(parsed.timeout == .seconds(10))
    #expect(parsed.width == 80)
    #expect(parsed.ascii)
    #expect(parsed.input == .standardInput)
    // The last of a repeated option wins.
    #expect(try options(["--format", "jsonl", "--format", "text", "f"]).format == .text)
    // After `--`, everything is the session file, even when it looks like an option.
    #expect(try options(["--trace", "--", "-x.login"]).input == .file("-x.login"))
    #expect(try options(["--", "-"]).input == .standardInput)
  }

  @Test func helpAndVersionWinOverEverythingElse() throws {
    #expect(try parse(["--help"]) == .help)
    #expect(try parse(["-h"]) == .help)
    #expect(try parse(["--bogus", "a", "b", "--help"]) == .help)
    #expect(try parse(["--version"]) == .version)
    #expect(try parse(["--version", "--help"]) == .help)
    #expect(try parse(["missing.login", "--version"]) == .version)
    #expect(try options(["--", "--help"]).input == .file("--help"))
  }

  @Test func usageErrors() {
    let timeoutExpectation =
      "a duration from 0.000000001s (1 ns) to 86400s (1 day): a number followed by ms or s, "
      + "as in 30s"
    let options =
      "--format, --trace, --auth, --auth-format, --client-id, --scope, --device-url, --timeout, --width, --ascii, "
      + "--session-file, --coverage, --version, --help"
    let authExpectation = "expected demo, or an http:// or https:// URL with a host"
    let cases: [([String], UsageError.Kind, String)] = [
      (
        ["--bogus", "f"], .unknownOption(position: 1, suggestion: nil),
        "unknown option (argument 1); expected one of: \(options)"
      ),
      (
        ["f", "-x"], .unknownOption(position: 2, suggestion: nil),
        "unknown option (argument 2); expected one of: \(options)"
      ),
      (
        ["--bogus=1", "f"], .unknownOption(position: 1, suggestion: nil),
        "unknown option (argument 1); expected one of: \(options)"
      ),
      (
        ["--formt", "text", "f"], .unknownOption(position: 1, suggestion: "--format"),
        "unknown option (argument 1); expected one of: \(options); did you mean '--format'?"
      ),
      (["f", "--format"], .missingValue(option: "--format"), "missing value for '--format'"),
      (
        ["--format", "--trace", "f"], .missingValue(option: "--format"),
        "missing value for '--format'"
      ),
      (
        ["--format", "xml", "f"],
        .badValue(option: "--format", expected: "text or jsonl or accessible", suggestion: nil),
        "bad value for '--format'; expected text or jsonl or accessible"
      ),
      (
        ["--format", "jsnl", "f"],
        .badValue(option: "--format", expected: "text or jsonl or accessible", suggestion: "jsonl"),
        "bad value for '--format'; expected text or jsonl or accessible; did you mean 'jsonl'?"
      ),
      (
        ["--format=", "f"],
        .badValue(option: "--format", expected: "text or jsonl or accessible", suggestion: nil),
        "bad value for '--format'; expected text or jsonl or accessible"
      ),
      (
        ["--auth-format", "xml", "f"],
        .badValue(option: "--auth-format", expected: "json or oauth2 or device", suggestion: nil),
        "bad value for '--auth-format'; expected json or oauth2 or device"
      ),
      (
        ["--auth", "ftp://example.com", "f"], .badAuth(shown: "ftp://example.com"),
        "bad value for '--auth' (ftp://example.com); \(authExpectation)"
      ),
      (
        ["--auth", "htps://admin:hunter2@api.example.com:8443/login?key=k#frag", "f"],
        .badAuth(shown: "htps://api.example.com:8443/login"),
        "bad value for '--auth' (htps://api.example.com:8443/login); \(authExpectation)"
      ),
      (
        ["--auth", "localhost", "f"], .badAuth(shown: nil),
        "bad value for '--auth'; \(authExpectation)"
      ),
      (
        ["--width", "27", "f"],
        .badValue(option: "--width", expected: "a whole number from 28 to 120", suggestion: nil),
        "bad value for '--width'; expected a whole number from 28 to 120"
      ),
      (
        ["--width", "wide", "f"],
        .badValue(option: "--width", expected: "a whole number from 28 to 120", suggestion: nil),
        "bad value for '--width'; expected a whole number from 28 to 120"
      ),
      (
        ["--timeout", "0s", "f"],
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil),
        "bad value for '--timeout'; expected " + timeoutExpectation
      ),
      (
        ["--timeout", "0.0000000009s", "f"],
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil),
        "bad value for '--timeout'; expected " + timeoutExpectation
      ),
      (
        ["--timeout", "30", "f"],
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil),
        "bad value for '--timeout'; expected " + timeoutExpectation
      ),
      (
        ["--timeout", "-1s", "f"],
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil),
        "bad value for '--timeout'; expected " + timeoutExpectation
      ),
      (
        ["--timeout", "86400.000000001s", "f"],
        .badValue(option: "--timeout", expected: timeoutExpectation, suggestion: nil),
        "bad value for '--timeout'; expected " + timeoutExpectation
      ),
      (
        ["--trace=yes", "f"], .unexpectedValue(option: "--trace"),
        "option '--trace' does not take a value"
      ),
      (
        ["--ascii=1", "f"], .unexpectedValue(option: "--ascii"),
        "option '--ascii' does not take a value"
      ),
      (
        ["--help=1", "f"], .unexpectedValue(option: "--help"),
        "option '--help' does not take a value"
      ),
      ([], .missingArgument, "missing session file; expected FILE, or - for standard input"),
      (
        ["--trace"], .missingArgument,
        "missing session file; expected FILE, or - for standard input"
      ),
      (
        ["missing.login"], .missingFile,
        "the session file does not exist; expected the path of a session file, or - for "
          + "standard input"
      ),
      (
        ["a.login", "b.login"], .unexpectedArgument(position: 2),
        "unexpected argument (argument 2); expected a single session file"
      ),
      (
        ["-", "--trace", "-"], .unexpectedArgument(position: 3),
        "unexpected argument (argument 3); expected a single session file"
      ),
      (
        ["a.login", "--trace", "b.login", "--bogus"], .unexpectedArgument(position: 3),
        "unexpected argument (argument 3); expected a single session file"
      ),
      (
        ["-", "--coverage", "a.login", "-"], .unexpectedArgument(position: 4),
        "unexpected argument (argument 4); expected a single session file"
      ),
      (
        ["--session-file", "", "a.login"],
        .badValue(
          option: "--session-file", expected: "the path of a file, such as /tmp/login/session.json",
          suggestion: nil),
        "bad value for '--session-file'; expected the path of a file, such as "
          + "/tmp/login/session.json"
      ),
      (
        ["--session-file=/tmp/Secret123/", "a.login"],
        .badValue(
          option: "--session-file", expected: "the path of a file, such as /tmp/login/session.json",
          suggestion: nil),
        "bad value for '--session-file'; expected the path of a file, such as "
          + "/tmp/login/session.json"
      ),
      (
        ["--coverage", "-", "missing.login"], .missingFileAt(position: 3),
        "the session file (argument 3) does not exist; expected the path of a session file, or "
          + "- for standard input"
      ),
    ]
    for (arguments, kind, message) in cases {
      let error = usageError(arguments)
      #expect(error?.kind == kind, "\(arguments)")
      #expect(error?.message == message, "\(arguments)")
      #expect(error?.description == "error: \(message)", "\(arguments)")
    }
  }

  @Test func theWholeTimeoutRangeIsAccepted() throws {
    #expect(try options(["--timeout", "0.000000001s", "f"]).timeout == .nanoseconds(1))
    #expect(try options(["--timeout", "86400s", "f"]).timeout == .seconds(86_400))
  }

  @Test func usageErrorReportHasTheUsageLine() {
    let report = ReplayOptions.command.error(.missingArgument).report
    #expect(
      report == """
        error: missing session file; expected FILE, or - for standard input
        USAGE: login-replay [<options>] <file>
          See 'login-replay --help' for more information.
        """)
  }

  @Test func theRealFileSystemIsAskedByDefault() throws {
    let file = try TemporaryFile("submit\n")
    defer { file.remove() }
    #expect(try ReplayOptions.parse([file.path]) == .run(ReplayOptions(input: .file(file.path))))
    #expect(throws: ReplayOptions.command.error(.missingFile)) {
      try ReplayOptions.parse([file.path + ".nope"])
    }
  }

  @Test func helpText() {
    let help = ReplayOptions.helpText
    for heading in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXIT STATUS:"] {
      #expect(help.contains("\n\(heading)") || help.hasPrefix(heading), "\(heading)")
    }
    #expect(help.hasPrefix("OVERVIEW: "))
    for option in [
      "--format", "--trace", "--auth", "--auth-format", "--timeout", "--width", "--ascii",
      "--version", "-h, --help",
    ] {
      #expect(help.contains(option), "\(option)")
    }
    #expect(help.contains(ReplayOptions.usageLine))
    for line in help.split(separator: "\n") {
      #expect(line.count <= 90, "\(line)")
    }
  }

  @Test func everyOptionAndExitStatusIsInTheHelp() {
    let help = ReplayOptions.helpText
    let options: [any CommandOption] = ReplayOptions.Option.allCases + StandardOption.allCases
    for option in options {
      let names = option.names.joined(separator: ", ")
      let label = option.valueName.map { "\(names) <\($0)>" } ?? names
      // The label starts a line; its abstract follows on the same line or the next.
      #expect(
        help.contains("\n  \(label) ") || help.contains("\n  \(label)\n"), "\(option)")
      for value in option.possibleValues { #expect(help.contains(value), "\(option): \(value)") }
      if let value = option.defaultValue {
        #expect(help.contains("default: \(value))"), "\(option): \(value)")
      }
    }
    for status in ReplayOptions.command.exitStatuses {
      #expect(help.contains("\n  \(status.code.rawValue)  \(status.meaning)"), "\(status)")
    }
    #expect(ReplayOptions.command.exitStatuses.map(\.code.rawValue) == [0, 1, 2, 3])
    #expect(help.contains("default: \(DurationLiteral.format(ReplayOptions.defaultTimeout)))"))
    #expect(help.contains("default: \(ReplayOptions.defaultClientID))"))
    #expect(help.contains("from \(ReplayOptions.widthRange.lowerBound) to "))
  }

  @Test func versionAndExitCodes() {
    #expect(!LoginFlowVersion.current.isEmpty)
    #expect(ReplayOptions.versionText == "login-replay \(LoginFlowVersion.current)")
    #expect(ExitCode.success.rawValue == 0)
    #expect(ExitCode.expectationFailed.rawValue == 1)
    #expect(ExitCode.usageOrInputError.rawValue == 2)
    #expect(ExitCode(rawValue: 2) == .usageOrInputError)
  }
}
