import Foundation
import LoginHTTP
import LoginRuntime

extension AuthFormat {
  /// The HTTP service this `--auth-format` speaks to `endpoint`: a login there in the `json`
  /// or `oauth2` wire format, or device login with `endpoint` as its token endpoint and
  /// `deviceURL` as its device authorization endpoint. Its own timeout is set longer than
  /// `storeTimeout`, so that the store's timeout decides (given the same duration, the two
  /// timers would race).
  ///
  /// - Throws: A ``HTTPAuthService/ConfigurationError`` for an endpoint the client refuses
  ///   (plain `http` off loopback, credentials in the URL, …), or device login without
  ///   `deviceURL`.
  package func service(
    endpoint: URL, deviceURL: URL?, clientID: String, scope: String?, storeTimeout: Duration
  ) throws(HTTPAuthService.ConfigurationError) -> any AuthService {
    let timeout = HTTPAuthService.Configuration.timeout(forStoreTimeout: storeTimeout)
    let wireFormat: HTTPAuthService.WireFormat
    switch self {
    case .json: wireFormat = .json
    case .oauth2: wireFormat = .oauth2Password(clientID: clientID, scope: scope)
    case .device:
      guard let deviceURL else { throw .missingDeviceEndpoint }
      return try HTTPDeviceLogin(
        authorizationEndpoint: deviceURL, tokenEndpoint: endpoint, clientID: clientID,
        scope: scope, timeout: timeout)
    }
    return try HTTPAuthService(.init(endpoint: endpoint, wireFormat: wireFormat, timeout: timeout))
  }
}
