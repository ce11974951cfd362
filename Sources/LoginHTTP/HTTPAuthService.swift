import Foundation
import LoginFlow
import LoginRuntime

/// An ``AuthService`` that checks credentials against a real backend over HTTPS.
///
/// It speaks one of two wire formats (``WireFormat``), maps every outcome to an ``AuthError``
/// (no server text ever reaches a message), refuses plain `http` except on loopback, sends
/// `Accept: application/json`, `Accept-Encoding: identity` and
/// `User-Agent: LoginFlow/<version>`, never logs the request, refuses compressed answers and
/// redirects on their headers, and rejects answers larger than ``maximumResponseBytes``
/// while they stream in. Cancelling
/// the calling task cancels the request and closes its connection.
///
/// ```swift
/// guard let endpoint = URL(string: "https://api.example.com/login") else { return }
/// let service = try HTTPAuthService(.init(endpoint: endpoint, wireFormat: .json))
/// let session = try await service.authenticate(credentials)
/// ```
public struct HTTPAuthService: AuthService, CustomStringConvertible, CustomReflectable {
  /// The largest response body accepted, 1 MiB; a longer answer is a ``AuthError/serverError``.
  public static let maximumResponseBytes = 1_048_576

  /// The validated configuration this service uses.
  public let configuration: Configuration

  /// Creates a service after checking `configuration`.
  ///
  /// - Throws: ``ConfigurationError`` when the endpoint contains a user name or password,
  ///   is not `https` (or `http` on a loopback host), has no host, has an IPv6 address as its
  ///   host where URLSession cannot use one (Linux), or the timeout is not positive.
  public init(_ configuration: Configuration) throws(ConfigurationError) {
    let endpoint = configuration.endpoint
    if endpoint.user != nil || endpoint.password != nil {
      throw .credentialsInURL(host: endpoint.host ?? "")
    }
    let scheme = (endpoint.scheme ?? "").lowercased()
    guard scheme == "https" || scheme == "http" else {
      throw .unsupportedScheme(scheme)
    }
    guard let host = endpoint.host, !host.isEmpty else { throw .missingHost }
    if scheme == "http", !LoopbackHost.contains(host) {
      throw .insecureEndpoint(host: host)
    }
    #if canImport(FoundationNetworking)
      // swift-corelibs-foundation compares `URL.host` (`::1`) with libcurl's host (`[::1]`),
      // finds them different and fails every request with `badURL`.
      if host.contains(":") { throw .ipv6LiteralUnsupported(host: host) }
    #endif
    guard configuration.timeout > .zero else { throw .nonPositiveTimeout }
    self.configuration = configuration
  }

  /// The endpoint as `scheme://host:port/path`, the wire format and the timeout.
  public var description: String {
    "HTTPAuthService(\(configuration))"
  }

  /// Only the configuration, which shows no URL secret.
  public var customMirror: Mirror {
    Mirror(self, children: ["configuration": configuration], displayStyle: .struct)
  }

  /// Sends `credentials` to the endpoint and returns the session it issued.
  ///
  /// When the calling task is cancelled, the request is cancelled at once and this method
  /// throws ``AuthError/unexpected`` without waiting for the server; the store never applies
  /// that answer (see ``AuthService``).
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    if Task.isCancelled { throw .unexpected }
    let request = HTTPRequestBuilder(configuration: configuration).request(for: credentials)
    let exchange = HTTPExchange(
      request: request,
      timeout: configuration.timeout,
      maximumBodyBytes: Self.maximumResponseBytes
    )
    let outcome = await exchange.run()
    switch outcome {
    case .response(let response):
      return try HTTPResponseMapper(wireFormat: configuration.wireFormat).session(from: response)
    case .failure(let error):
      throw error
    case .cancelled:
      throw .unexpected
    }
  }
}
