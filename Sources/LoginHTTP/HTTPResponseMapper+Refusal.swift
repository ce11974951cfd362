import Foundation
import LoginFlow

/// The refusals every request can meet, before its own table is read: a throttle (429, or a
/// `json` body whose `error` is `rate_limited`) and a locked account (423, or a body whose
/// `error` is `account_locked`), following `Docs/HTTP.md` ("Throttling and lockout").
extension HTTPResponseMapper {
  /// The refusal `response` stands for, or `nil` when it is none.
  func refusal(in response: HTTPResponse) -> AuthError? {
    guard !(200...299).contains(response.status) else { return nil }
    let object = Self.jsonObject(response.body)
    let error = object?["error"] as? String
    if response.status == 423 || error == "account_locked" { return .accountLocked }
    let bodySaysThrottled: Bool
    switch wireFormat {
    case .json: bodySaysThrottled = (400...499).contains(response.status) && error == "rate_limited"
    case .oauth2Password: bodySaysThrottled = false
    }
    guard response.status == 429 || bodySaysThrottled else { return nil }
    return .rateLimited(retryAfter: wait(in: response, body: object))
  }

  /// The wait a throttle asks for: a usable `Retry-After` header wins; in the `json` format
  /// a body's `retry_after` (seconds) is read when the header gives none.
  func wait(in response: HTTPResponse, body: [String: Any]?) -> Duration? {
    if let header = RetryAfter.wait(
      in: response.header("Retry-After"), date: response.header("Date"), now: now())
    {
      return header
    }
    switch wireFormat {
    case .json:
      guard let seconds = Self.seconds(body?["retry_after"]), seconds > .zero else { return nil }
      return min(seconds, LoginState.maximumRetryAfter)
    case .oauth2Password:
      return nil
    }
  }
}
