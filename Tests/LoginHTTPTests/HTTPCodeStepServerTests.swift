import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

/// The code step of `HTTPAuthService.perform` against the scripted server
/// (`Fixtures/auth_server.py`): the challenge a login answers with, hostile fields included,
/// and every scripted answer to a check (`<endpoint>/verify`) and a resend
/// (`<endpoint>/resend`), in both wire formats.
@Suite(.hangGuard) struct HTTPCodeStepServerTests {
  /// What is asked of the service.
  enum Ask: Sendable {
    case login, verify, resend

    func request() -> AuthRequest {
      switch self {
      case .login: .authenticate(.sample)
      case .verify: .verifyCode(challenge: "chal-sent", code: "123456")
      case .resend: .resendCode(challenge: "chal-sent")
      }
    }

    /// The path component the request adds to the endpoint, if any.
    var component: String? {
      switch self {
      case .login: nil
      case .verify: "verify"
      case .resend: "resend"
      }
    }
  }

  struct Row: Sendable, CustomStringConvertible {
    var name: String
    var ask: Ask
    var format: HTTPAuthService.WireFormat = .json
    var expected: Result<AuthAnswer, AuthError>
    var description: String {
      switch format {
      case .json: "\(ask) \(name) (json)"
      case .oauth2Password: "\(ask) \(name) (oauth2)"
      }
    }
  }

  static let oauth = HTTPAuthService.WireFormat.oauth2Password(clientID: "login-flow-tests")

  static func challenge(_ challenge: SecondFactorChallenge) -> Result<AuthAnswer, AuthError> {
    .success(.secondFactorRequired(challenge))
  }

  static let rows: [Row] = [
    // A login that asks for a code.
    Row(
      name: "mfa-full", ask: .login,
      expected: challenge(
        SecondFactorChallenge(
          id: "chal-full", method: .sms, destination: "•••• 42", codeLength: 8,
          expiresIn: .seconds(120), resendAfter: .seconds(45)))),
    Row(
      name: "mfa-minimal", ask: .login, expected: challenge(SecondFactorChallenge(id: "chal-min"))),
    Row(
      name: "mfa-hostile-destination", ask: .login,
      expected: challenge(
        SecondFactorChallenge(
          id: "chal-hostile", method: .email,
          destination: "[2J]0;pwnedad31m@example.com " + String(repeating: "x", count: 35)))),
    Row(
      name: "mfa-hostile-numbers", ask: .login,
      expected: challenge(SecondFactorChallenge(id: "chal-numbers", resendAfter: .seconds(86_400)))),
    Row(
      name: "mfa-expiry-1e400", ask: .login,
      expected: challenge(SecondFactorChallenge(id: "chal-e"))),
    Row(
      name: "mfa-longest-challenge", ask: .login,
      expected: challenge(SecondFactorChallenge(id: String(repeating: "c", count: 1024)))),
    Row(name: "mfa-long-challenge", ask: .login, expected: .failure(.serverError)),
    Row(name: "mfa-empty-challenge", ask: .login, expected: .failure(.serverError)),
    Row(name: "mfa-no-challenge", ask: .login, expected: .failure(.serverError)),
    Row(name: "mfa-bad-method", ask: .login, expected: .failure(.serverError)),
    Row(name: "mfa-code-length-12", ask: .login, expected: .failure(.serverError)),
    // Only `"mfa_required": true` asks for a code; a 401 without it is a wrong password.
    Row(name: "mfa-false", ask: .login, expected: .failure(.invalidCredentials)),
    Row(name: "mfa-string-true", ask: .login, expected: .failure(.invalidCredentials)),
    Row(name: "401", ask: .login, expected: .failure(.invalidCredentials)),
    Row(
      name: "json-ok-minimal", ask: .login,
      expected: .success(.session(AuthSession(token: "tok-min")))),
    // oauth2 has no code step: a server that asks for one is a server error.
    Row(name: "oauth-mfa-required", ask: .login, format: oauth, expected: .failure(.serverError)),
    Row(name: "mfa-full", ask: .login, format: oauth, expected: .failure(.serverError)),
    Row(name: "oauth-mfa-required", ask: .login, expected: .failure(.invalidCredentials)),
    // A check.
    Row(
      name: "code", ask: .verify,
      expected: .success(.session(AuthSession(token: "tok-verified", expiresIn: .seconds(600))))),
    Row(name: "code-410", ask: .verify, expected: .success(.codeExpired)),
    Row(name: "code-expired", ask: .verify, expected: .success(.codeExpired)),
    Row(name: "code-invalid", ask: .verify, expected: .success(.codeRejected)),
    Row(name: "code-401", ask: .verify, expected: .failure(.serverError)),
    Row(name: "code-429", ask: .verify, expected: .failure(.rateLimited(retryAfter: .seconds(5)))),
    Row(name: "code-500", ask: .verify, expected: .failure(.serverError)),
    Row(name: "code-no-token", ask: .verify, expected: .failure(.serverError)),
    // A resend.
    Row(name: "code", ask: .resend, expected: .success(.codeSent(CodeRenewal()))),
    Row(
      name: "code-renewal", ask: .resend,
      expected: .success(
        .codeSent(CodeRenewal(expiresIn: .seconds(120), resendAfter: .seconds(45))))),
    Row(
      name: "code-renewal-partial", ask: .resend,
      expected: .success(.codeSent(CodeRenewal(resendAfter: .seconds(60))))),
    Row(name: "code-renewal-empty", ask: .resend, expected: .success(.codeSent(CodeRenewal()))),
    Row(name: "code-renewal-bad", ask: .resend, expected: .failure(.serverError)),
    Row(name: "code-410", ask: .resend, expected: .failure(.serverError)),
    Row(name: "code-expired", ask: .resend, expected: .failure(.serverError)),
    Row(name: "code-429", ask: .resend, expected: .failure(.rateLimited(retryAfter: nil))),
    Row(name: "code-500", ask: .resend, expected: .failure(.serverError)),
  ]

