import LoginFlow
import LoginSimulation
import Testing

@testable import LoginReplay

/// Every row of the session format's command table parses to the right typed command.
@Suite struct SessionParserCommandTests {
  static let rows: [(String, SessionCommand)] = [
    ("type email demo@example.com", .type(.email, "demo@example.com")),
    ("type password Password123!", .type(.password, "Password123!")),
    ("type email \"a b\"", .type(.email, "a b")),
    ("set email demo@example.com", .set(.email, "demo@example.com")),
    ("set password \"pass word\"", .set(.password, "pass word")),
    ("set email \"\"", .set(.email, "")),
    ("clear email", .clear(.email)),
    ("clear password", .clear(.password)),
    ("backspace email", .backspace(.email, count: 1)),
    ("backspace password", .backspace(.password, count: 1)),
    ("backspace email 4", .backspace(.email, count: 4)),
    ("backspace password 12", .backspace(.password, count: 12)),
    ("toggle-password", .togglePassword),
    ("submit", .submit),
    ("cancel", .cancel),
    ("logout", .logout),
    ("reset", .reset),
    ("verify", .codeStep(SecondFactorMachine.verify)),
    ("resend", .codeStep(SecondFactorMachine.resend)),
    ("back", .codeStep(SecondFactorMachine.back)),
    ("type code 123456", .type(.code, "123456")),
    ("backspace code 2", .backspace(.code, count: 2)),
    ("close", .close),
    ("respond success", .respond(.success, after: .milliseconds(1_500))),
    ("respond invalid-credentials", .respond(.failure(.invalidCredentials), after: .seconds(1.5))),
    ("respond network-unavailable", .respond(.failure(.networkUnavailable), after: .seconds(1.5))),
    ("respond server-error", .respond(.failure(.serverError), after: .seconds(1.5))),
    ("respond timeout", .respond(.failure(.timedOut), after: .seconds(1.5))),
    (
      "respond rate-limited",
      .respond(.failure(.rateLimited(retryAfter: nil)), after: .seconds(1.5))
    ),
    (
      "respond rate-limited retry-after 42s after 0s",
      .respond(.failure(.rateLimited(retryAfter: .seconds(42))), after: .zero)
    ),
    (
      "respond rate-limited after 2s retry-after 60s",
      .respond(.failure(.rateLimited(retryAfter: .seconds(60))), after: .seconds(2))
    ),
    ("respond locked", .respond(.failure(.accountLocked), after: .seconds(1.5))),
    ("respond unexpected", .respond(.failure(.unexpected), after: .seconds(1.5))),
    ("respond code-accepted", .respond(.codeAccepted, after: .seconds(1.5))),
    ("respond code-rejected after 0s", .respond(.codeRejected, after: .zero)),
    ("respond code-expired", .respond(.codeExpired, after: .seconds(1.5))),
    ("respond code-sent after 2s", .respond(.codeSent, after: .seconds(2))),
    (
      "respond second-factor",
      .respond(.secondFactor(ScriptedOutcome.defaultChallenge), after: .seconds(1.5))
    ),
    (
      "respond second-factor resend-after 5s method email length 8 expires 60s after 0s",
      .respond(
        .secondFactor(
          SecondFactorChallenge(
            id: ScriptedOutcome.defaultChallenge.id, method: .email,
            destination: "d•••@example.com", codeLength: 8, expiresIn: .seconds(60),
            resendAfter: .seconds(5))), after: .zero)
    ),
    ("respond success after 2s", .respond(.success, after: .seconds(2))),
    (
      "respond device-code",
      .respond(.deviceCode(ScriptedOutcome.defaultDeviceCodes), after: .seconds(1.5))
    ),
    (
      "respond device-code expires 60s user-code WDJB-MJHT interval 7s after 0s",
      .respond(
        .deviceCode(
          DeviceAuthorization(
            deviceCode: ScriptedOutcome.defaultDeviceCodes.deviceCode, userCode: "WDJB-MJHT",
            verificationURI: ScriptedOutcome.defaultDeviceCodes.verificationURI,
            expiresIn: .seconds(60), interval: .seconds(7))), after: .zero)
    ),
    (
      "respond device-code interval 1s",  // the shortest interval the language takes
      .respond(
        .deviceCode(
          DeviceAuthorization(
            deviceCode: ScriptedOutcome.defaultDeviceCodes.deviceCode,
            userCode: ScriptedOutcome.defaultDeviceCodes.userCode,
            verificationURI: ScriptedOutcome.defaultDeviceCodes.verificationURI,
            expiresIn: ScriptedOutcome.defaultDeviceCodes.expiresIn, interval: .seconds(1))),
        after: .seconds(1.5))
    ),
    ("respond pending", .respond(.pending, after: .seconds(1.5))),
    ("respond slow-down after 0s", .respond(.slowDown, after: .zero)),
    ("respond denied", .respond(.denied, after: .seconds(1.5))),
    ("respond expired-token after 3s", .respond(.expiredToken, after: .seconds(3))),
    ("device-login", .press(LoginMachine.deviceLogin)),
    ("respond timeout after 250ms", .respond(.failure(.timedOut), after: .milliseconds(250))),
    ("respond server-error after 0s", .respond(.failure(.serverError), after: .zero)),
    ("wait 1.5s", .wait(.milliseconds(1_500))),
    ("wait 250ms", .wait(.milliseconds(250))),
    ("wait 0s", .wait(.zero)),
    ("settle", .settle),
    ("expect phase idle", .expect(.phase(.idle))),
    ("expect phase editing", .expect(.phase(.editing))),
    ("expect phase submitting", .expect(.phase(.submitting))),
    ("expect phase succeeded", .expect(.phase(.succeeded))),
    ("expect phase failed", .expect(.phase(.failed))),
    ("expect can-submit true", .expect(.canSubmit(true))),
    ("expect can-submit false", .expect(.canSubmit(false))),
    ("expect loading true", .expect(.loading(true))),
    ("expect loading false", .expect(.loading(false))),
    ("expect password-visible true", .expect(.passwordVisible(true))),
    ("expect password-visible false", .expect(.passwordVisible(false))),
    ("expect error none", .expect(.error(nil))),
    ("expect error \"none\"", .expect(.error("none"))),
    (
      "expect error \"The email or password is incorrect.\"",
      .expect(.error("The email or password is incorrect."))
    ),
    ("expect error Oops.", .expect(.error("Oops."))),
    ("expect email-error none", .expect(.emailError(nil))),
    (
      "expect email-error \"Enter a valid email address.\"",
      .expect(.emailError("Enter a valid email address."))
    ),
    ("expect reset-suggested true", .expect(.resetSuggested(true))),
    ("expect reset-suggested false", .expect(.resetSuggested(false))),
    ("expect effects none", .expect(.effects([]))),
    ("expect effects authenticate", .expect(.effects([.authenticate]))),
    ("expect effects cancel-authentication", .expect(.effects([.cancelAuthentication]))),
    (
      "expect effects cancel-authentication authenticate",
      .expect(.effects([.cancelAuthentication, .authenticate]))
    ),
    ("expect password-length 0", .expect(.passwordLength(0))),
    ("expect password-length 12", .expect(.passwordLength(12))),
    ("expect requests-in-flight 1", .expect(.requestsInFlight(1))),
    ("expect dropped-answers 3", .expect(.droppedAnswers(3))),
    ("expect store-requests 2", .expect(.storeRequests(2))),
    ("expect store-timers 1", .expect(.storeTimers(1))),
    ("expect session-remembered true", .expect(.sessionRemembered(true))),
    ("expect secrets-hidden false", .expect(.secretsHidden(false))),
    ("expect phase second-factor", .expect(.phase(.secondFactor))),
    ("expect code \"12\"", .expect(.code("12"))),
    ("expect code-error none", .expect(.codeError(nil))),
    (
      "expect code-error \"That code is incorrect.\"",
      .expect(.codeError("That code is incorrect."))
    ),
    ("expect can-verify true", .expect(.canVerify(true))),
    ("expect can-resend false", .expect(.canResend(false))),
    ("expect resend-in 27s", .expect(.resendIn(.seconds(27)))),
    ("expect resend-in none", .expect(.resendIn(nil))),
    ("expect retry-in 42s", .expect(.retryIn(.seconds(42)))),
    ("expect retry-in none", .expect(.retryIn(nil))),
    ("expect phase device", .expect(.phase(.device))),
    ("expect user-code WDJB-MJHT", .expect(.userCode("WDJB-MJHT"))),
    ("expect poll-interval 10s", .expect(.pollInterval(.seconds(10)))),
    ("expect poll-interval none", .expect(.pollInterval(nil))),
    ("expect expires-in 899s", .expect(.expiresIn(.seconds(899)))),
    ("expect expires-in none", .expect(.expiresIn(nil))),
    ("expect effects save-session", .expect(.effects([.saveSession]))),
    ("expect effects clear-session", .expect(.effects([.clearSession]))),
    ("snapshot", .snapshot),
    ("relaunch", .relaunch(.atLaunch)),
    ("relaunch restore-later", .relaunch(.later)),
    ("restore-session", .restoreSession),
    ("session-store failing", .sessionStore(.failing)),
    ("session-store working", .sessionStore(.working)),
    ("\"session-store\" \"failing\"", .sessionStore(.failing)),
  ]

