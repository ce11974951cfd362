import Foundation
import LoginFlow
// docs: http-endpoint
import LoginHTTP
import LoginRuntime

// docs: end

/// Docs/HTTP.md's examples, as written there: built, not run (they name backends that do
/// not exist).
func pointingTheStoreAtABackend() throws -> LoginStore? {
  // docs: http-endpoint
  guard let endpoint = URL(string: "https://api.example.com/v1/login") else { return nil }
  let storeTimeout = Duration.seconds(30)
  let service = try HTTPAuthService(
    .init(
      endpoint: endpoint, wireFormat: .json,
      timeout: HTTPAuthService.Configuration.timeout(forStoreTimeout: storeTimeout)))
  let store = LoginStore(service: service, clock: ContinuousClock(), timeout: storeTimeout)
  // docs: end
  return store
}

func theOAuthPasswordGrant(tokenEndpoint: URL) throws -> HTTPAuthService {
  // docs: http-oauth2
  let service = try HTTPAuthService(
    .init(
      endpoint: tokenEndpoint,
      wireFormat: .oauth2Password(clientID: "my-ios-app", scope: "openid profile")))
  // docs: end
  return service
}

/// The example in the doc comment of `timeout(forStoreTimeout:)`.
func theTimeoutDocComment(endpoint: URL) throws -> LoginStore {
  let storeTimeout = Duration.seconds(30)
  let service = try HTTPAuthService(
    .init(
      endpoint: endpoint,
      timeout: HTTPAuthService.Configuration.timeout(forStoreTimeout: storeTimeout)))
  let store = LoginStore(service: service, timeout: storeTimeout)
  return store
}

func deviceLogin(deviceURL: URL, tokenURL: URL) async throws -> DeviceLoginAction.Poll {
  // docs: http-device
  let login = try HTTPDeviceLogin(
    authorizationEndpoint: deviceURL, tokenEndpoint: tokenURL, clientID: "my-cli",
    scope: "profile")
  let authorization = try await login.authorize()  // show authorization.userCode and URI
  let poll = try await login.poll(deviceCode: authorization.deviceCode)
  // docs: end
  return poll
}
