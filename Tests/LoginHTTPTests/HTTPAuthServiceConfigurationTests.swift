import Foundation
import LoginHTTP
import Testing

/// Which endpoints `HTTPAuthService.init` accepts, and the typed error for the rest.
@Suite(.timeLimit(.minutes(1))) struct HTTPAuthServiceConfigurationTests {
  /// One endpoint and what the initializer must make of it (`nil`: accepted).
  struct Row: Sendable, CustomTestStringConvertible {
    var endpoint: String
    var error: HTTPAuthService.ConfigurationError?
    var testDescription: String { endpoint }
  }

  static let rows: [Row] = [
    Row(endpoint: "https://api.example.com/login", error: nil),
    Row(endpoint: "HTTPS://api.example.com/login", error: nil),
    Row(endpoint: "https://203.0.113.7/login", error: nil),
    Row(endpoint: "http://127.0.0.1:8080/login", error: nil),
    Row(endpoint: "http://127.255.255.254/login", error: nil),
    Row(endpoint: "http://127.1.2.3/login", error: nil),
    Row(endpoint: "http://[::1]:8080/login", error: nil),
    Row(endpoint: "http://[0:0:0:0:0:0:0:1]/login", error: nil),
    Row(endpoint: "http://[::0:1]/login", error: nil),
    Row(endpoint: "http://localhost:8080/login", error: nil),
    Row(endpoint: "http://LocalHost/login", error: nil),
    Row(
      endpoint: "http://api.example.com/login", error: .insecureEndpoint(host: "api.example.com")),
    Row(endpoint: "http://128.0.0.1/login", error: .insecureEndpoint(host: "128.0.0.1")),
    Row(endpoint: "http://10.0.0.1/login", error: .insecureEndpoint(host: "10.0.0.1")),
    Row(endpoint: "http://0.0.0.0/login", error: .insecureEndpoint(host: "0.0.0.0")),
    Row(endpoint: "http://127.1/login", error: .insecureEndpoint(host: "127.1")),
    Row(endpoint: "http://127.0.0.256/login", error: .insecureEndpoint(host: "127.0.0.256")),
    Row(
      endpoint: "http://127.0.0.1.example.com/",
      error: .insecureEndpoint(host: "127.0.0.1.example.com")),
    Row(
      endpoint: "http://localhost.example.com/",
      error: .insecureEndpoint(host: "localhost.example.com")),
    Row(endpoint: "http://[::2]/login", error: .insecureEndpoint(host: "::2")),
    Row(
      endpoint: "http://[::ffff:127.0.0.1]/login",
      error: .insecureEndpoint(host: "::ffff:127.0.0.1")),
    Row(endpoint: "ftp://127.0.0.1/login", error: .unsupportedScheme("ftp")),
    Row(endpoint: "file:///tmp/login", error: .unsupportedScheme("file")),
    Row(endpoint: "/relative/login", error: .unsupportedScheme("")),
    Row(endpoint: "https:///login", error: .missingHost),
  ]

  @Test(arguments: rows)
  func endpoint(_ row: Row) throws {
    let url = try #require(URL(string: row.endpoint))
    let outcome: HTTPAuthService.ConfigurationError?
    do {
      let service = try HTTPAuthService(.init(endpoint: url))
      #expect(service.configuration.endpoint == url)
      outcome = nil
    } catch {
      outcome = error
    }
    #expect(outcome == row.error)
  }

  @Test(arguments: [Duration.zero, .seconds(-1)])
  func nonPositiveTimeoutIsRefused(_ timeout: Duration) throws {
    let url = try #require(URL(string: "https://api.example.com/login"))
    #expect(throws: HTTPAuthService.ConfigurationError.nonPositiveTimeout) {
      try HTTPAuthService(.init(endpoint: url, timeout: timeout))
    }
  }

  @Test func defaultsMatchTheStore() throws {
    let url = try #require(URL(string: "https://api.example.com/login"))
    let configuration = HTTPAuthService.Configuration(endpoint: url)
    #expect(configuration.wireFormat == .json)
    #expect(configuration.timeout == .seconds(30))
    #expect(HTTPAuthService.maximumResponseBytes == 1_048_576)
  }

  @Test func errorsExplainThemselvesWithoutTheURLsSecrets() throws {
    let url = try #require(URL(string: "http://user:hunter2@api.example.com/login"))
    let error = #expect(throws: HTTPAuthService.ConfigurationError.self) {
      try HTTPAuthService(.init(endpoint: url))
    }
    let text = try #require(error).description
    #expect(text.contains("api.example.com"))
    #expect(text.contains("https"))
    #expect(!text.contains("hunter2"))
  }

  @Test func versionConstantNamesTheUserAgent() {
    #expect(LoginFlowVersion.current == "0.1.0")
    #expect(LoginFlowVersion.userAgent == "LoginFlow/\(LoginFlowVersion.current)")
  }
}
