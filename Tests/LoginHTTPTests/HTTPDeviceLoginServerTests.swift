import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Device login against a real RFC 8628 server, `Fixtures/device_server.py` (oauthlib's own
/// device authorization and token endpoints), on 127.0.0.1: the test plays the user in the
/// browser (approve, deny) and the clock (expire).
///
/// Without oauthlib the server cannot start and every test here fails, saying so.
@Suite(.hangGuard) struct HTTPDeviceLoginServerTests {
  static let clientID = "login-flow-tests"

  static func login(_ server: TestServer, clientID: String = clientID) throws -> HTTPDeviceLogin {
    try HTTPDeviceLogin(
      authorizationEndpoint: server.url(path: "/device"), tokenEndpoint: server.url(path: "/token"),
      clientID: clientID, scope: "profile", timeout: .seconds(20))
  }

  /// What the test does as the user: `approve`, `deny` or `expire` the code.
  static func control(_ server: TestServer, _ action: String, _ userCode: String) async throws {
    #expect(try await server.device(action, userCode: userCode))
  }

  static func poll(
    _ login: HTTPDeviceLogin, _ authorization: DeviceAuthorization
  ) async -> Result<DeviceLoginAction.Poll, AuthError> {
    do {
      return .success(try await login.poll(deviceCode: authorization.deviceCode))
    } catch {
      return .failure(error)
    }
  }

  @Test func theServerGivesCodesAndTheRequestIsTheRFCs() async throws {
    try await withTestServer(.device) { server in
      let authorization = try await Self.login(server).authorize()
      #expect(authorization.userCode.hasPrefix("USER-"))
      #expect(authorization.verificationURI == "http://127.0.0.1:\(server.port)/activate")
      #expect(
        authorization.verificationURIComplete
          == "http://127.0.0.1:\(server.port)/activate?user_code=\(authorization.userCode)")
      #expect(authorization.expiresIn == .seconds(60))
      #expect(authorization.interval == .seconds(5))
      #expect(!authorization.deviceCode.isEmpty)
      let request = try #require(await server.nextEvent(for: server.url(path: "/device")))
      #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
      #expect(request.bodyText == "client_id=login-flow-tests&scope=profile")
    }
  }

  @Test func aPollBeforeTheUserActsIsPendingAndASecondAtOnceIsSlowDown() async throws {
    try await withTestServer(.device) { server in
      let login = try Self.login(server)
      let authorization = try await login.authorize()
      #expect(await Self.poll(login, authorization) == .success(.pending))
      #expect(await Self.poll(login, authorization) == .success(.slowDown))
      let poll = try #require(await server.nextEvent(for: server.url(path: "/token")))
      #expect(
        poll.bodyText
          == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code="
          + HTTPFormTestEncoding.component(authorization.deviceCode)
          + "&client_id=login-flow-tests")
    }
  }

  @Test func approvingInTheBrowserSignsIn() async throws {
    try await withTestServer(.device) { server in
      let login = try Self.login(server)
      let authorization = try await login.authorize()
      try await Self.control(server, "approve", authorization.userCode)
      guard case .success(.approved(let session)) = await Self.poll(login, authorization) else {
        Issue.record("expected a session")
        return
      }
      #expect(session.token.hasPrefix("tok-device-"))
      #expect(session.expiresIn == .seconds(3600))
    }
  }

  @Test(arguments: [("deny", DeviceLoginAction.Poll.denied), ("expire", .expired)])
  func denyingOrLettingTheCodeExpireEndsIt(
    _ action: String, _ answer: DeviceLoginAction.Poll
  ) async throws {
    try await withTestServer(.device) { server in
      let login = try Self.login(server)
      let authorization = try await login.authorize()
      try await Self.control(server, action, authorization.userCode)
      #expect(await Self.poll(login, authorization) == .success(answer))
    }
  }

  @Test func aDeviceCodeTheServerDoesNotKnowIsExpired() async throws {
    try await withTestServer(.device) { server in
      let login = try Self.login(server)
      let unknown = DeviceAuthorization(
        deviceCode: "no-such-code", userCode: "X", verificationURI: "https://e.com",
        expiresIn: .seconds(60))
      #expect(await Self.poll(login, unknown) == .success(.expired))
    }
  }

  @Test func anUnknownClientGetsNoCodes() async throws {
    try await withTestServer(.device) { server in
      let login = try Self.login(server, clientID: "nobody")
      // oauthlib answers an unknown client_id with invalid_request, not invalid_client.
      await #expect(throws: AuthError.serverError) { try await login.authorize() }
    }
  }
}

/// Form encoding as RFC 6749 Appendix B asks, written again here so the test does not
/// check the client's encoder with itself.
enum HTTPFormTestEncoding {
  static func component(_ text: String) -> String {
    let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*".utf8)
    return text.utf8.map { byte in
      safe.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
  }
}
