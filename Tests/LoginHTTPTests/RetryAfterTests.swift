import Foundation
import LoginFlow
import Testing

@testable import LoginHTTP

/// `Retry-After` in each of its forms, and the refusals (throttle, lockout) of every request,
/// on responses built in memory with a fixed wall clock. The same forms run against the real
/// server in `HTTPThrottleServerTests`.
@Suite struct RetryAfterTests {
  /// The wall clock of these tests: Sun, 06 Nov 1994 08:49:37 GMT.
  static let now = Date(timeIntervalSince1970: 784_111_777)

  static func wait(_ value: String?, date: String? = nil) -> Duration? {
    RetryAfter.wait(in: value, date: date, now: now)
  }

  @Test func delaySeconds() {
    #expect(Self.wait("42") == .seconds(42))
    #expect(Self.wait(" 7 ") == .seconds(7))
    #expect(Self.wait("007") == .seconds(7))
    #expect(Self.wait("3600") == .seconds(3_600))
    // Longer than an hour is an hour, however long.
    #expect(Self.wait("3601") == LoginState.maximumRetryAfter)
    #expect(Self.wait("99999999999999999999999") == LoginState.maximumRetryAfter)
    #expect(Self.wait(String(repeating: "9", count: 10_000)) == LoginState.maximumRetryAfter)
  }

  /// Anything else is no wait at all: the core then waits its default.
  @Test(arguments: [
    "0", "000", "-1", "+3", "1.5", "1e3", "", " ", "abc", "42s", "0x10", "４２", "42 42",
    "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1995 08:49:37 GMT",
    "Sun, 06 Nov 1994 24:00:00 GMT",
    "Sun, 06 Nov 94 08:49:37 GMT", "Sun 06 Nov 1994 08:49:37 GMT",
    "Someday, 06-Nov-94 08:49:37 GMT",
    "Sun, 06 Nov 1994 08:49:37 GMT", "Sat, 05 Nov 1994 08:49:37 GMT",
  ])
  func unusableOrPastIsNone(_ value: String) {
    #expect(Self.wait(value) == nil, "\(value)")
  }

  @Test func noHeaderIsNone() {
    #expect(Self.wait(nil) == nil)
    #expect(Self.wait(nil, date: "Sun, 06 Nov 1994 08:49:37 GMT") == nil)
  }

