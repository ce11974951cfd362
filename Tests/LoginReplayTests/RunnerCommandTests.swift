import Foundation
import LoginFlow
import LoginRuntime
import LoginSimulation
import Testing

@testable import LoginReplay

/// Every row of the command table in `Docs/SessionFormat.md`, run through the real store by
/// the runner.
@Suite struct RunnerCommandTests {
  /// The action objects of a JSON-lines run, and the state after the last one.
  struct Actions {
    var objects: [[String: Any]]

    init(_ result: ReplayResult) throws {
      objects = try result.jsonObjects(ofType: "action")
    }

    func onLine(_ line: Int) -> [[String: Any]] {
      objects.filter { $0["line"] as? Int == line }
    }

    var names: [String] { objects.compactMap { $0["action"] as? String } }

    var lastState: [String: Any] {
      (objects.last?["state"] as? [String: Any]) ?? [:]
    }
  }

  @Test func typeSendsOneChangePerGrapheme() async throws {
    let result = try await Replay.session(
      "type email \"e\\u{301}\\u{1F44D}\\u{1F3FD}x\"\nexpect phase editing\n",
      ["--format", "jsonl"])
    #expect(result.status == .success)
    let actions = try Actions(result)
    #expect(actions.onLine(1).count == 3)
    #expect(
      actions.names == [
        "emailChanged(\"e\u{301}\")", "emailChanged(\"e\u{301}\u{1F44D}\u{1F3FD}\")",
        "emailChanged(\"e\u{301}\u{1F44D}\u{1F3FD}x\")",
      ])
  }

  @Test func typeIntoThePasswordFieldAppendsAndStaysHidden() async throws {
    let result = try await Replay.session(
      "type password ab\ntype password \"c d\"\n", ["--format", "jsonl"])
    let actions = try Actions(result)
    #expect(actions.objects.count == 5)
    #expect(actions.names.last == "passwordChanged(<redacted> 5 characters)")
    #expect(actions.lastState["passwordLength"] as? Int == 5)
    #expect(actions.lastState["password"] is NSNull)
    #expect(!result.standardOutput.contains("ab c d"))
  }

  @Test(arguments: [LoginMachine.email, LoginMachine.password])
  func typingPastTheMaximumLeavesTheFieldAtItAndFlagged(_ field: SessionCommand.Field)
    async throws
  {
    let maximum =
      field == .email ? LoginState.maximumEmailLength : LoginState.maximumPasswordLength
    let flag = field == .email ? "emailLimitReached" : "passwordLimitReached"
    let result = try await Replay.session(
      """
      type \(field.name) \(String(repeating: "a", count: maximum + 30))
      toggle-password
      backspace \(field.name)
      toggle-password

      """, ["--format", "jsonl"])
    #expect(result.status == .success)
    let actions = try Actions(result)
    // One change per character typed; past the maximum each is cut back to it.
    let typed = actions.onLine(1)
    #expect(typed.count == maximum + 30)
    let states = typed.compactMap { $0["state"] as? [String: Any] }
    #expect(states.filter { $0[flag] as? Bool == true }.count == 30)
    #expect(states.count == maximum + 30)
    #expect(states.first?[flag] as? Bool == false)
    let key = field == .email ? "email" : "password"
    let shown = try #require(actions.onLine(2).last?["state"] as? [String: Any])
    #expect(shown[key] as? String == String(repeating: "a", count: maximum))
    #expect(shown[flag] as? Bool == true)
    // A change that fits again clears the flag.
    let afterBackspace = try #require(actions.onLine(3).last?["state"] as? [String: Any])
    #expect(afterBackspace[flag] as? Bool == false)
    #expect(afterBackspace[key] as? String == String(repeating: "a", count: maximum - 1))
  }

  @Test func theScreenShowsTheLimitNoteAfterALongType() async throws {
    let maximum = LoginState.maximumPasswordLength
    let result = try await Replay.session(
      "type password \(String(repeating: "p", count: maximum + 1))\nsnapshot\n")
    #expect(result.status == .success)
    #expect(result.standardOutput.contains("Limit reached: \(maximum) characters"))
  }

  @Test(arguments: [LoginMachine.email, LoginMachine.password])
  func setReplacesTheFieldInOneChange(_ field: SessionCommand.Field) async throws {
    let result = try await Replay.session(
      "type \(field.name) abc\nset \(field.name) \"x y\"\ntoggle-password\n",
      ["--format", "jsonl"])
    let actions = try Actions(result)
    #expect(actions.onLine(2).count == 1)
    let key = field == .email ? "email" : "password"
    #expect(actions.lastState[key] as? String == "x y")
  }

  @Test(arguments: [LoginMachine.email, LoginMachine.password])
  func clearEmptiesTheFieldInOneChange(_ field: SessionCommand.Field) async throws {
    let result = try await Replay.session(
      "type \(field.name) abc\nclear \(field.name)\n", ["--format", "jsonl"])
    let actions = try Actions(result)
    #expect(actions.onLine(2).count == 1)
    let key = field == .email ? "email" : "passwordLength"
    let value = actions.lastState[key]
    #expect(field == .email ? value as? String == "" : value as? Int == 0)
  }

  /// `clear` is one change action even on an empty field: from the first screen it is the
  /// change that starts editing.
  @Test(arguments: [LoginMachine.email, LoginMachine.password])
  func clearOnAnEmptyFieldIsStillOneChange(_ field: SessionCommand.Field) async throws {
    let result = try await Replay.session(
      "clear \(field.name)\nexpect phase editing\n", ["--format", "jsonl"])
    #expect(result.status == .success)
    let actions = try Actions(result)
    let cleared = actions.onLine(1)
    #expect(cleared.count == 1)
    #expect(cleared.first?["before"] as? String == "idle")
    #expect(cleared.first?["after"] as? String == "editing")
  }

  @Test(arguments: [LoginMachine.email, LoginMachine.password])
  func backspaceRemovesGraphemesOneChangeEach(_ field: SessionCommand.Field) async throws {
    let result = try await Replay.session(
      """
      set \(field.name) "abe\\u{301}d"
      backspace \(field.name) 2
      backspace \(field.name)
      toggle-password

      """, ["--format", "jsonl"])
    let actions = try Actions(result)
    #expect(actions.onLine(2).count == 2)
    #expect(actions.onLine(3).count == 1)
    let key = field == .email ? "email" : "password"
    #expect(actions.lastState[key] as? String == "a")
  }

  @Test func backspaceRemovesAtMostWhatTheFieldHolds() async throws {
    let result = try await Replay.session(
      "backspace email 3\nset email ab\nbackspace email 1000000\nbackspace email\n",
      ["--format", "jsonl"])
    #expect(result.status == .success)
    let actions = try Actions(result)
    #expect(actions.onLine(1).isEmpty)  // an empty field: nothing to delete, no change
    #expect(actions.names == ["emailChanged(\"ab\")", "emailChanged(\"a\")", "emailChanged(\"\")"])
    #expect(actions.onLine(3).count == 2)
    #expect(actions.onLine(4).isEmpty)
  }

  @Test func aHugeBackspaceCountIsAParseError() async throws {
    let result = try await Replay.session("set email ab\nbackspace email 999999999999999999\n")
    #expect(result.status == .usageOrInputError)
    #expect(
      result.standardError
        == "FILE:2:17: error: bad value for 'backspace'; "
        + "expected a whole number from 1 to 1000000\n")
  }

  @Test func togglePasswordShowsAndHidesThePassword() async throws {
    let result = try await Replay.session(
      """
      type password secret-words
      expect password-visible false
      toggle-password
      expect password-visible true
      snapshot
      toggle-password
      expect password-visible false
      snapshot

      """)
    #expect(result.status == .success)
    let snapshots = result.standardOutput.components(separatedBy: "--- line ")
    #expect(snapshots.count == 3)
    #expect(snapshots[1].contains("secret-words"))
    #expect(!snapshots[2].contains("secret-words"))
  }

  @Test func submitStartsARequestAndCancelCancelsIt() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        expect effects authenticate
        expect phase submitting
        cancel
        expect effects cancel-authentication
        expect phase editing
        wait 5s
        expect phase editing

        """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(
      result.standardOutput.contains("--submitTapped--> submitting(1), effects: authenticate(1)"))
    #expect(result.standardOutput.contains("[0s] line 3: started authenticate(1)"))
    #expect(result.standardOutput.contains("[0s] line 6: cancelled authenticate(1) after 0s"))
    #expect(
      result.standardOutput.contains(
        "[1.5s] line 9: dropped the late response to authenticate(1): success after 1.5s"))
  }

  @Test func cancelDismissesAShownError() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond server-error
        submit
        wait 1.5s
        expect phase failed
        cancel
        expect effects none
        expect phase editing
        expect error none

        """)
    #expect(result.status == .success, "\(result.standardError)")
  }

  @Test func logoutReturnsToTheEmptyForm() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        settle
        expect phase succeeded
        logout
        expect phase idle
        expect can-submit false

        """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    let actions = try Actions(result)
    #expect(actions.names.last == "logoutTapped")
    #expect(actions.lastState["loggedIn"] as? Bool == false)
    #expect(actions.lastState["email"] as? String == "demo@example.com")
  }

  @Test(arguments: ScriptedOutcome.loginOutcomes)
  func respondDecidesTheOutcome(_ outcome: ScriptedOutcome) async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond \(outcome.name)
        submit
        wait 1499ms
        expect phase submitting
        wait 1ms

        """, ["--format", "jsonl", "--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    let actions = try Actions(result)
    let state = actions.lastState
    #expect(actions.objects.last?["time"] as? String == "1.5s")
    switch outcome {
    case .success:
      #expect(state["phase"] as? String == "succeeded")
    case .failure(let error):
      #expect(state["phase"] as? String == "failed")
      let shown = state["error"] as? [String: Any]
      #expect(shown?["name"] as? String == error.name)
      // A throttle's message counts down from the 30 seconds of a refusal without a wait.
      let message =
        error == .rateLimited(retryAfter: nil)
        ? "Too many attempts. Try again in 0:30." : error.message
      #expect(shown?["message"] as? String == message)
    case .secondFactor, .codeAccepted, .codeRejected, .codeExpired, .codeSent, .deviceCode,
      .pending, .slowDown, .denied, .expiredToken:
      Issue.record("\(outcome) is no login outcome")
    }
    let finished = try result.jsonObjects(ofType: "event").filter {
      $0["event"] as? String == "finished"
    }
    #expect(finished.first?["outcome"] as? String == outcome.name)
  }

  @Test func respondAfterSetsWhenTheAnswerArrives() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond network-unavailable after 250ms
        submit
        wait 249ms
        expect loading true
        wait 1ms
        expect error "Unable to connect. Check your internet connection."
        respond success after 0s
        submit
        expect phase succeeded

        """)
    #expect(result.status == .success, "\(result.standardError)")
  }

  @Test func respondQueuesFirstInFirstOutThenTheDemoServiceAnswers() async throws {
    let result = try await Replay.session(
      """
      type email demo@example.com
      type password wrong
      respond server-error
      respond success after 2s
      submit
      settle
      expect error "Something went wrong. Please try again."
      submit
      wait 1.5s
      expect phase submitting
      wait 0.5s
      expect phase succeeded
      logout
      type password wrong
      submit
      settle
      expect error "The email or password is incorrect."
      set password Password123!
      submit
      settle
      expect phase succeeded

      """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    let responses = try Actions(result).names.filter { $0.hasPrefix("authResponse") }
    #expect(
      responses == [
        "authResponse(1, failure(serverError))",
        "authResponse(2, success(AuthSession(token: <redacted>)))",
        "authResponse(3, failure(invalidCredentials))",
        "authResponse(4, success(AuthSession(token: <redacted>)))",
      ])
  }

  /// The authResponse actions of a JSON-lines run, in order.
  static func responses(_ result: ReplayResult) throws -> [String] {
    try Actions(result).names.filter { $0.hasPrefix("authResponse") }
  }

  @Test func respondAfterSubmitDecidesTheRequestInFlight() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        respond invalid-credentials
        wait 1499ms
        expect phase submitting
        wait 1ms
        expect error "The email or password is incorrect."
        submit
        settle
        expect phase succeeded

        """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(
      try Self.responses(result) == [
        "authResponse(1, failure(invalidCredentials))",
        "authResponse(2, success(AuthSession(token: <redacted>)))",
      ])
  }

  @Test func respondWithNoUndecidedRequestInFlightIsQueued() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond server-error
        submit
        respond rate-limited
        settle
        expect error "Something went wrong. Please try again."
        submit
        settle
        expect error "Too many attempts. Try again in 0:30."
        wait 30s
        submit
        cancel
        respond network-unavailable after 0.5s
        submit
        settle
        expect error "Unable to connect. Check your internet connection."
        submit
        settle
        expect phase succeeded

        """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    // 1 took the queued server-error, so rate-limited was queued for 2; 3 was cancelled
    // while undecided, so network-unavailable was queued for 4; 5 got the demo answer.
    #expect(
      try Self.responses(result) == [
        "authResponse(1, failure(serverError))",
        "authResponse(2, failure(rateLimited(retryAfter: nil)))",
        "authResponse(4, failure(networkUnavailable))",
        "authResponse(5, success(AuthSession(token: <redacted>)))",
      ])
  }

  @Test func anUndecidedRequestGetsTheDemoAnswerAtOneAndAHalfSeconds() async throws {
    let result = try await Replay.session(
      """
      type email someone@example.com
      type password wrong
      submit
      wait 1499ms
      expect phase submitting
      wait 1ms
      expect error "The email or password is incorrect."
      respond success
      submit
      wait 1.5s
      expect phase succeeded

      """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "[1.5s] line 6: finished authenticate(1): invalid-credentials after 1.5s"))
    // The respond came after the first request was answered: queued for the second.
    #expect(result.standardOutput.contains("[3s] line 10: finished authenticate(2): success"))
  }

  @Test func aRespondWhoseTimeHasPassedAnswersAtOnce() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        wait 1s
        respond server-error after 0.5s
        expect phase failed
        expect error "Something went wrong. Please try again."

        """, ["--format", "jsonl", "--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    let objects = try result.jsonObjects().filter { $0["line"] as? Int == 5 }
    #expect(objects.map { $0["type"] as? String } == ["event", "action", "respond"])
    #expect(objects.first?["duration"] as? String == "1s")
    #expect(objects[1]["time"] as? String == "1s")
    #expect(objects[1]["action"] as? String == "authResponse(1, failure(serverError))")
  }

  @Test func aRespondInFlightAnswersItsDurationAfterTheStart() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        wait 1s
        respond success after 5s
        wait 3999ms
        expect phase submitting
        wait 1ms
        expect phase succeeded

        """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(
      result.standardOutput.contains("[5s] line 8: finished authenticate(1): success after 5s"))
  }

  @Test func aTimedOutRequestIsNotDecidedByALaterRespond() async throws {
    let result = try await Replay.session(
      demoLogin + """
        submit
        wait 1s
        expect error "The request timed out. Please try again."
        respond server-error after 0.5s
        submit
        settle
        expect error "Something went wrong. Please try again."

        """, ["--timeout", "1s", "--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "[1.5s] line 8: finished authenticate(2): server-error after 0.5s"))
  }

  @Test func theTimeoutOutcomeLooksLikeTheStoresTimeout() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond timeout after 3s
        submit
        settle
        expect error "The request timed out. Please try again."
        snapshot
        respond success after 60s
        submit
        settle
        expect error "The request timed out. Please try again."
        snapshot

        """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains("[3s] line 5: finished authenticate(1): timeout after 3s"))
    #expect(output.contains("--- line 7 at 3s: failed ---"))
    #expect(output.contains("[33s] line 10: timed out authenticate(2) after 30s"))
    #expect(output.contains("--- line 12 at 33s: failed ---"))
    let screens = result.screens
    #expect(screens.count == 2)
    #expect(screens.first == screens.last)
  }

  @Test func theTimeoutOptionSetsTheStoresTimeout() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond success after 10s
        submit
        settle
        snapshot

        """, ["--timeout", "2.5s"])
    #expect(result.status == .success)
    #expect(result.standardOutput.contains("--- line 6 at 2.5s: failed ---"))
  }

  @Test func waitDeliversResponsesAndTimeoutsInTimeOrder() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond success after 5s
        submit
        cancel
        respond server-error after 1s
        submit
        wait 10s
        expect error "Something went wrong. Please try again."

        """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    let lines = result.outputLines.filter { $0.contains("line 8:") }
    #expect(
      lines == [
        "[1s] line 8: finished authenticate(2): server-error after 1s",
        "[1s] line 8: submitting(2) --authResponse(2, failure(serverError))--> "
          + "failed(server-error), effects: none",
        "[5s] line 8: dropped the late response to authenticate(1): success after 5s",
      ])
  }

  @Test func waitMovesTheClockEvenWithNothingInFlight() async throws {
    let result = try await Replay.session("wait 2s\nwait 250ms\nsnapshot\n")
    #expect(result.standardOutput.hasPrefix("--- line 3 at 2.25s: idle ---\n"))
  }

  @Test func settleWithNothingInFlightLeavesTheClock() async throws {
    let result = try await Replay.session("wait 1s\nsettle\nsnapshot\n", ["--format", "jsonl"])
    let settle = try result.jsonObjects(ofType: "settle")
    #expect(settle.count == 1)
    #expect(settle.first?["time"] as? String == "1s")
  }

  @Test func settleAdvancesUntilNoRequestIsInFlight() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond success after 7s
        submit
        settle
        expect phase succeeded

        """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(try result.jsonObjects(ofType: "settle").first?["time"] as? String == "7s")
  }

  @Test func snapshotPrintsTheScreenUnderAHeader() async throws {
    let result = try await Replay.session(
      "type email a@b.co\nsnapshot\n", ["--width", "30", "--ascii"])
    let lines = result.outputLines
    #expect(lines.first == "--- line 2 at 0s: editing ---")
    let screen = lines.dropFirst().prefix { !$0.isEmpty }
    #expect(screen.count > 10)
    #expect(screen.allSatisfy { $0.count == 30 && $0.allSatisfy(\.isASCII) })
    #expect(screen.contains { $0.contains("a@b.co") })
    #expect(lines.last == "6 actions, 0 expectations: 0 passed, 0 failed")
  }

  @Test func snapshotInJSONLinesHasTheScreenAndTheState() async throws {
    let result = try await Replay.session(
      "type email a@b.co\nsnapshot\n", ["--format", "jsonl"])
    let snapshot = try #require(try result.jsonObjects(ofType: "snapshot").first)
    #expect(snapshot["line"] as? Int == 2)
    #expect(snapshot["phase"] as? String == "editing")
    #expect(snapshot["time"] as? String == "0s")
    let screen = try #require(snapshot["screen"] as? [String])
    #expect(screen.count > 10)
    #expect(screen.contains { $0.contains("a@b.co") })
    #expect((snapshot["state"] as? [String: Any])?["email"] as? String == "a@b.co")
  }

  @Test func respondInJSONLinesIsAcknowledged() async throws {
    let result = try await Replay.session(
      "respond rate-limited after 2s\n", ["--format", "jsonl"])
    let respond = try #require(try result.jsonObjects(ofType: "respond").first)
    #expect(respond["outcome"] as? String == "rate-limited")
    #expect(respond["after"] as? String == "2s")
    #expect(respond["line"] as? Int == 1)
  }

  /// Ten waits of 10^18 s used to trap in the time formatting; now each is a parse error.
  @Test func hugeWaitsAreRejectedBeforeTheyCanOverflow() async throws {
    let session = String(repeating: "wait 999999999999999999s\n", count: 10) + "snapshot\n"
    let fromFile = try await Replay.session(session, ["--format", "jsonl"])
    #expect(fromFile.status == .usageOrInputError)
    #expect(
      fromFile.standardError.hasPrefix(
        "FILE:1:6: error: bad duration for 'wait'; "
          + "expected at most 1000000s (about 11.6 days)\n"))
    let fromStream = await Replay.standardInput(session, ["--format", "jsonl"])
    #expect(fromStream.status == .usageOrInputError)
    let snapshot = try #require(try fromStream.jsonObjects(ofType: "snapshot").first)
    #expect(snapshot["time"] as? String == "0s")
  }

  @Test func theVirtualClockStopsAtItsLimit() async throws {
    #expect(ReplayBackend.virtualTimeLimit == .seconds(1_000_000_000))
    let session =
      String(repeating: "wait 1000000s\n", count: 999) + "wait 999999.5s\nwait 1s\nwait 0.5s\n"
      + "snapshot\n"
    let result = await Replay.standardInput(session, ["--format", "jsonl", "--trace"])
    #expect(result.status == .usageOrInputError)
    #expect(
      result.standardError
        == "<stdin>:1001:1: error: 'wait' would move the virtual clock past 1000000000s, "
        + "its limit (about 31.7 years)\n")
    let waits = try result.jsonObjects(ofType: "wait")
    #expect(waits.count == 1001)
    #expect(waits.last?["time"] as? String == "1000000000s")
    #expect(try result.jsonObjects(ofType: "snapshot").first?["time"] as? String == "1000000000s")
    #expect(try result.jsonObjects(ofType: "error").count == 1)
  }

  @Test func settleStopsAtTheClockLimitToo() async throws {
    let session =
      String(repeating: "wait 1000000s\n", count: 999) + "wait 999990s\n" + demoLogin
      + "respond success after 20s\nsubmit\nsettle\nexpect phase submitting\n"
    let result = await Replay.standardInput(session)
    #expect(result.status == .usageOrInputError)
    // The answer would arrive 10 s past the limit: settle stops short, still submitting.
    #expect(
      result.standardError
        == "<stdin>:1005:1: error: 'settle' would move the virtual clock past 1000000000s, "
        + "its limit (about 31.7 years)\n")
  }
}
