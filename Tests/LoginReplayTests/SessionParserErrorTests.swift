import LoginFlow
import Testing

@testable import LoginReplay

/// Every error kind of the lexical rules, with its exact message, line and column.
@Suite struct SessionParserErrorTests {
  static let commandList =
    "type, set, clear, backspace, toggle-password, submit, cancel, logout, reset, device-login, "
    + "verify, resend, back, close, respond, "
    + "wait, settle, expect, snapshot, relaunch, restore-session, session-store"
  static let outcomes =
    "success, invalid-credentials, network-unavailable, server-error, timeout, rate-limited, "
    + "locked, unexpected, second-factor, code-accepted, code-rejected, code-expired, code-sent, "
    + "device-code, pending, slow-down, denied, expired-token"
  static let escapes = #"expected one of: \" \\ \n \t \u{…}"#

  /// (line text, column, message)
  static let cases: [(String, Int, String)] = [
    // Unknown command and expectation.
    ("submt", 1, "unknown command; expected one of: \(commandList); did you mean 'submit'?"),
    ("   Submit", 4, "unknown command; expected one of: \(commandList); did you mean 'submit'?"),
    (
      "expect colour red", 8,
      "unknown expectation; expected one of: phase, can-submit, loading, "
        + "password-visible, error, email-error, reset-suggested, effects, password-length, "
        + "requests-in-flight, dropped-answers, store-requests, store-timers, "
        + "session-remembered, secrets-hidden, code, code-error, can-verify, can-resend, resend-in, "
        + "retry-in, user-code, poll-interval, expires-in"
    ),
    // Wrong argument counts: too many points at the first extra word, too few at the command.
    ("submit now", 8, "wrong argument count for 'submit': expected no arguments (submit), got 1"),
    (
      "toggle-password twice", 17,
      "wrong argument count for 'toggle-password': expected no arguments (toggle-password), got 1"
    ),
    ("cancel x", 8, "wrong argument count for 'cancel': expected no arguments (cancel), got 1"),
    ("logout x", 8, "wrong argument count for 'logout': expected no arguments (logout), got 1"),
    ("settle x", 8, "wrong argument count for 'settle': expected no arguments (settle), got 1"),
    (
      "relaunch restore-latr", 10,
      "bad value for 'relaunch'; expected 'restore-later' or nothing; did you mean "
        + "'restore-later'?"
    ),
    (
      "relaunch restore-later now", 24,
      "wrong argument count for 'relaunch': expected 0 or 1 (relaunch [restore-later]), got 2"
    ),
    (
      "restore-session now", 17,
      "wrong argument count for 'restore-session': expected no arguments (restore-session), "
        + "got 1"
    ),
    (
      "snapshot x", 10,
      "wrong argument count for 'snapshot': expected no arguments (snapshot), got 1"
    ),
    (
      "type email", 1,
      "wrong argument count for 'type': expected 2 (type email|password|code TEXT), got 1"
    ),
    (
      "type email a b", 14,
      "wrong argument count for 'type': expected 2 (type email|password|code TEXT), got 3; "
        + "quote text that contains blanks"
    ),
    (
      "set password", 1,
      "wrong argument count for 'set': expected 2 (set email|password|code TEXT), got 1"
    ),
    (
      "clear", 1,
      "wrong argument count for 'clear': expected 1 (clear email|password|code), got 0"
    ),
    (
      "clear email now", 13,
      "wrong argument count for 'clear': expected 1 (clear email|password|code), got 2"
    ),
    (
      "backspace", 1,
      "wrong argument count for 'backspace': expected 1 or 2 (backspace email|password|code [N]), got 0"
    ),
    (
      "backspace email 1 2", 19,
      "wrong argument count for 'backspace': expected 1 or 2 (backspace email|password|code [N]), got 3"
    ),
    ("wait", 1, "wrong argument count for 'wait': expected 1 (wait DURATION), got 0"),
    ("wait 1s 2s", 9, "wrong argument count for 'wait': expected 1 (wait DURATION), got 2"),
    (
      "respond", 1,
      "wrong argument count for 'respond': expected at least 1 "
        + "(respond OUTCOME [OPTION VALUE]... [after DURATION]), got 0"
    ),
    ("respond success after", 17, "bad value for 'respond'; expected a duration after 'after'"),
    ("respond success after 1s now", 26, "bad value for 'respond'; expected nothing more"),
    (
      "respond second-factor lenght 4", 23,
      "bad value for 'respond'; expected one of 'method', 'length', 'expires', 'resend-after' "
        + "or 'after' and its value; did you mean 'length'?"
    ),
    (
      "respond second-factor length 3", 30,
      "bad value for 'respond'; expected a code length from 4 to 10"
    ),
    (
      "respond second-factor method fax", 30,
      "bad value for 'respond'; expected one of: totp, sms, email"
    ),
    (
      "respond second-factor expires 90000s", 31,
      "bad value for 'respond'; expected a duration of at most 86400s"
    ),
    (
      "respond second-factor after 1s after 2s", 32,
      "bad value for 'respond'; expected one of 'method', 'length', 'expires' or 'resend-after' "
        + "and its value"
    ),
    (
      "expect resend-in soon", 18,
      "bad duration for 'expect'; expected a decimal number followed by ms or s, as in 0s, 250ms or 1.5s"
    ),
    (
      "expect resend-in 2.5s", 18,
      "bad value for 'expect resend-in'; expected whole seconds, as the countdown shows them, "
        + "or none"
    ),
    ("expect can-verify yes", 19, "bad value for 'expect can-verify'; expected true or false"),
    ("expect", 1, "wrong argument count for 'expect': expected 2 (expect WHAT VALUE), got 0"),
    (
      "expect phase", 1,
      "wrong argument count for 'expect phase': expected 1 (expect phase PHASE), got 0"
    ),
    (
      "expect loading true false", 21,
      "wrong argument count for 'expect loading': expected 1 (expect loading true|false), got 2"
    ),
    (
      "expect error The email", 18,
      "wrong argument count for 'expect error': expected 1 (expect error TEXT|none), got 2; "
        + "quote text that contains blanks"
    ),
    (
      "expect email-error", 1,
      "wrong argument count for 'expect email-error': expected 1 (expect email-error TEXT|none), "
        + "got 0"
    ),
    (
      "expect effects", 1,
      "wrong argument count for 'expect effects': expected at least 1 "
        + "(expect effects none|NAME...), got 0"
    ),
    // Bad fields.
    ("type name x", 6, "bad field for 'type'; expected email, password or code"),
    (
      "set Email x", 5,
      "bad field for 'set'; expected email, password or code; did you mean 'email'?"
    ),
    ("clear both", 7, "bad field for 'clear'; expected email, password or code"),
    ("backspace pin 2", 11, "bad field for 'backspace'; expected email, password or code"),
    // Bad durations.
    (
      "wait 15", 6,
      "bad duration for 'wait'; expected a unit after the number: ms or s, as in 250ms or 1.5s"
    ),
    (
      "wait -1s", 6,
      "bad duration for 'wait'; expected a duration of zero or more; it cannot be negative"
    ),
    (
      "wait soon", 6,
      "bad duration for 'wait'; expected a decimal number followed by ms or s, "
        + "as in 0s, 250ms or 1.5s"
    ),
    (
      "wait 1.5.s", 6,
      "bad duration for 'wait'; expected a decimal number followed by ms or s, "
        + "as in 0s, 250ms or 1.5s"
    ),
    (
      "wait 2m", 6,
      "bad duration for 'wait'; expected the unit ms or s, as in 250ms or 1.5s"
    ),
    (
      "respond success after 1x", 23,
      "bad duration for 'respond'; expected the unit ms or s, as in 250ms or 1.5s"
    ),
    // Bad values.
    ("expect loading maybe", 16, "bad value for 'expect loading'; expected true or false"),
    (
      "expect can-submit yes", 19, "bad value for 'expect can-submit'; expected true or false"
    ),
    (
      "expect password-visible 1", 25,
      "bad value for 'expect password-visible'; expected true or false"
    ),
    (
      "expect reset-suggested TRUE", 24,
      "bad value for 'expect reset-suggested'; expected true or false; did you mean 'true'?"
    ),
    (
      "expect phase done", 14,
      "bad value for 'expect phase'; expected one of: idle, editing, submitting, "
        + "succeeded, failed, second-factor, device"
    ),
    ("respond ok", 9, "bad value for 'respond'; expected one of: \(outcomes)"),
    // Device codes take a user code, an interval and a life, each bounded.
    (
      "respond device-code interval 0s", 30,
      "bad value for 'respond'; expected a duration from 1s to 86400s"
    ),
    (
      "respond device-code expires 0s", 29,
      "bad value for 'respond'; expected a duration above 0s, at most 86400s"
    ),
    (
      "respond device-code user-code " + String(repeating: "A", count: 65), 31,
      "bad value for 'respond'; expected a user code of 1 to 64 characters"
    ),
    (
      "respond pending interval 5s", 17,
      "bad value for 'respond'; expected 'after' and a duration"
    ),
    (
      "respond device-code resend-after 5s", 21,
      "bad value for 'respond'; expected one of 'user-code', 'interval', 'expires' or 'after' "
        + "and its value"
    ),
    // The wait is a refusal's alone.
    (
      "respond success retry-after 5s", 17,
      "bad value for 'respond'; expected 'after' and a duration"
    ),
    (
      "respond rate-limited retry-after", 22,
      "bad value for 'respond'; expected a duration after 'retry-after'"
    ),
    (
      "respond success later 2s", 17,
      "bad value for 'respond'; expected 'after' and a duration"
    ),
    ("respond success 2s", 17, "bad value for 'respond'; expected 'after' and a duration"),
    (
      "backspace email 0", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "backspace email -1", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "backspace email +2", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "backspace email 1000001", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "backspace email 999999999999999999", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "wait 999999999999999999s", 6,
      "bad duration for 'wait'; expected at most 1000000s (about 11.6 days)"
    ),
    (
      "respond success after 1000001s", 23,
      "bad duration for 'respond'; expected at most 1000000s (about 11.6 days)"
    ),
    (
      "backspace email 99999999999999999999", 17,
      "bad value for 'backspace'; expected a whole number from 1 to 1000000"
    ),
    (
      "expect effects authenticate login", 29,
      "bad value for 'expect effects'; expected none, or effect names: authenticate, "
        + "cancel-authentication, save-session, clear-session, schedule-throttle-tick, schedule-throttle-end, authorize-device, check-code, cancel-check, send-code, "
        + "cancel-send, schedule-expiry, cancel-expiry, schedule-countdown, cancel-countdown, "
        + "device-poll, device-cancel-poll, device-schedule-poll, "
        + "device-cancel-scheduled-poll, device-schedule-countdown, device-cancel-countdown"
    ),
    (
      "expect effects none authenticate", 21,
      "bad value for 'expect effects'; expected nothing after none"
    ),
    (
      "expect password-length -1", 24,
      "bad value for 'expect password-length'; expected a whole number from 0 to 999999999"
    ),
    (
      "expect requests-in-flight 1000000000", 27,
      "bad value for 'expect requests-in-flight'; expected a whole number from 0 to 999999999"
    ),
    (
      "expect dropped-answers", 1,
      "wrong argument count for 'expect dropped-answers': expected 1 (expect dropped-answers N), got 0"
    ),
    // Strings and escapes.
    ("type email \"abc", 12, "unterminated string; expected a closing '\"' on the same line"),
    (#"type email "abc\""#, 12, "unterminated string; expected a closing '\"' on the same line"),
    (#"type email "abc\"#, 12, "unterminated string; expected a closing '\"' on the same line"),
    (#"type email "a\qb""#, 14, #"bad escape; "# + escapes),
    (#"type email "\'""#, 13, #"bad escape; "# + escapes),
    (
      #"type email "\u{}""#, 13,
      #"bad escape; expected 1 to 8 hex digits between the braces, as in \u{1F600}"#
    ),
    (
      #"type email "\u{12G4}""#, 13,
      #"bad escape; expected only hex digits (0-9, A-F) between the braces"#
    ),
    (
      #"type email "\u{110000}""#, 13,
      #"bad escape; expected a code point up to 10FFFF"#
    ),
    (
      #"type email "\u{D800}""#, 13,
      #"bad escape; expected a Unicode scalar, not a surrogate code point (D800 to DFFF)"#
    ),
    (
      #"type email "\u{dfff}""#, 13,
      #"bad escape; expected a Unicode scalar, not a surrogate code point (D800 to DFFF)"#
    ),
    (
      #"type email "\u41""#, 13,
      #"bad escape; expected '{' after \u, as in \u{1F600}"#
    ),
    (
      #"type email "\u{41""#, 13,
      #"bad escape; expected '}' after the hex digits, as in \u{1F600}"#
    ),
    (
      #"type email "\u{000000041}""#, 13,
      #"bad escape; expected at most 8 hex digits"#
    ),
    (
      #"type email ab"c"#, 14,
      #"unexpected '"' inside a word; expected the whole argument in quotes, as in "a\"b""#
    ),
    (#"type email "ab"c"#, 16, #"expected a blank after the closing '"' of a string"#),
    (##"type email "ab"# x"##, 16, #"expected a blank after the closing '"' of a string"#),
    // Columns count characters, not bytes: é (2 bytes), 😀 (4 bytes), e + U+0301 (2 scalars).
    ("set email \"é\\q\"", 13, #"bad escape; "# + escapes),
    ("set email 😀 \"\\q\"", 14, #"bad escape; "# + escapes),
    ("set email \"e\u{301}\\q\"", 13, #"bad escape; "# + escapes),
    // A combining mark belongs to the character before it, even a blank or a closing quote:
    // the column is that character's, never past the end of the line.
    ("type email \"a\"\u{301}", 14, #"expected a blank after the closing '"' of a string"#),
    (
      "submit \u{301}", 7,
      "wrong argument count for 'submit': expected no arguments (submit), got 1"
    ),
    (
      "submit \u{301}\u{302}x", 7,
      "wrong argument count for 'submit': expected no arguments (submit), got 1"
    ),
    ("é submit", 1, "unknown command; expected one of: \(commandList)"),
    ("😀😀 x", 1, "unknown command; expected one of: \(commandList)"),
    (
      "expect phase 😀 x", 16,
      "wrong argument count for 'expect phase': expected 1 (expect phase PHASE), got 2"
    ),
  ]

  @Test(arguments: cases)
  func reportsError(_ text: String, _ column: Int, _ message: String) throws {
    let parsed = try #require(SessionParser.parse(text, file: "bad.login", line: 12))
    guard case .failure(let error) = parsed else {
      Issue.record("expected an error for \(text), got \(parsed)")
      return
    }
    #expect(error.message == message)
    #expect(error.location == SourceLocation(file: "bad.login", line: 12, column: column))
    #expect(error.description == "bad.login:12:\(column): error: \(message)")
  }

  @Test func errorKindsAreTyped() throws {
    let cases: [(String, SessionError.Kind)] = [
      ("submt", .unknownCommand(suggestion: .button(LoginMachine.submit))),
      ("hunter2", .unknownCommand(suggestion: nil)),
      ("expect x y", .unknownExpectation(suggestion: nil)),
      ("expect eror none", .unknownExpectation(suggestion: .error)),
      ("wait", .wrongArgumentCount(command: .command(.wait), got: 0)),
      ("expect effects", .wrongArgumentCount(command: .expect(.effects), got: 0)),
      ("type name x", .badField(command: .type, suggestion: nil)),
      ("type passwrd x", .badField(command: .type, suggestion: .password)),
      ("wait 5", .badDuration(command: .wait, problem: .missingUnit)),
      (
        "expect loading maybe",
        .badValue(command: .expect(.loading), expected: "true or false", suggestion: nil)
      ),
      ("type email \"x", .unterminatedString),
      (#"type email "\u{D800}""#, .badEscape(.surrogate)),
      (#"type email "\u{FFFFFF}""#, .badEscape(.outOfRange)),
      (#"type email "\u{x}""#, .badEscape(.notHex)),
      ("type email a\"b", .unexpectedQuote),
      ("type email \"a\"b", .missingBlankAfterString),
    ]
    for (text, kind) in cases {
      let parsed = try #require(SessionParser.parse(text, file: "f", line: 1))
      guard case .failure(let error) = parsed else {
        Issue.record("expected an error for \(text)")
        continue
      }
      #expect(error.kind == kind, "\(text)")
    }
  }

  @Test func messagesNeverRepeatTextArguments() throws {
    let lines = [
      "type password Secret extra", "set password \"Secret", "typo password Secret",
      "type passwd Secret", #"set password "Secret\q""#,
    ]
    for line in lines {
      let parsed = try #require(SessionParser.parse(line, file: "f", line: 1))
      guard case .failure(let error) = parsed else {
        Issue.record("expected an error for \(line)")
        continue
      }
      #expect(!error.description.contains("Secret"), "\(error)")
    }
  }
}
