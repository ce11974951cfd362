import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

/// The exact request the server receives, in both wire formats.
@Suite(.hangGuard) struct HTTPWireRequestTests {
  /// Headers the transport (libcurl under URLSession) may add on its own; everything else
  /// the server sees must be a header this package sets.
  static let transportHeaders: Set<String> = ["accept-language", "connection"]

  static func expectExactRequest(
    _ request: ServerEvent, path: String, port: Int, contentType: String, body: String
  ) {
    #expect(request.event == "request")
    #expect(request.method == "POST")
    #expect(request.path == path)
    #expect(request.bodyText == body)
    #expect(request.header("Host") == "127.0.0.1:\(port)")
    #expect(request.header("Content-Type") == contentType)
    #expect(request.header("Content-Length") == String(body.utf8.count))
    #expect(request.header("Accept") == "application/json")
    // Never a compressed answer: its inflated size is unknown until it is inflated.
    #expect(request.header("Accept-Encoding") == "identity")
    #expect(request.header("User-Agent") == "LoginFlow/\(LoginFlowVersion.current)")
    let names = request.headerNames
    #expect(Set(names).count == names.count, "no header twice: \(names)")
    let ours: Set<String> = [
      "host", "content-type", "content-length", "accept", "accept-encoding", "user-agent",
    ]
    #expect(Set(names).subtracting(ours).isSubset(of: transportHeaders), "\(names)")
    #expect(!names.contains("authorization") && !names.contains("cookie"))
  }

  @Test func jsonFormat() async throws {
    try await withTestServer { server in
      let url = server.url("json-ok")
      let service = try HTTPAuthService(
        .init(endpoint: url, wireFormat: .json, timeout: .seconds(20)))
      _ = await authOutcome(service)
      let request = try #require(await server.nextEvent(for: url))
      Self.expectExactRequest(
        request, path: "/login/t/json-ok", port: server.port, contentType: "application/json",
        body: HTTPRequestBuilderTests.expectedJSONBody)
    }
  }

  @Test func oauth2PasswordFormat() async throws {
    try await withTestServer { server in
      let format = HTTPAuthService.WireFormat.oauth2Password(
        clientID: "login-flow-tests", scope: "openid profile")
      let url = server.url("oauth-ok")
      let service = try HTTPAuthService(
        .init(endpoint: url, wireFormat: format, timeout: .seconds(20)))
      _ = await authOutcome(service)
      let request = try #require(await server.nextEvent(for: url))
      Self.expectExactRequest(
        request, path: "/login/t/oauth-ok", port: server.port,
        contentType: "application/x-www-form-urlencoded",
        body: HTTPRequestBuilderTests.expectedFormBody(clientID: "login-flow-tests")
          + "&scope=openid+profile")
    }
  }
}
