import Foundation
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The bodies and headers of both wire formats, built without a network.
@Suite(.hangGuard) struct HTTPRequestBuilderTests {
  static func builder(_ format: HTTPAuthService.WireFormat) throws -> HTTPRequestBuilder {
    let url = try #require(URL(string: "https://api.example.com/v1/login"))
    return HTTPRequestBuilder(configuration: .init(endpoint: url, wireFormat: format))
  }

  @Test(arguments: [
    "plain", "", "with \"quotes\" and \\ backslash", "tab\tnew\nline\r", "\u{01}\u{1F}\u{7F}",
    "émoji 😀 ünïcödé", "</script>",
  ])
  func jsonBodyRoundTrips(_ password: String) throws {
    let credentials = Credentials(email: "ada@example.com", password: password)
    let body = HTTPRequestBuilder.jsonBody(credentials)
    let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
    #expect(object == ["email": "ada@example.com", "password": password])
  }

  @Test func formEncodingFollowsRFC6749AppendixB() {
    #expect(HTTPRequestBuilder.formComponent("AZaz09-._*") == "AZaz09-._*")
    #expect(HTTPRequestBuilder.formComponent("a b") == "a+b")
    #expect(HTTPRequestBuilder.formComponent("+&=%~/?#") == "%2B%26%3D%25%7E%2F%3F%23")
    #expect(HTTPRequestBuilder.formComponent("é😀") == "%C3%A9%F0%9F%98%80")
    #expect(HTTPRequestBuilder.formComponent("\n") == "%0A")
    #expect(
      HTTPRequestBuilder.formEncoded([("a", "1"), ("b c", "2&3")]) == "a=1&b+c=2%263")
  }

  @Test func jsonRequest() throws {
    let request = try Self.builder(.json).request(for: .sample)
    #expect(request.httpMethod == "POST")
    #expect(request.url?.absoluteString == "https://api.example.com/v1/login")
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(request.value(forHTTPHeaderField: "User-Agent") == "LoginFlow/0.1.0")
    #expect(request.httpShouldHandleCookies == false)
    let body = try #require(request.httpBody)
    #expect(String(decoding: body, as: UTF8.self) == Self.expectedJSONBody)
  }

  @Test func oauthRequestWithAndWithoutScope() throws {
    let withScope = try Self.builder(.oauth2Password(clientID: "app id", scope: "openid profile"))
      .request(for: .sample)
    #expect(
      withScope.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    #expect(withScope.value(forHTTPHeaderField: "Accept") == "application/json")
    let body = try #require(withScope.httpBody)
    #expect(
      String(decoding: body, as: UTF8.self)
        == Self.expectedFormBody(clientID: "app+id") + "&scope=openid+profile")
    let withoutScope = try Self.builder(.oauth2Password(clientID: "app")).request(for: .sample)
    let plainBody = try #require(withoutScope.httpBody)
    #expect(String(decoding: plainBody, as: UTF8.self) == Self.expectedFormBody(clientID: "app"))
  }

  @Test func urlSessionTimeoutIsABackstopPastTheDeadline() {
    #expect(HTTPRequestBuilder.backstopSeconds(.milliseconds(500)) == 2)
    #expect(HTTPRequestBuilder.backstopSeconds(.seconds(30)) == 31)
    #expect(HTTPRequestBuilder.backstopSeconds(.seconds(1_000_000)) == 86_402)
  }

  /// `Credentials.sample` in the JSON format, byte for byte.
  static let expectedJSONBody = #"{"email":"ada@example.com","password":"p4ss word&=+\"é"}"#

  /// `Credentials.sample` in the OAuth format, byte for byte, without a scope.
  static func expectedFormBody(clientID: String) -> String {
    "grant_type=password&username=ada%40example.com&password=p4ss+word%26%3D%2B%22%C3%A9"
      + "&client_id=\(clientID)"
  }
}
