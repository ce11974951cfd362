import Foundation
import LoginFlow

/// The code step's answers: a login that asks for a one-time code, and the answers to a
/// check (`<endpoint>/verify`) and a resend (`<endpoint>/resend`), following `Docs/HTTP.md`
/// ("The code step"). No text from the server ends up in an error.
extension HTTPResponseMapper {
  /// A login's answer: a challenge when a `json` server asks for a code (a 200 or 401 whose
  /// body has `"mfa_required": true`), otherwise the session or error of
  /// ``session(from:)``. An `oauth2Password` server that asks for a code (an `error` of
  /// `mfa_required`, or `"mfa_required": true`) is a ``AuthError/serverError``: the code
  /// step is not supported in that format.
  func answer(toLogin response: HTTPResponse) throws(AuthError) -> AuthAnswer {
    switch wireFormat {
    case .json:
      if response.status == 200 || response.status == 401,
        let object = Self.jsonObject(response.body), Self.isTrue(object["mfa_required"])
      {
        return .secondFactorRequired(try SecondFactorFields.challenge(in: object))
      }
    case .oauth2Password:
      if let object = Self.jsonObject(response.body),
        object["error"] as? String == "mfa_required" || Self.isTrue(object["mfa_required"])
      {
        throw .serverError
      }
    }
    return .session(try session(from: response))
  }

  /// A check's answer: a 2xx with a token is the session (read as a login's); a 410, or any
  /// 4xx whose `error` is `expired_code`, is ``AuthAnswer/codeExpired``; a 401 whose `error`
  /// is `invalid_code` is ``AuthAnswer/codeRejected``; a throttle or
  /// a lockout is the refusal of ``refusal(in:)``; anything else is ``AuthError/serverError``.
  func answer(toVerify response: HTTPResponse) throws(AuthError) -> AuthAnswer {
    if let refusal = refusal(in: response) { throw refusal }
    let error = Self.oauthError(in: response.body)
    switch response.status {
    case 200...299:
      guard let session = Self.parseSession(response.body, wireFormat: wireFormat) else {
        throw .serverError
      }
      return .session(session)
    case 410:
      return .codeExpired
    case 400...499 where error == "expired_code":
      return .codeExpired
    case 401 where error == "invalid_code":
      return .codeRejected
    default:
      throw .serverError
    }
  }

  /// A resend's answer: a 204, or a 2xx with an empty body, is a renewal with the
  /// challenge's figures; a 2xx with a JSON object takes its optional `expires_in` and
  /// `resend_in` (seconds; an unusable value keeps the challenge's figure); a throttle or a
  /// lockout is the refusal of ``refusal(in:)``; anything else, an expired challenge (410 or
  /// `expired_code`) included, is ``AuthError/serverError``: a resend cannot be "expired".
  func answer(toResend response: HTTPResponse) throws(AuthError) -> AuthAnswer {
    if let refusal = refusal(in: response) { throw refusal }
    switch response.status {
    case 200...299:
      if response.status == 204 || response.body.isEmpty { return .codeSent(CodeRenewal()) }
      guard let object = Self.jsonObject(response.body) else { throw .serverError }
      return .codeSent(
        CodeRenewal(
          expiresIn: Self.seconds(object["expires_in"]),
          resendAfter: Self.seconds(object["resend_in"])))
    default:
      throw .serverError
    }
  }

  /// Whether `value` is the JSON `true` (not `1`, not `"true"`).
  static func isTrue(_ value: Any?) -> Bool {
    // A JSON number 1 casts to `Bool` too; only the boolean's own class tells them apart.
    guard let boxed = value as? NSNumber, type(of: boxed) == type(of: NSNumber(value: true))
    else { return false }
    return boxed.boolValue
  }
}
