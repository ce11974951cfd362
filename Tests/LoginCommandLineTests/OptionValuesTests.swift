import Foundation
import LoginRuntime
import Testing

@testable import LoginCommandLine

/// The values every program parses the same way.
@Suite struct OptionValuesTests {
  /// The kind of usage error `body` throws; `nil` when it throws none.
  func kind(_ body: () throws -> Void) -> UsageError.Kind? {
    do {
      try body()
      return nil
    } catch {
      return error as? UsageError.Kind
    }
  }

  @Test func authIsDemoOrAnHTTPURLAndNeverEchoesABareWord() throws {
    #expect(try OptionValues.auth("demo") == .demo)
    let url = try #require(URL(string: "https://api.example.com/login"))
    #expect(try OptionValues.auth("https://api.example.com/login") == .url(url))
    #expect(kind { _ = try OptionValues.auth("Secret123") } == .badAuth(shown: nil))
    #expect(
      kind { _ = try OptionValues.auth("ftp://user:pw@files.example.com/x?token=1") }
        == .badAuth(shown: "ftp://files.example.com/x"))
    #expect(kind { _ = try OptionValues.auth("http://") } == .badAuth(shown: nil))
    #expect(AuthChoice.defaultChoice.text == "demo")
    let message = UsageError(.badAuth(shown: nil), command: ExampleOption.command.usage).message
    #expect(
      message == "bad value for '--auth'; expected demo, or an http:// or https:// URL "
        + "with a host")
  }

  @Test func theTimeoutRangeIsTheStoresWhole() throws {
    #expect(try OptionValues.timeout("0.000000001s") == LoginStore.timeoutRange.lowerBound)
    #expect(try OptionValues.timeout("86400s") == LoginStore.timeoutRange.upperBound)
    let expected =
      "a duration from 0.000000001s (1 ns) to 86400s (1 day): a number followed by ms or s, "
      + "as in 30s"
    for text in ["0s", "86400.001s", "1ns", "-1s", ""] {
      #expect(
        kind { _ = try OptionValues.timeout(text) }
          == .badValue(option: "--timeout", expected: expected, suggestion: nil), "\(text)")
    }
  }

  @Test func choicesClientIDsNumbersPathsAndLists() throws {
    #expect(try OptionValues.choice("oauth2", for: "--auth-format") == AuthFormat.oauth2)
    #expect(
      kind { let _: AuthFormat = try OptionValues.choice("jsn", for: "--auth-format") }
        == .badValue(
          option: "--auth-format", expected: "json or oauth2 or device", suggestion: "json"))
    #expect(try OptionValues.clientID("app-1") == "app-1")
    for bad in ["", "a b", "é", "a\tb"] {
      #expect(kind { _ = try OptionValues.clientID(bad) } != nil, "\(bad)")
    }
    #expect(try OptionValues.wholeNumber("40", for: "--width", in: 28...120) == 40)
    for bad in ["27", "121", "+40", "4O", "", "99999999999999999999"] {
      #expect(
        kind { _ = try OptionValues.wholeNumber(bad, for: "--width", in: 28...120) }
          == .badValue(
            option: "--width", expected: "a whole number from 28 to 120", suggestion: nil),
        "\(bad)")
    }
    #expect(try OptionValues.filePath("a/b.json", for: "--out", example: "x") == "a/b.json")
    for bad in ["", "dir/", "a\0b"] {
      #expect(
        kind { _ = try OptionValues.filePath(bad, for: "--out", example: "/tmp/x.json") }
          == .badValue(
            option: "--out", expected: "the path of a file, such as /tmp/x.json", suggestion: nil))
    }
    let names = ["alpha", "beta", "gamma"]
    #expect(
      try OptionValues.keywords("beta,alpha", for: "--only", among: names, listedIn: "HELP")
        == ["beta", "alpha"])
    #expect(
      kind {
        _ = try OptionValues.keywords("beta,gamm", for: "--only", among: names, listedIn: "X")
      }
        == .badValue(
          option: "--only", expected: "names separated by commas, as X lists them",
          suggestion: "gamma"))
    #expect(
      kind { _ = try OptionValues.keywords("", for: "--only", among: names, listedIn: "X") } != nil)
  }

  @Test func theSharedOptionsDeclareTheirDefaults() {
    #expect(CommonOption.auth.defaultValue == "demo")
    #expect(CommonOption.authFormat.possibleValues == ["json", "oauth2", "device"])
    #expect(CommonOption.authFormat.defaultValue == "json")
    #expect(CommonOption.clientID.defaultValue == CommonOption.defaultClientID)
    #expect(CommonOption.timeout.defaultValue == DurationLiteral.format(LoginStore.defaultTimeout))
    #expect(CommonOption.ascii.valueName == nil && CommonOption.ascii.defaultValue == nil)
    #expect(CommonOption.allCases.map(\.names) == CommonOption.allCases.map { [$0.rawValue] })
  }

  @Test func theClosestKeywordIsSuggestedOnlyWhenClose() {
    let options = ["--format", "--timeout", "--version", "--help"]
    #expect(Suggestion.closest(to: "--versoin", among: options) == "--version")
    #expect(Suggestion.closest(to: "--FORMAT", among: options) == "--format")
    #expect(Suggestion.closest(to: "--hunter2", among: options) == nil)
    #expect(Suggestion.clause("--help") == "; did you mean '--help'?")
    #expect(Suggestion.clause(nil) == "")
  }
}
