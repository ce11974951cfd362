import LoginReplay
import Testing

/// Every kind of `expect`: one that holds and one that fails, with the exact report.
@Suite struct RunnerExpectationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var holds: String
    var fails: String
    var report: String
    var testDescription: String { holds }
  }

  /// After the demo login, a wrong password three times: failed, reset suggested.
  static let setup =
    demoLogin + """
      set email "not an email"
      set email demo@example.com
      set password wrong
      submit
      settle
      submit
      settle
      submit
      settle

      """
  static let line = setup.split(separator: "\n", omittingEmptySubsequences: false).count

  static let cases: [Case] = [
    Case(
      holds: "expect phase failed", fails: "expect phase succeeded",
      report: "expected succeeded, got failed"),
    Case(
      holds: "expect can-submit true", fails: "expect can-submit false",
      report: "expected false, got true"),
    Case(
      holds: "expect loading false", fails: "expect loading true",
      report: "expected true, got false"),
    Case(
      holds: "expect password-visible false", fails: "expect password-visible true",
      report: "expected true, got false"),
    Case(
      holds: "expect error \"The email or password is incorrect.\"", fails: "expect error none",
      report: "expected none, got \"The email or password is incorrect.\""),
    Case(
      holds: "expect email-error none",
      fails: "expect email-error \"Enter a valid email address.\"",
      report: "expected \"Enter a valid email address.\", got none"),
    Case(
      holds: "expect reset-suggested true", fails: "expect reset-suggested false",
      report: "expected false, got true"),
    Case(
      holds: "expect effects none", fails: "expect effects authenticate",
      report: "expected authenticate, got none"),
  ]

  @Test(arguments: cases)
  func holdsAndFails(_ row: Case) async throws {
    let passing = try await Replay.session(Self.setup + row.holds + "\n")
    #expect(passing.status == .success, "\(passing.standardError)")
    #expect(passing.standardError == "")
    #expect(passing.outputLines.last?.hasSuffix("1 expectation: 1 passed, 0 failed") == true)

    let failing = try await Replay.session(Self.setup + row.fails + "\nsnapshot\n")
    #expect(failing.status == .expectationFailed)
    #expect(
      failing.standardError == "FILE:\(Self.line): expectation failed: \(row.report)\n")
    // The run goes on after a failure.
    #expect(failing.standardOutput.contains("--- line \(Self.line + 1) at 4.5s: failed ---"))
    #expect(failing.outputLines.last?.hasSuffix("1 expectation: 0 passed, 1 failed") == true)
  }

  @Test func effectsAreThoseOfTheMostRecentAction() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        expect effects authenticate
        expect effects authenticate
        cancel
        expect effects cancel-authentication
        submit
        wait 1.5s
        expect effects save-session
        logout
        expect effects clear-session
        submit
        expect effects none

        """)
    #expect(result.status == .success, "\(result.standardError)")
  }

  @Test func aFailureIsAnObjectInJSONLinesToo() async throws {
    let result = try await Replay.session(
      "expect phase editing\nexpect phase idle\n", ["--format", "jsonl"])
    #expect(result.status == .expectationFailed)
    #expect(result.standardError == "FILE:1: expectation failed: expected editing, got idle\n")
    let expects = try result.jsonObjects(ofType: "expect")
    #expect(expects.count == 2)
    #expect(expects[0]["passed"] as? Bool == false)
    #expect(expects[0]["expected"] as? String == "editing")
    #expect(expects[0]["actual"] as? String == "idle")
    #expect(expects[0]["subject"] as? String == "phase")
    #expect(expects[1]["passed"] as? Bool == true)
    let summary = try #require(try result.jsonObjects(ofType: "summary").first)
    #expect(summary["passed"] as? Int == 1)
    #expect(summary["failed"] as? Int == 1)
    #expect(summary["actions"] as? Int == 0)
  }
}
