import Foundation
import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@testable import LoginHTTP

/// Which endpoints `HTTPAuthService.init` accepts, and the typed error for the rest.
@Suite(.hangGuard) struct HTTPAuthServiceConfigurationTests {
  /// One endpoint and what the initializer must make of it (`nil`: accepted).
  struct Row: Sendable, CustomTestStringConvertible {
    var endpoint: String
    var error: HTTPAuthService.ConfigurationError?
    var testDescription: String { endpoint }
  }

  /// The error for an IPv6 literal host where URLSession cannot use one (Linux), else none.
  static func ipv6Literal(_ host: String) -> HTTPAuthService.ConfigurationError? {
    #if canImport(FoundationNetworking)
      .ipv6LiteralUnsupported(host: host)
    #else
      nil
    #endif
  }

  static let rows: [Row] = [
    Row(endpoint: "https://api.example.com/login", error: nil),
    Row(endpoint: "HTTPS://api.example.com/login", error: nil),
    Row(endpoint: "https://203.0.113.7/login", error: nil),
    Row(endpoint: "http://127.0.0.1:8080/login", error: nil),
    Row(endpoint: "http://127.255.255.254/login", error: nil),
    Row(endpoint: "http://127.1.2.3/login", error: nil),
    // IPv6 literals are loopback but refused: URLSession on Linux cannot reach them.
    Row(endpoint: "http://[::1]:8080/login", error: ipv6Literal("::1")),
    Row(endpoint: "http://[0:0:0:0:0:0:0:1]/login", error: ipv6Literal("0:0:0:0:0:0:0:1")),
    Row(endpoint: "http://[::0:1]/login", error: ipv6Literal("::0:1")),
    Row(endpoint: "https://[2001:db8::7]/login", error: ipv6Literal("2001:db8::7")),
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
    // Credentials in the URL are refused first, whatever else is wrong with it.
    Row(
      endpoint: "https://user:hunter2@api.example.com/login",
      error: .credentialsInURL(host: "api.example.com")),
    Row(
      endpoint: "https://user@api.example.com/login",
      error: .credentialsInURL(host: "api.example.com")),
    Row(
      endpoint: "https://:hunter2@api.example.com/login",
      error: .credentialsInURL(host: "api.example.com")),
    Row(
      endpoint: "https://@api.example.com/login", error: .credentialsInURL(host: "api.example.com")),
    Row(
      endpoint: "http://user:hunter2@127.0.0.1:8080/login",
      error: .credentialsInURL(host: "127.0.0.1")),
    Row(
      endpoint: "http://user:hunter2@api.example.com/login",
      error: .credentialsInURL(host: "api.example.com")),
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

  /// An IPv6 endpoint is still described with its brackets.
  @Test func anIPv6ConfigurationShowsItsHostInBrackets() throws {
    let url = try #require(URL(string: "http://[::1]:8080/login?key=s3cret"))
    let configuration = HTTPAuthService.Configuration(endpoint: url, timeout: .seconds(5))
    #expect(configuration.description == "http://[::1]:8080/login (json, timeout 5.0 seconds)")
  }

  #if canImport(FoundationNetworking)
    /// The refusal says what to use instead, and names the host.
    @Test func anIPv6LiteralIsRefusedWithAReason() throws {
      let url = try #require(URL(string: "http://[::1]:8080/login"))
      let error = try #require(
        #expect(throws: HTTPAuthService.ConfigurationError.self) {
          try HTTPAuthService(.init(endpoint: url))
        })
      #expect(error == .ipv6LiteralUnsupported(host: "::1"))
      #expect(error.description.contains("::1"))
      #expect(error.description.contains("127.0.0.1"))
    }
  #endif

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
    let insecure = try #require(URL(string: "http://api.example.com/login?key=s3cret"))
    let insecureError = #expect(throws: HTTPAuthService.ConfigurationError.self) {
      try HTTPAuthService(.init(endpoint: insecure))
    }
    let insecureText = try #require(insecureError).description
    #expect(insecureText.contains("api.example.com"))
    #expect(insecureText.contains("https"))
    #expect(!insecureText.contains("s3cret"))

    let withPassword = try #require(URL(string: "https://user:hunter2@api.example.com/login"))
    let error = try #require(
      #expect(throws: HTTPAuthService.ConfigurationError.self) {
        try HTTPAuthService(.init(endpoint: withPassword))
      })
    #expect(error.description.contains("api.example.com"))
    #expect(error.description.contains("user name or password"))
    for rendering in renderings(of: error) {
      #expect(!rendering.contains("hunter2"), "\(rendering)")
      #expect(!rendering.contains("user:"), "\(rendering)")
    }
  }

  /// A configuration is plain data and may hold any URL; none of its renderings shows more
  /// of the endpoint than `scheme://host:port/path`.
  @Test func aConfigurationShowsOnlySchemeHostPortAndPath() throws {
    let url = try #require(
      URL(string: "https://user:hunter2@api.example.com:8443/v1/login?key=s3cret#frag"))
    let configuration = HTTPAuthService.Configuration(endpoint: url)
    #expect(
      configuration.description
        == "https://api.example.com:8443/v1/login (json, timeout 30.0 seconds)")
    for rendering in renderings(of: configuration) {
      #expect(rendering.contains("https://api.example.com:8443/v1/login"), "\(rendering)")
      for secret in ["hunter2", "user:", "s3cret", "frag"] {
        #expect(!rendering.contains(secret), "\(rendering)")
      }
    }
  }

  @Test func aServiceShowsOnlySchemeHostPortAndPath() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/login?key=s3cret#frag"))
    let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(5)))
    #expect(
      service.description
        == "HTTPAuthService(http://127.0.0.1:8080/login (json, timeout 5.0 seconds))")
    for rendering in renderings(of: service) {
      #expect(rendering.contains("http://127.0.0.1:8080/login"), "\(rendering)")
      for secret in ["s3cret", "frag"] {
        #expect(!rendering.contains(secret), "\(rendering)")
      }
    }
  }

  /// The service's timer must outlast the store's, so that on the real clock the store's
  /// timeout always decides (`effectTimedOut`) instead of racing the service's own.
  @Test(arguments: [
    Duration.seconds(30), .milliseconds(500), .nanoseconds(1), .zero, .seconds(-5),
    .seconds(86_400), .seconds(86_401), .seconds(Int64.max),
  ])
  func theServiceTimeoutForAStoreExceedsTheStores(_ storeTimeout: Duration) throws {
    let store = LoginStore(service: ControllableAuthService(), timeout: storeTimeout)
    let storeEffective = try #require(store.timeout)
    let timeout = HTTPAuthService.Configuration.timeout(forStoreTimeout: storeTimeout)
    #expect(timeout == storeEffective + .seconds(1))
    // The exchange honours it in full: its ceiling is above every store timeout.
    #expect(timeout <= HTTPExchange.longestTimeout)
    #expect(HTTPExchange.longestTimeout > LoginStore.timeoutRange.upperBound)
    let url = try #require(URL(string: "https://api.example.com/login"))
    let service = try HTTPAuthService(.init(endpoint: url, timeout: timeout))
    #expect(service.configuration.timeout > storeEffective)
  }

  @Test func versionConstantNamesTheUserAgent() {
    #expect(LoginFlowVersion.current == "0.1.0")
    #expect(HTTPRequestBuilder.userAgent == "LoginFlow/\(LoginFlowVersion.current)")
  }
}
