import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

/// `HTTPAuthService` against the scripted server in `Fixtures/auth_server.py` on 127.0.0.1:
/// every case the server scripts (see `Docs/HTTP.md`, Tests), in both wire formats.
@Suite(.hangGuard) struct HTTPAuthServiceServerTests {
  /// A scripted server case and what the service must make of it.
  struct Row: Sendable, CustomStringConvertible {
    var name: String
    var format: HTTPAuthService.WireFormat
    var expected: Result<AuthSession, AuthError>
    var description: String {
      switch format {
      case .json: "\(name) (json)"
      case .oauth2Password: "\(name) (oauth2)"
      }
    }
  }

  static let oauth = HTTPAuthService.WireFormat.oauth2Password(clientID: "login-flow-tests")

  static let rows: [Row] = [
    Row(
      name: "json-ok", format: .json,
      expected: .success(AuthSession(token: "tok-json-123", expiresIn: .seconds(3600)))),
    Row(name: "json-ok-minimal", format: .json, expected: .success(AuthSession(token: "tok-min"))),
    Row(
      name: "oauth-ok", format: oauth,
      expected: .success(
        AuthSession(token: "tok-oauth-456", expiresIn: .seconds(1800), refreshToken: "ref-789"))),
    Row(
      name: "oauth-ok-string-expiry", format: oauth,
      expected: .success(AuthSession(token: "tok-s", expiresIn: .seconds(60)))),
    Row(name: "malformed", format: .json, expected: .failure(.serverError)),
    Row(name: "malformed", format: oauth, expected: .failure(.serverError)),
    Row(name: "not-an-object", format: .json, expected: .failure(.serverError)),
    Row(name: "missing-token", format: .json, expected: .failure(.serverError)),
    Row(name: "missing-token", format: oauth, expected: .failure(.serverError)),
    Row(name: "json-ok", format: oauth, expected: .failure(.serverError)),
    Row(name: "oauth-ok", format: .json, expected: .failure(.serverError)),
    Row(name: "empty-token", format: .json, expected: .failure(.serverError)),
    Row(name: "token-not-string", format: .json, expected: .failure(.serverError)),
    Row(name: "empty-200", format: .json, expected: .failure(.serverError)),
    Row(name: "204", format: .json, expected: .failure(.serverError)),
    Row(name: "401", format: .json, expected: .failure(.invalidCredentials)),
    Row(name: "401", format: oauth, expected: .failure(.invalidCredentials)),
    Row(name: "403", format: .json, expected: .failure(.invalidCredentials)),
    Row(name: "403", format: oauth, expected: .failure(.invalidCredentials)),
    Row(name: "400-invalid-grant", format: oauth, expected: .failure(.invalidCredentials)),
    Row(name: "400-invalid-grant", format: .json, expected: .failure(.invalidCredentials)),
    Row(name: "400-invalid-request", format: oauth, expected: .failure(.serverError)),
    Row(name: "400-not-json", format: oauth, expected: .failure(.serverError)),
    Row(name: "404", format: .json, expected: .failure(.serverError)),
    Row(name: "429", format: .json, expected: .failure(.rateLimited(retryAfter: .seconds(7)))),
    Row(name: "429", format: oauth, expected: .failure(.rateLimited(retryAfter: .seconds(7)))),
    Row(
      name: "429-no-retry-after", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(name: "429-http-date", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    // Every form of `Retry-After`, well formed or not (`Docs/HTTP.md`, Throttling and lockout).
    Row(
      name: "429-http-date-with-date", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(42)))),
    Row(
      name: "429-http-date-with-date", format: oauth,
      expected: .failure(.rateLimited(retryAfter: .seconds(42)))),
    Row(
      name: "429-rfc850-date", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(60)))),
    Row(
      name: "429-asctime-date", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(9)))),
    Row(
      name: "429-date-next-year", format: .json,
      expected: .failure(.rateLimited(retryAfter: LoginState.maximumRetryAfter))),
    Row(name: "429-garbage", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(name: "429-negative", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(name: "429-zero", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(name: "429-fraction", format: .json, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(
      name: "429-huge", format: .json,
      expected: .failure(.rateLimited(retryAfter: LoginState.maximumRetryAfter))),
    Row(
      name: "429-duplicated", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(12)))),
    Row(
      name: "429-duplicated", format: oauth,
      expected: .failure(.rateLimited(retryAfter: .seconds(12)))),
    Row(
      name: "429-body", format: .json, expected: .failure(.rateLimited(retryAfter: .seconds(42)))),
    Row(name: "429-body", format: oauth, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(
      name: "429-body-and-header", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(5)))),
    Row(
      name: "400-rate-limited", format: .json,
      expected: .failure(.rateLimited(retryAfter: .seconds(9)))),
    Row(name: "423", format: .json, expected: .failure(.accountLocked)),
    Row(name: "423", format: oauth, expected: .failure(.accountLocked)),
    Row(name: "401-account-locked", format: .json, expected: .failure(.accountLocked)),
    Row(name: "401-account-locked", format: oauth, expected: .failure(.accountLocked)),
    Row(name: "500", format: .json, expected: .failure(.serverError)),
    Row(name: "500", format: oauth, expected: .failure(.serverError)),
    Row(name: "503", format: .json, expected: .failure(.serverError)),
    Row(name: "503", format: oauth, expected: .failure(.serverError)),
    Row(name: "302", format: .json, expected: .failure(.serverError)),
    // Every 3xx is a server error, with or without `Location`; none is followed.
    Row(name: "302-no-location", format: .json, expected: .failure(.serverError)),
    Row(name: "307", format: .json, expected: .failure(.serverError)),
    Row(name: "300", format: .json, expected: .failure(.serverError)),
    Row(name: "304", format: .json, expected: .failure(.serverError)),
    // A compressed answer was not asked for (`Accept-Encoding: identity`).
    Row(name: "gzip-json", format: .json, expected: .failure(.serverError)),
    // An expiry no number can hold is ignored; the login succeeds.
    Row(
      name: "json-expiry-1e400", format: .json, expected: .success(AuthSession(token: "tok-e"))),
    Row(
      name: "oauth-expiry-1e400", format: oauth, expected: .success(AuthSession(token: "tok-e"))),
    Row(name: "mid-body", format: .json, expected: .failure(.networkUnavailable)),
    Row(name: "mid-chunk", format: .json, expected: .failure(.networkUnavailable)),
    Row(
      name: "limit-exact", format: .json, expected: .success(AuthSession(token: "padded-token"))),
    Row(name: "limit-plus-one", format: .json, expected: .failure(.serverError)),
  ]

  /// All rows at once against one server (one Python start instead of one per row); each
  /// row has a path of its own, so its events are its own.
  @Test func everyScriptedCase() async throws {
    try await withTestServer { server in
      await withTaskGroup(of: Void.self) { group in
        for (index, row) in Self.rows.enumerated() {
          group.addTask { await Self.check(row, tag: "row\(index)", on: server) }
        }
      }
    }
  }

  static func check(_ row: Row, tag: String, on server: TestServer) async {
    let url = server.url(row.name, tag: tag)
    guard
      let service = try? HTTPAuthService(
        .init(endpoint: url, wireFormat: row.format, timeout: .seconds(20)))
    else {
      Issue.record("\(row): the service refused \(url)")
      return
    }
    let outcome = await authOutcome(service)
    #expect(outcome == row.expected, "\(row)")
    let request = await server.nextEvent(for: url)
    #expect(request?.event == "request", "\(row)")
    // `done` comes right after the answer: nothing else (a followed redirect, a retry) was
    // sent on this path.
    let end = await server.nextEvent(for: url)
    #expect(end?.event == "done", "\(row)")
    // Neither the server's text (every error body of the script contains `SERVER-TEXT`) nor
    // a token or refresh token shows in any rendering of the outcome: the thrown `AuthError`
    // or the session.
    for rendering in renderings(of: outcome) {
      for secret in Self.secrets {
        #expect(!rendering.contains(secret), "\(row): \(rendering)")
      }
    }
  }

  /// Text from the server's answers that must never reach a description.
  static let secrets = ["SERVER-TEXT", "tok-", "ref-789", "padded-token"]

  /// `renderings(of:)` does find text held in a value, so the check above can fail.
  @Test func renderingsShowWhatAValueHolds() {
    let leaky: Result<String, AuthError> = .success("SERVER-TEXT tok-json-123")
    for rendering in renderings(of: leaky) {
      #expect(rendering.contains("SERVER-TEXT"), "\(rendering)")
      #expect(rendering.contains("tok-"), "\(rendering)")
    }
  }

  @Test func slowerThanTheTimeoutTimesOutAndHangsUp() async throws {
    try await withTestServer { server in
      // The server holds the answer until the client disconnects.
      let url = server.url("hold")
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .milliseconds(500)))
      #expect(await authOutcome(service) == .failure(.timedOut))
      #expect(await server.nextEvent(for: url)?.event == "request")
      #expect(await server.nextEvent(for: url)?.event == "client-closed")
    }
  }

  @Test(arguments: ["oversize-streamed", "oversize-declared"])
  func bodyOverTheLimitIsRejectedWhileStreaming(_ name: String) async throws {
    try await withTestServer { server in
      let url = server.url(name)
      // Longer than the server's 20 s hold, so only the size limit can end this early.
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(60)))
      #expect(await authOutcome(service) == .failure(.serverError))
      #expect(await server.nextEvent(for: url)?.event == "request")
      // The client hung up long before the 64 MiB body was sent.
      let end = try #require(await server.nextEvent(for: url))
      #expect(end.event == "send-aborted")
      #expect((end.sent ?? .max) < 64 * 1024 * 1024)
    }
  }

  @Test func absurdTimeoutIsClampedNotATrap() async throws {
    try await withTestServer { server in
      let url = server.url("json-ok-minimal")
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(Int64.max)))
      #expect(await authOutcome(service) == .success(AuthSession(token: "tok-min")))
    }
  }

  /// The port stays bound (not listening) for the whole test, so no server started meanwhile
  /// by another suite can take it: the connection is refused, for the right reason.
  @Test func closedPortIsNetworkUnavailable() async throws {
    try await withUnlistenedPort { port in
      let url = try #require(URL(string: "http://127.0.0.1:\(port)/login/t/json-ok"))
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(20)))
      #expect(await authOutcome(service) == .failure(.networkUnavailable))
    }
  }
}