  static func outcome(
    _ service: HTTPAuthService, _ request: AuthRequest
  ) async -> Result<AuthAnswer, AuthError> {
    do {
      return .success(try await service.perform(request))
    } catch {
      return .failure(error)
    }
  }

  /// All rows at once against one server; each row has a path of its own.
  @Test func everyScriptedCodeStepCase() async throws {
    try await withTestServer { server in
      await withTaskGroup(of: Void.self) { group in
        for (index, row) in Self.rows.enumerated() {
          group.addTask { await Self.check(row, tag: "code\(index)", on: server) }
        }
      }
    }
  }

  static func check(_ row: Row, tag: String, on server: TestServer) async {
    let endpoint = server.url(row.name, tag: tag)
    guard
      let service = try? HTTPAuthService(
        .init(endpoint: endpoint, wireFormat: row.format, timeout: .seconds(20)))
    else {
      Issue.record("\(row): the service refused \(endpoint)")
      return
    }
    let outcome = await outcome(service, row.ask.request())
    #expect(outcome == row.expected, "\(row)")
    let url = row.ask.component.map { endpoint.appendingPathComponent($0) } ?? endpoint
    #expect(await server.nextEvent(for: url)?.event == "request", "\(row)")
    #expect(await server.nextEvent(for: url)?.event == "done", "\(row)")
    for rendering in renderings(of: outcome) {
      for secret in ["SERVER-TEXT", "tok-", "chal-", "ccccc"] {
        #expect(!rendering.contains(secret), "\(row): \(rendering)")
      }
    }
  }

  /// `authenticate(_:)` has no way to return a challenge: a login that asks for a code is
  /// `unexpected` there.
  @Test func authenticateCannotTakeACodeStep() async throws {
    try await withTestServer { server in
      let service = try HTTPAuthService(
        .init(endpoint: server.url("mfa-full"), timeout: .seconds(20)))
      #expect(await authOutcome(service) == .failure(.unexpected))
    }
  }

  /// In the oauth2 format a check or a resend is `unexpected`, and nothing is sent.
  @Test func oauth2HasNoCodeStep() async throws {
    try await withTestServer { server in
      let endpoint = server.url("code")
      let service = try HTTPAuthService(
        .init(endpoint: endpoint, wireFormat: Self.oauth, timeout: .seconds(20)))
      #expect(await Self.outcome(service, Ask.verify.request()) == .failure(.unexpected))
      #expect(await Self.outcome(service, Ask.resend.request()) == .failure(.unexpected))
      // The next request the server sees is this login, so neither was sent.
      _ = await authOutcome(service)
      #expect(await server.nextEvent(for: endpoint)?.number == 1)
    }
  }

  /// The exact check and resend requests: the endpoint with `verify` or `resend` appended
  /// and its query dropped, the login's headers, and compact JSON with escaped strings.
  @Test func theCheckAndResendRequests() async throws {
    try await withTestServer { server in
      let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/login/w/code?k=s3cret"))
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(20)))
      let challenge = "chal-\"\\\n-é"
      _ = await Self.outcome(service, .verifyCode(challenge: challenge, code: "042 17"))
      let verify = try #require(
        await server.nextEvent(for: server.url(path: "/login/w/code/verify")))
      HTTPWireRequestTests.expectExactRequest(
        verify, path: "/login/w/code/verify", port: server.port, contentType: "application/json",
        body: #"{"challenge":"chal-\"\\\n-é","code":"042 17"}"#)
      _ = await Self.outcome(service, .resendCode(challenge: challenge))
      let resend = try #require(
        await server.nextEvent(for: server.url(path: "/login/w/code/resend")))
      HTTPWireRequestTests.expectExactRequest(
        resend, path: "/login/w/code/resend", port: server.port, contentType: "application/json",
        body: #"{"challenge":"chal-\"\\\n-é"}"#)
    }
  }
}
