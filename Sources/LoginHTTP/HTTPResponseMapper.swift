import Foundation
import LoginFlow

/// Turns an HTTP answer into a session or an ``AuthError``, following the mapping table in
/// `Docs/HTTP.md`. No text from the server ends up in an error.
struct HTTPResponseMapper {
  /// The format the successful answer is expected in.
  let wireFormat: HTTPAuthService.WireFormat
  /// The local wall clock, which an HTTP-date in `Retry-After` is read against when the
  /// response has no `Date` of its own.
  var now: @Sendable () -> Date = { Date() }

  /// The session in a 2xx answer, or the error the status and body stand for.
  func session(from response: HTTPResponse) throws(AuthError) -> AuthSession {
    if let refusal = refusal(in: response) { throw refusal }
    switch response.status {
    case 200...299:
      guard let session = Self.parseSession(response.body, wireFormat: wireFormat) else {
        throw .serverError
      }
      return session
    case 401, 403:
      throw .invalidCredentials
    case 400:
      throw Self.oauthError(in: response.body) == "invalid_grant"
        ? .invalidCredentials : .serverError
    default:
      throw .serverError
    }
  }

  /// The session in a successful body, or `nil` when the body is not the expected JSON
  /// object or has no non-empty token.
  static func parseSession(_ body: Data, wireFormat: HTTPAuthService.WireFormat) -> AuthSession? {
    guard let object = jsonObject(body) else { return nil }
    let tokenKey: String
    let expiryKey: String
    let refreshKey: String?
    switch wireFormat {
    case .json:
      (tokenKey, expiryKey, refreshKey) = ("token", "expiresIn", nil)
    case .oauth2Password:
      (tokenKey, expiryKey, refreshKey) = ("access_token", "expires_in", "refresh_token")
    }
    guard let token = object[tokenKey] as? String, !token.isEmpty else { return nil }
    var refreshToken: String?
    if let refreshKey, let refresh = object[refreshKey] as? String, !refresh.isEmpty {
      refreshToken = refresh
    }
    return AuthSession(
      token: token, expiresIn: seconds(object[expiryKey]), refreshToken: refreshToken)
  }

  /// The `error` field of an OAuth 2.0 error body, when the body is such a JSON object.
  static func oauthError(in body: Data) -> String? {
    jsonObject(body)?["error"] as? String
  }

  /// An expiry of this many seconds or more is ignored: about 31.7 million years, far
  /// beyond any real session, and well inside what `Int64` milliseconds can hold.
  static let longestExpirySeconds = 1e15

  /// An optional expiry in seconds: a non-negative finite number below
  /// ``longestExpirySeconds``, or a string holding one in JSON number syntax. Anything else
  /// (`true`, `"NaN"`, `"inf"`, `"0x10"`, a number too big) is ignored rather than failing a
  /// login that did succeed.
  static func seconds(_ value: Any?) -> Duration? {
    let number: Double?
    if let string = value as? String {
      number = JSONNumberRewriter.isNumber(string.utf8) ? Double(string) : nil
    } else if let boxed = value as? NSNumber {
      // A JSON `true` or `false` is an NSNumber too, and `0` and `1` also cast to `Bool`;
      // only the boolean's own class tells them apart.
      number = type(of: boxed) == type(of: NSNumber(value: true)) ? nil : boxed.doubleValue
    } else {
      number = nil
    }
    guard let number, number.isFinite, number >= 0, number < longestExpirySeconds else {
      return nil
    }
    return .milliseconds(Int64((number * 1000).rounded()))
  }

  /// The body parsed as a JSON object, or `nil`.
  static func jsonObject(_ body: Data) -> [String: Any]? {
    guard !body.isEmpty,
      let value = try? JSONSerialization.jsonObject(
        with: JSONNumberRewriter.nullingUnrepresentableNumbers(in: body), options: [])
    else { return nil }
    return value as? [String: Any]
  }
}