  /// An HTTP-date is read against the local wall clock when the response has no `Date`, in
  /// all three forms a recipient must accept.
  @Test func anHTTPDateAgainstTheWallClock() {
    #expect(Self.wait("Sun, 06 Nov 1994 08:50:19 GMT") == .seconds(42))
    #expect(Self.wait("Sunday, 06-Nov-94 08:50:19 GMT") == .seconds(42))
    #expect(Self.wait("Sun Nov  6 08:50:19 1994") == .seconds(42))
    #expect(Self.wait("Mon, 07 Nov 1994 08:49:37 GMT") == LoginState.maximumRetryAfter)
    // A wall clock between two seconds rounds the wait up: the server's second has not come.
    #expect(
      RetryAfter.wait(
        in: "Sun, 06 Nov 1994 08:50:19 GMT", date: nil, now: Self.now.addingTimeInterval(0.5))
        == .seconds(42))
  }

  /// The response's own `Date` is the server's clock, whatever the local one says; an
  /// unusable `Date` falls back to the wall clock.
  @Test func anHTTPDateAgainstTheResponsesDate() {
    let date = "Wed, 21 Oct 2015 07:28:00 GMT"
    #expect(Self.wait("Wed, 21 Oct 2015 07:29:00 GMT", date: date) == .seconds(60))
    #expect(Self.wait("Wed, 21 Oct 2015 07:27:00 GMT", date: date) == nil)
    #expect(Self.wait("Sun, 06 Nov 1994 08:50:19 GMT", date: "yesterday") == .seconds(42))
    #expect(Self.wait("60", date: date) == .seconds(60))
  }

  /// Repeated fields arrive joined by commas; the longest usable wait counts.
  @Test func repeatedFields() {
    #expect(Self.wait("7, 9") == .seconds(9))
    #expect(Self.wait("9,7") == .seconds(9))
    #expect(Self.wait("abc, 5") == .seconds(5))
    #expect(Self.wait("5, Sun, 06 Nov 1994 08:50:19 GMT") == .seconds(42))
    #expect(Self.wait("Sun, 06 Nov 1994 08:50:19 GMT, 50") == .seconds(50))
    #expect(Self.wait("0, -1, x") == nil)
    #expect(Self.wait(",,,") == nil)
  }

  static func refusal(
    _ status: Int, _ body: String = "", headers: [String: String] = [:],
    format: HTTPAuthService.WireFormat = .json
  ) -> AuthError? {
    let response = HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    return HTTPResponseMapper(wireFormat: format, now: { now }).refusal(in: response)
  }

  static let oauth = HTTPAuthService.WireFormat.oauth2Password(clientID: "app")

  @Test func throttles() {
    #expect(Self.refusal(429) == .rateLimited(retryAfter: nil))
    #expect(
      Self.refusal(429, headers: ["Retry-After": "42"]) == .rateLimited(retryAfter: .seconds(42)))
    #expect(
      Self.refusal(429, #"{"error":"rate_limited","retry_after":42}"#)
        == .rateLimited(retryAfter: .seconds(42)))
    #expect(
      Self.refusal(400, #"{"error":"rate_limited","retry_after":42}"#)
        == .rateLimited(retryAfter: .seconds(42)))
    #expect(Self.refusal(403, #"{"error":"rate_limited"}"#) == .rateLimited(retryAfter: nil))
    // The header wins when both are present; an unusable header leaves the body's.
    #expect(
      Self.refusal(429, #"{"retry_after":42}"#, headers: ["Retry-After": "5"])
        == .rateLimited(retryAfter: .seconds(5)))
    #expect(
      Self.refusal(429, #"{"retry_after":42}"#, headers: ["Retry-After": "soon"])
        == .rateLimited(retryAfter: .seconds(42)))
    for body in [
      #"{"retry_after":0}"#, #"{"retry_after":-5}"#, #"{"retry_after":"x"}"#,
      #"{"retry_after":true}"#, #"{"retry_after":1e400}"#, #"{"retry_after":null}"#, "[42]", "42",
    ] {
      #expect(Self.refusal(429, body) == .rateLimited(retryAfter: nil), "\(body)")
    }
    #expect(
      Self.refusal(429, #"{"retry_after":1e9}"#)
        == .rateLimited(retryAfter: LoginState.maximumRetryAfter))
    // The body form is the `json` format's: an OAuth 2.0 server throttles with a 429.
    #expect(Self.refusal(400, #"{"error":"rate_limited"}"#, format: Self.oauth) == nil)
    #expect(
      Self.refusal(429, #"{"retry_after":42}"#, format: Self.oauth) == .rateLimited(retryAfter: nil)
    )
    // A success or a server error is no refusal, whatever its body says.
    #expect(Self.refusal(200, #"{"error":"rate_limited"}"#) == nil)
    #expect(Self.refusal(503, #"{"error":"rate_limited"}"#) == nil)
  }

  @Test func lockouts() {
    for format in [HTTPAuthService.WireFormat.json, Self.oauth] {
      #expect(Self.refusal(423, format: format) == .accountLocked)
      #expect(Self.refusal(401, #"{"error":"account_locked"}"#, format: format) == .accountLocked)
      #expect(Self.refusal(403, #"{"error":"account_locked"}"#, format: format) == .accountLocked)
      #expect(Self.refusal(423, #"{"error":"rate_limited"}"#, format: format) == .accountLocked)
      #expect(Self.refusal(200, #"{"error":"account_locked"}"#, format: format) == nil)
    }
  }

  /// The three requests meet the same refusals.
  @Test func everyRequestMeetsThem() throws {
    let mapper = HTTPResponseMapper(wireFormat: .json, now: { Self.now })
    let locked = HTTPResponse(status: 423, headers: [:], body: Data())
    let throttled = HTTPResponse(status: 429, headers: ["Retry-After": "9"], body: Data())
    #expect(throws: AuthError.accountLocked) { try mapper.answer(toLogin: locked) }
    #expect(throws: AuthError.accountLocked) { try mapper.answer(toVerify: locked) }
    #expect(throws: AuthError.accountLocked) { try mapper.answer(toResend: locked) }
    for request in [mapper.answer(toLogin:), mapper.answer(toVerify:), mapper.answer(toResend:)] {
      #expect(throws: AuthError.rateLimited(retryAfter: .seconds(9))) { try request(throttled) }
    }
  }
}