  @Test(arguments: rows)
  func parsesRow(_ text: String, _ expected: SessionCommand) throws {
    let parsed = try #require(SessionParser.parse(text, file: "rows.login", line: 7))
    let located = try parsed.get()
    #expect(located.command == expected)
    #expect(located.location == SourceLocation(file: "rows.login", line: 7, column: 1))
  }

  @Test func everyCommandWordHasARow() {
    let covered = Set(Self.rows.map(\.1.name))
    #expect(covered == Set(SessionCommand.Name.allCases))
    let subjects = Set(
      Self.rows.compactMap { row -> SessionCommand.Expectation.Subject? in
        guard case .expect(let expectation) = row.1 else { return nil }
        return expectation.subject
      })
    #expect(subjects == Set(SessionCommand.Expectation.Subject.allCases))
  }

  @Test func everyOutcomeHasARow() {
    let outcomes = Self.rows.compactMap { row -> String? in
      guard case .respond(let outcome, _) = row.1 else { return nil }
      return outcome.name
    }
    #expect(Set(outcomes) == Set(ScriptedOutcome.allCases.map(\.name)))
    #expect(outcomes.count >= 7)
  }

  /// Writing a command back with `description` and parsing it again gives the same command
  /// (password text is redacted, so those rows are left out).
  @Test(arguments: rows)
  func descriptionRoundTrips(_ text: String, _ expected: SessionCommand) throws {
    switch expected {
    case .type(.password, _), .set(.password, _): return
    default: break
    }
    let again = try #require(SessionParser.parse(expected.description, file: "f", line: 1))
    #expect(try again.get().command == expected)
  }

