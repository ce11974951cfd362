import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

/// The whole code step against a real RFC 6238 backend, `Fixtures/totp_server.py` (pyotp),
/// on 127.0.0.1: the codes are computed here from the shared secret and the clock.
///
/// Without pyotp the server cannot start and every test here fails, saying so.
@Suite(.hangGuard) struct HTTPCodeStepTOTPServerTests {
  /// The server's base32 secret: the RFC 6238 test key `12345678901234567890`.
  static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
  /// The token the server issues for a right code.
  static let token = "tok-totp-verified"
  static let step: UInt64 = 30

  static func secretBytes() throws -> [UInt8] {
    try #require(TOTP.base32Decode(secret))
  }

  static func service(_ server: TestServer) throws -> HTTPAuthService {
    try HTTPAuthService(.init(endpoint: server.url(path: "/login"), timeout: .seconds(20)))
  }

  static func outcome(
    _ service: HTTPAuthService, _ request: AuthRequest
  ) async -> Result<AuthAnswer, AuthError> {
    do {
      return .success(try await service.perform(request))
    } catch {
      return .failure(error)
    }
  }

  /// Logs in as the server's code-step account and returns the challenge it sent.
  static func challenge(_ service: HTTPAuthService) async throws -> SecondFactorChallenge {
    let answer = try await service.perform(
      .authenticate(Credentials(email: "2fa@example.com", password: "Password123!")))
    guard case .secondFactorRequired(let challenge) = answer else {
      Issue.record("expected a challenge, got \(answer)")
      throw AuthError.unexpected
    }
    return challenge
  }

  @Test func loginAsksForACode() async throws {
    try await withTestServer(.totp) { server in
      let challenge = try await Self.challenge(try Self.service(server))
      #expect(challenge.method == .totp)
      #expect(challenge.destination == "Authenticator app")
      #expect(challenge.codeLength == 6)
      #expect(challenge.expiresIn == .seconds(300))
      #expect(challenge.resendAfter == .seconds(30))
      #expect(!challenge.id.isEmpty)
      // A second login gets a challenge of its own.
      #expect(try await Self.challenge(try Self.service(server)).id != challenge.id)
    }
  }

  @Test func wrongPasswordIsInvalidCredentials() async throws {
    try await withTestServer(.totp) { server in
      let outcome = await Self.outcome(
        try Self.service(server),
        .authenticate(Credentials(email: "2fa@example.com", password: "nope")))
      #expect(outcome == .failure(.invalidCredentials))
    }
  }

  @Test func theCurrentCodeSignsIn() async throws {
    try await withTestServer(.totp) { server in
      let service = try Self.service(server)
      let challenge = try await Self.challenge(service)
      let code = TOTP.code(secret: try Self.secretBytes(), time: TOTP.now)
      let outcome = await Self.outcome(service, .verifyCode(challenge: challenge.id, code: code))
      #expect(
        outcome == .success(.session(AuthSession(token: Self.token, expiresIn: .seconds(3600)))))
    }
  }

  @Test func aWrongCodeIsRejected() async throws {
    try await withTestServer(.totp) { server in
      let service = try Self.service(server)
      let challenge = try await Self.challenge(service)
      // A code that is no window's from 25 steps ago to 5 ahead, so neither accepted nor
      // expired whenever the server checks it.
      let secret = try Self.secretBytes()
      let counter = TOTP.now / Self.step
      let taken = Set(
        (counter - 25...counter + 5).map { TOTP.code(secret: secret, counter: $0, digits: 6) })
      let wrong = try #require(
        (0..<1000).lazy.map { String(format: "%06d", $0) }.first { !taken.contains($0) })
      let outcome = await Self.outcome(service, .verifyCode(challenge: challenge.id, code: wrong))
      #expect(outcome == .success(.codeRejected))
    }
  }

  @Test func anOldCodeHasExpired() async throws {
    try await withTestServer(.totp) { server in
      let service = try Self.service(server)
      let challenge = try await Self.challenge(service)
      let secret = try Self.secretBytes()
      let counter = TOTP.now / Self.step
      // The server checks in this window or, past its end, the next: it accepts the codes of
      // `counter - 1 ... counter + 2`. Should the code five windows ago equal one of them (a
      // chance in about 250,000), take an older one (still within the 20 it calls expired).
      let live = Set(
        (counter - 1...counter + 2).map { TOTP.code(secret: secret, counter: $0, digits: 6) })
      let old = try #require(
        (5...15).lazy.map { TOTP.code(secret: secret, counter: counter - $0, digits: 6) }
          .first { !live.contains($0) })
      let outcome = await Self.outcome(service, .verifyCode(challenge: challenge.id, code: old))
      #expect(outcome == .success(.codeExpired))
    }
  }

  @Test func resendSendsACode() async throws {
    try await withTestServer(.totp) { server in
      let service = try Self.service(server)
      let challenge = try await Self.challenge(service)
      let outcome = await Self.outcome(service, .resendCode(challenge: challenge.id))
      #expect(outcome == .success(.codeSent(CodeRenewal())))
    }
  }

  /// The check's request: `POST /login/verify` with the login's headers and exactly
  /// `{"challenge":…,"code":…}`.
  @Test func theCheckSendsTheChallengeAndTheCode() async throws {
    try await withTestServer(.totp) { server in
      let service = try Self.service(server)
      let challenge = try await Self.challenge(service)
      #expect(await server.nextEvent(for: server.url(path: "/login"))?.event == "request")
      _ = await Self.outcome(service, .verifyCode(challenge: challenge.id, code: "123456"))
      let request = try #require(await server.nextEvent(for: server.url(path: "/login/verify")))
      HTTPWireRequestTests.expectExactRequest(
        request, path: "/login/verify", port: server.port, contentType: "application/json",
        body: #"{"challenge":"\#(challenge.id)","code":"123456"}"#)
    }
  }
}
