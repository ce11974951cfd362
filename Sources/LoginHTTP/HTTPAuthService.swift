import Foundation
import LoginFlow
import LoginRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``/LoginRuntime/AuthService`` that checks credentials against a real backend over HTTPS.
///
/// It speaks one of two wire formats (``WireFormat``), maps every outcome to an
/// ``/LoginFlow/AuthError`` (no server text ever reaches a message), refuses plain `http` except on
/// loopback, sends `Accept: application/json`, `Accept-Encoding: identity` and
/// `User-Agent: LoginFlow/<version>`, never logs the request, refuses compressed answers and
/// redirects on their headers, and rejects answers larger than ``maximumResponseBytes`` while
/// they stream in.
/// Cancelling the calling task cancels the request and closes its connection.
///
/// ```swift
/// guard let endpoint = URL(string: "https://api.example.com/login") else { return }
/// let service = try HTTPAuthService(.init(endpoint: endpoint, wireFormat: .json))
/// let session = try await service.authenticate(credentials)
/// ```
public struct HTTPAuthService: AuthService, CustomStringConvertible, CustomReflectable {
  /// The largest response body accepted, 1 MiB; a longer answer is a
  /// ``/LoginFlow/AuthError/serverError``.
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
    HTTPExchange.networkingIsSetUp
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
  /// A login that needs a one-time code cannot end here: when the server asks for one (see
  /// ``perform(_:)``), this throws ``/LoginFlow/AuthError/unexpected``. The store calls
  /// ``perform(_:)``, which answers with the challenge.
  ///
  /// When the calling task is cancelled, the request is cancelled at once and this method
  /// throws ``/LoginFlow/AuthError/unexpected`` without waiting for the server; the store never
  /// applies that answer (see ``/LoginRuntime/AuthService``).
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    guard case .session(let session) = try await perform(.authenticate(credentials)) else {
      throw .unexpected
    }
    return session
  }

  /// Answers a login, a code check or a code resend.
  ///
  /// A login is `POST`ed to the endpoint; in the `json` format its answer may ask for a
  /// one-time code (``/LoginFlow/AuthAnswer/secondFactorRequired(_:)``). A check is `POST`ed to
  /// `<endpoint>/verify` and a resend to `<endpoint>/resend` (the endpoint with one path
  /// component appended, its query dropped), with the login's headers, limits and timeout.
  /// `Docs/HTTP.md` ("The code step") has the exact contract. The `oauth2Password` format
  /// has no code step: there a check or a resend throws ``/LoginFlow/AuthError/unexpected`` without
  /// sending anything, and a server asking for a code is a ``/LoginFlow/AuthError/serverError``.
  ///
  /// When the calling task is cancelled, the request is cancelled at once and this method
  /// throws ``/LoginFlow/AuthError/unexpected`` without waiting for the server; the store never
  /// applies that answer (see ``/LoginRuntime/AuthService``).
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    if Task.isCancelled { throw .unexpected }
    let builder = HTTPRequestBuilder(configuration: configuration)
    let mapper = HTTPResponseMapper(wireFormat: configuration.wireFormat)
    switch (request, configuration.wireFormat) {
    case (.authenticate(let credentials), _):
      return try mapper.answer(toLogin: await exchange(builder.request(for: credentials)))
    case (.verifyCode(let challenge, let code), .json):
      return try mapper.answer(
        toVerify: await exchange(builder.verifyRequest(challenge: challenge, code: code)))
    case (.resendCode(let challenge), .json):
      return try mapper.answer(
        toResend: await exchange(builder.resendRequest(challenge: challenge)))
    case (.verifyCode, .oauth2Password), (.resendCode, .oauth2Password), (.authorizeDevice, _),
      (.pollDevice, _):
      throw .unexpected
    }
  }

  /// Sends `request` within the configured timeout and the body limit, and returns the
  /// complete answer.
  func exchange(_ request: URLRequest) async throws(AuthError) -> HTTPResponse {
    let exchange = HTTPExchange(
      request: request,
      timeout: configuration.timeout,
      maximumBodyBytes: Self.maximumResponseBytes
    )
    switch await exchange.run() {
    case .response(let response):
      return response
    case .failure(let error):
      throw error
    case .cancelled:
      throw .unexpected
    }
  }
}
