import Foundation
import LoginFlow

/// Device login's answers (RFC 8628 §3.2 and §3.5), following `Docs/HTTP.md` ("Device
/// login"). No text from the server ends up in an error.
extension HTTPResponseMapper {
  /// The longest device code, user code or URI accepted; a longer one is a broken answer.
  static let longestDeviceField = 2048

  /// A device authorization answer: a 2xx JSON object with a `device_code`, a `user_code`, a
  /// `verification_uri` (or Google's `verification_url`) that is an `http` or `https` URL,
  /// and a positive `expires_in`; `verification_uri_complete` is kept when it is such a URL
  /// too, and `interval` when it is a usable number of seconds (else 5). A throttle or a
  /// lockout is its refusal, an unknown client (`invalid_client`, `unauthorized_client`)
  /// ``AuthError/invalidCredentials``, and anything else ``AuthError/serverError``.
  func deviceAuthorization(from response: HTTPResponse) throws(AuthError) -> DeviceAuthorization {
    if let refusal = refusal(in: response) { throw refusal }
    guard (200...299).contains(response.status) else {
      throw Self.isUnknownClient(response) ? .invalidCredentials : .serverError
    }
    guard let object = Self.jsonObject(response.body),
      let deviceCode = Self.field(object["device_code"]),
      let userCode = Self.field(object["user_code"]),
      userCode.count <= DeviceAuthorization.longestUserCode,
      let uri = Self.webAddress(object["verification_uri"] ?? object["verification_url"]),
      let expiresIn = Self.seconds(object["expires_in"]), expiresIn > .zero
    else { throw .serverError }
    return DeviceAuthorization(
      deviceCode: deviceCode, userCode: userCode, verificationURI: uri,
      verificationURIComplete: Self.webAddress(object["verification_uri_complete"]),
      expiresIn: expiresIn,
      interval: Self.seconds(object["interval"]) ?? DeviceAuthorization.defaultInterval)
  }

  /// A poll's answer: a 2xx with an `access_token` is the session (read as an OAuth 2.0
  /// token answer); a 400 or 401 whose `error` is `authorization_pending`, `slow_down`,
  /// `access_denied` or `expired_token` is that answer, and `invalid_grant` (a device code
  /// the server no longer knows) is `expired_token`; a throttle or a lockout is its refusal,
  /// an unknown client ``AuthError/invalidCredentials``, anything else
  /// ``AuthError/serverError``.
  func poll(from response: HTTPResponse) throws(AuthError) -> DeviceLoginAction.Poll {
    if (200...299).contains(response.status) {
      guard let session = Self.parseSession(response.body, wireFormat: wireFormat) else {
        throw .serverError
      }
      return .approved(session)
    }
    if let refusal = refusal(in: response) { throw refusal }
    guard response.status == 400 || response.status == 401 else { throw .serverError }
    switch Self.oauthError(in: response.body) {
    case "authorization_pending": return .pending
    case "slow_down": return .slowDown
    case "access_denied": return .denied
    case "expired_token", "invalid_grant": return .expired
    case "invalid_client", "unauthorized_client": throw .invalidCredentials
    default: throw .serverError
    }
  }

  /// Whether an error answer says the server does not know or allow the client.
  static func isUnknownClient(_ response: HTTPResponse) -> Bool {
    guard response.status == 400 || response.status == 401 else { return false }
    let error = oauthError(in: response.body)
    return error == "invalid_client" || error == "unauthorized_client"
  }

  /// A non-empty string no longer than ``longestDeviceField``, or `nil`.
  static func field(_ value: Any?) -> String? {
    guard let text = value as? String, !text.isEmpty, text.utf8.count <= longestDeviceField
    else { return nil }
    return text
  }

  /// An `http` or `https` URL with a host, as a string a screen may show, or `nil`: a
  /// server cannot send the user to `javascript:` or `file:`.
  static func webAddress(_ value: Any?) -> String? {
    guard let text = field(value), let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      let host = url.host, !host.isEmpty
    else { return nil }
    return text
  }
}
