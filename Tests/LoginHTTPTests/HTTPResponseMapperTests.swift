import Foundation
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginHTTP

/// The mapping table, row by row, on responses built in memory. The same rows run against
/// the real server in `HTTPAuthServiceServerTests`.
@Suite(.hangGuard) struct HTTPResponseMapperTests {
  static func map(
    _ status: Int, _ body: String = "", headers: [String: String] = [:],
    format: HTTPAuthService.WireFormat = .json
  ) -> Result<AuthSession, AuthError> {
    let response = HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    do {
      return .success(try HTTPResponseMapper(wireFormat: format).session(from: response))
    } catch {
      return .failure(error)
    }
  }

  static let oauth = HTTPAuthService.WireFormat.oauth2Password(clientID: "app")

  @Test func statusRows() {
    #expect(Self.map(401) == .failure(.invalidCredentials))
    #expect(Self.map(403) == .failure(.invalidCredentials))
    #expect(Self.map(400, #"{"error":"invalid_grant"}"#) == .failure(.invalidCredentials))
    #expect(
      Self.map(400, #"{"error":"invalid_grant"}"#, format: Self.oauth)
        == .failure(.invalidCredentials))
    #expect(Self.map(400, #"{"error":"invalid_client"}"#) == .failure(.serverError))
    #expect(Self.map(400, "invalid_grant") == .failure(.serverError))
    #expect(Self.map(400) == .failure(.serverError))
    #expect(
      Self.map(429, headers: ["Retry-After": "7"])
        == .failure(.rateLimited(retryAfter: .seconds(7))))
    #expect(
      Self.map(429, headers: ["retry-after": " 0 "]) == .failure(.rateLimited(retryAfter: nil)))
    #expect(Self.map(429) == .failure(.rateLimited(retryAfter: nil)))
    for status in [500, 502, 503, 504, 599, 100, 301, 302, 304, 404, 405, 409, 418, 451, 600] {
      #expect(Self.map(status, #"{"token":"t"}"#) == .failure(.serverError), "status \(status)")
    }
  }

  @Test func successfulJSONBodies() {
    #expect(
      Self.map(200, #"{"token":"abc","expiresIn":3600}"#)
        == .success(AuthSession(token: "abc", expiresIn: .seconds(3600))))
    #expect(Self.map(201, #"{"token":"abc"}"#) == .success(AuthSession(token: "abc")))
    #expect(
      Self.map(200, #"{"token":"abc","expiresIn":1.5}"#)
        == .success(AuthSession(token: "abc", expiresIn: .milliseconds(1500))))
    // An unusable optional field does not fail a login that succeeded.
    for expiry in ["-5", "true", "null", "\"soon\"", "{}"] {
      #expect(
        Self.map(200, #"{"token":"abc","expiresIn":\#(expiry)}"#)
          == .success(AuthSession(token: "abc")), "expiresIn \(expiry)")
    }
  }

  /// Numbers no `Double` can hold, and other hostile expiries: each is ignored (or, for the
  /// zeros, read as zero), in both wire formats; the login succeeds and nothing traps.
  @Test(
    arguments: [
      ("1e400", nil), ("-1e400", nil), ("1E+400", nil), ("1e-400", .zero), ("-0", .zero),
      ("-0.0", .zero), ("0", .zero), ("1", .seconds(1)), ("1.0", .seconds(1)), ("true", nil),
      ("false", nil), ("1e15", nil), ("99999999999999999999999999", nil),
      ("-99999999999999999999999999", nil), ("9223372036854775808", nil),
      ("18446744073709551616", nil), ("123456789012345678901234567890.5", nil),
      (#""NaN""#, nil), (#""nan""#, nil), (#""inf""#, nil), (#""-inf""#, nil),
      (#""Infinity""#, nil), (#""1e400""#, nil), (#""0x10""#, nil), (#"" 60""#, nil),
      (#""60""#, .seconds(60)), ("[1e400]", nil), (#"{"a":1e400}"#, nil),
    ] as [(String, Duration?)])
  func anUnrepresentableExpiryIsIgnored(_ expiry: String, _ expected: Duration?) {
    let json = Data(#"{"token":"abc","expiresIn":\#(expiry)}"#.utf8)
    let oauth = Data(#"{"access_token":"abc","expires_in":\#(expiry)}"#.utf8)
    #expect(
      HTTPResponseMapper.parseSession(json, wireFormat: .json)
        == AuthSession(token: "abc", expiresIn: expected), "expiresIn \(expiry)")
    #expect(
      HTTPResponseMapper.parseSession(oauth, wireFormat: Self.oauth)
        == AuthSession(token: "abc", expiresIn: expected), "expires_in \(expiry)")
  }

  /// An unrepresentable number elsewhere in the body is no reason to fail either, and the
  /// rewrite that makes that possible never turns invalid JSON into valid JSON.
  @Test func unrepresentableNumbersElsewhereDoNotFailTheLogin() {
    #expect(
      Self.map(200, #"{"token":"abc","id":1e999,"n":[-1e400,2],"s":"1e400"}"#)
        == .success(AuthSession(token: "abc")))
    for body in [
      #"{"token":"abc","x":-}"#, #"{"token":"abc","x":1e}"#, #"{"token":"abc","x":01}"#,
      #"{"token":"abc","x":1e400.5}"#, #"{"token":"abc","x":.5}"#, #"{"token":"abc","x":1e400"#,
    ] {
      #expect(Self.map(200, body) == .failure(.serverError), "\(body)")
    }
  }

  /// The fuzzer's input `crash-64161ee7…` (Tests/Fuzz, target http): Foundation parses
  /// `1e999` on Linux, and the rewrite of such a document must keep it parseable and the
  /// login a success (a harness check had assumed Foundation always refuses it).
  @Test func aDocumentFoundationAcceptsStaysAcceptedAfterTheRewrite() throws {
    let body = Data(#"{"token":"7","":1e999,"":[":"]}"#.utf8)
    let rewritten = JSONNumberRewriter.nullingUnrepresentableNumbers(in: body)
    #expect(String(decoding: rewritten, as: UTF8.self) == #"{"token":"7","":null,"":[":"]}"#)
    #expect(JSONNumberRewriter.nullingUnrepresentableNumbers(in: rewritten) == rewritten)
    #expect((try? JSONSerialization.jsonObject(with: rewritten)) != nil)
    #expect(
      Self.map(200, #"{"token":"7","":1e999,"":[":"]}"#) == .success(AuthSession(token: "7")))
  }

  @Test func successfulOAuthBodies() {
    let body = #"{"access_token":"at","token_type":"Bearer","expires_in":60,"refresh_token":"rt"}"#
    #expect(
      Self.map(200, body, format: Self.oauth)
        == .success(AuthSession(token: "at", expiresIn: .seconds(60), refreshToken: "rt")))
    #expect(
      Self.map(200, #"{"access_token":"at","expires_in":"60"}"#, format: Self.oauth)
        == .success(AuthSession(token: "at", expiresIn: .seconds(60))))
  }

  @Test(arguments: [
    "", "not json", #"{"token": "#, #"["abc"]"#, #""abc""#, "null", #"{"user":"x"}"#,
    #"{"token":""}"#, #"{"token":42}"#, #"{"token":null}"#, #"{"access_token":"abc"}"#,
  ])
  func unusableJSONBodyIsAServerError(_ body: String) {
    #expect(Self.map(200, body) == .failure(.serverError))
  }

  @Test(arguments: [#"{"token":"abc"}"#, #"{"access_token":""}"#, #"{"access_token":7}"#])
  func unusableOAuthBodyIsAServerError(_ body: String) {
    #expect(Self.map(200, body, format: Self.oauth) == .failure(.serverError))
  }
}
