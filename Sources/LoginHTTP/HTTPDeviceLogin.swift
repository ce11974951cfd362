import Foundation
import LoginFlow
import LoginRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Device login over HTTP (the OAuth 2.0 device authorization grant, RFC 8628): the device
/// authorization request and the polls of the token endpoint that ``/LoginFlow/DeviceLoginMachine``
/// asks for, through the same bounded, HTTPS-or-loopback client as ``HTTPAuthService``.
///
/// Both requests are form posts with `client_id` (and `scope` when given); a poll sends
/// `grant_type=urn:ietf:params:oauth:grant-type:device_code` and the device code. The
/// answers are read as `Docs/HTTP.md` ("Device login") says; no text from the server ends
/// up in an error, and neither the device code nor a token in a description.
///
/// ```swift
/// let login = try HTTPDeviceLogin(
///   authorizationEndpoint: deviceURL, tokenEndpoint: tokenURL, clientID: "my-cli")
/// let authorization = try await login.authorize()  // show authorization.userCode
/// let poll = try await login.poll(deviceCode: authorization.deviceCode)
/// ```
public struct HTTPDeviceLogin: AuthService, CustomStringConvertible, CustomReflectable {
  /// `true`: device login is what this service does.
  public var offersDeviceLogin: Bool { true }

  /// The service that posts to the device authorization endpoint.
  let authorization: HTTPAuthService
  /// The service that polls the token endpoint.
  let token: HTTPAuthService
  /// The client's id, sent with every request.
  public let clientID: String
  /// The scope asked for, if any.
  public let scope: String?

  /// The grant type a poll sends (RFC 8628 §3.4).
  public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

  /// Creates a client after checking both endpoints as ``HTTPAuthService/init(_:)`` does:
  /// `https`, or `http` on a loopback host, with no user name or password.
  public init(
    authorizationEndpoint: URL, tokenEndpoint: URL, clientID: String, scope: String? = nil,
    timeout: Duration = .seconds(30)
  ) throws(HTTPAuthService.ConfigurationError) {
    let format = HTTPAuthService.WireFormat.oauth2Password(clientID: clientID, scope: scope)
    authorization = try HTTPAuthService(
      .init(endpoint: authorizationEndpoint, wireFormat: format, timeout: timeout))
    token = try HTTPAuthService(
      .init(endpoint: tokenEndpoint, wireFormat: format, timeout: timeout))
    self.clientID = clientID
    self.scope = scope
  }

  /// Both endpoints as `scheme://host:port/path`, and the client id.
  public var description: String {
    "HTTPDeviceLogin(authorization: \(authorization.configuration.endpointDescription), "
      + "token: \(token.configuration.endpointDescription), clientID: \(String(reflecting: clientID)))"
  }

  /// The description only, which shows no URL secret.
  public var customMirror: Mirror {
    Mirror(self, children: ["login": description], displayStyle: .struct)
  }

  /// Asks the device authorization endpoint for a pair of codes.
  ///
  /// - Throws: the refusal of a throttle or a lockout; ``/LoginFlow/AuthError/invalidCredentials``
  ///           when
  ///   the server does not know the client; ``/LoginFlow/AuthError/serverError`` for an answer
  ///   without a usable device code, user code, `http(s)` verification URI and lifetime; the
  ///   network errors of any request; ``/LoginFlow/AuthError/unexpected`` when the calling task was
  ///   cancelled.
  public func authorize() async throws(AuthError) -> DeviceAuthorization {
    var fields = [("client_id", clientID)]
    if let scope { fields.append(("scope", scope)) }
    let request = HTTPRequestBuilder(configuration: authorization.configuration)
      .formRequest(fields)
    let response = try await authorization.exchange(request)
    return try HTTPResponseMapper(wireFormat: authorization.configuration.wireFormat)
      .deviceAuthorization(from: response)
  }

  /// Polls the token endpoint once with `deviceCode`.
  ///
  /// - Returns: the session once the user approved, or what the server said instead
  ///   (`authorization_pending`, `slow_down`, `access_denied`, `expired_token`).
  /// - Throws: as ``authorize()``; ``/LoginFlow/AuthError/serverError`` for any other answer.
  public func poll(deviceCode: String) async throws(AuthError) -> DeviceLoginAction.Poll {
    let request = HTTPRequestBuilder(configuration: token.configuration).formRequest([
      ("grant_type", Self.grantType), ("device_code", deviceCode), ("client_id", clientID),
    ])
    let response = try await token.exchange(request)
    return try HTTPResponseMapper(wireFormat: token.configuration.wireFormat)
      .poll(from: response)
  }

  /// A device login service signs in only through the browser: a password login is
  /// ``/LoginFlow/AuthError/unexpected``.
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    throw .unexpected
  }

  /// The store's entry point: device login's codes and polls; anything else is
  /// ``/LoginFlow/AuthError/unexpected``.
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    if Task.isCancelled { throw .unexpected }
    switch request {
    case .authorizeDevice: return .deviceAuthorization(try await authorize())
    case .pollDevice(let deviceCode): return .devicePoll(try await poll(deviceCode: deviceCode))
    case .authenticate, .verifyCode, .resendCode: throw .unexpected
    }
  }
}