  @Test func descriptionsRedactPasswordText() {
    let commands: [SessionCommand] = [.type(.password, "S3cret!"), .set(.password, "S3cret!")]
    for command in commands {
      #expect(!command.description.contains("S3cret"))
      #expect(!String(reflecting: command).contains("S3cret"))
      var dumped = ""
      dump(command, to: &dumped)
      #expect(!dumped.contains("S3cret"))
      #expect(command.description.hasSuffix("password <redacted>"))
    }
    #expect(SessionCommand.type(.email, "a b").description == "type email \"a b\"")
  }

  @Test func blankAndCommentLinesAreNothing() {
    for text in ["", "   ", "\t", "# a comment", "   # indented comment", "#submit"] {
      #expect(SessionParser.parse(text, file: "f", line: 1) == nil)
    }
  }

  @Test func trailingCommentsAndBlanks() throws {
    let cases: [(String, SessionCommand)] = [
      ("submit # press the button", .submit),
      ("  submit\t", .submit),
      ("type email a@b.co   # the address", .type(.email, "a@b.co")),
      ("type email a#b", .type(.email, "a#b")),
      ("type password \"#hash\" # a comment", .type(.password, "#hash")),
      ("type password \"a # b\"", .type(.password, "a # b")),
      ("\tsubmit", .submit),
      // A tab is a blank too: before a `#` it starts a comment, in either reader path.
      ("submit\t# note", .submit),
      ("type email a@b.co\t#x", .type(.email, "a@b.co")),
      ("expect phase idle \t # c", .expect(.phase(.idle))),
      ("type password \"é\"\t# é", .type(.password, "é")),
    ]
    for (text, expected) in cases {
      let parsed = try #require(SessionParser.parse(text, file: "f", line: 1))
      #expect(try parsed.get().command == expected, "\(text)")
    }
    let indented = try #require(SessionParser.parse("    submit", file: "f", line: 3))
    #expect(try indented.get().location == SourceLocation(file: "f", line: 3, column: 5))
  }

  @Test func escapes() throws {
    let cases: [(String, String)] = [
      (#"type email "a\"b""#, "a\"b"),
      (#"type email "a\\b""#, "a\\b"),
      (#"type email "a\nb""#, "a\nb"),
      (#"type email "a\tb""#, "a\tb"),
      (#"type email "\u{1F600}""#, "😀"),
      (#"type email "\u{41}\u{e9}""#, "Aé"),
      (#"type email "\u{0000041}""#, "A"),
      (#"type email "\u{10FFFF}""#, "\u{10FFFF}"),
      (#"type email a\nb"#, #"a\nb"#),
      ("type email \"ünï 😀\"", "ünï 😀"),
    ]
    for (text, expected) in cases {
      let parsed = try #require(SessionParser.parse(text, file: "f", line: 1))
      #expect(try parsed.get().command == .type(.email, expected), "\(text)")
    }
  }

  @Test func keywordsMayBeQuoted() throws {
    let cases: [(String, SessionCommand)] = [
      (#""submit""#, .submit),
      (#"expect phase "idle""#, .expect(.phase(.idle))),
      (#"type "email" x"#, .type(.email, "x")),
      (#"expect effects "none""#, .expect(.effects([]))),
      (#"expect email-error "none""#, .expect(.emailError("none"))),
    ]
    for (text, expected) in cases {
      let parsed = try #require(SessionParser.parse(text, file: "f", line: 1))
      #expect(try parsed.get().command == expected, "\(text)")
    }
  }
}
