import Foundation
import LoginFlow

/// Reads the challenge of a login that asks for a one-time code, treating every field as
/// hostile: `Docs/HTTP.md` ("The code step") lists what is refused, defaulted and cleaned.
enum SecondFactorFields {
  /// The longest challenge id accepted, in UTF-8 bytes; a longer one is a server error.
  static let longestChallengeBytes = 1024
  /// The most Unicode scalars of a destination kept after cleaning; the rest is cut.
  static let longestDestination = 64

  /// The challenge in an answer whose `mfa_required` is `true`.
  ///
  /// - Throws: ``AuthError/serverError`` when `challenge` is not a non-empty string of at
  ///   most ``longestChallengeBytes`` bytes, `method` is present but not `totp`, `sms` or
  ///   `email`, or `code_length` is present but not a whole number in
  ///   ``SecondFactorChallenge/codeLengths``.
  static func challenge(in object: [String: Any]) throws(AuthError) -> SecondFactorChallenge {
    guard let id = object["challenge"] as? String, !id.isEmpty,
      id.utf8.count <= longestChallengeBytes
    else { throw .serverError }
    var method = SecondFactorChallenge.Method.totp
    if let value = present(object["method"]) {
      guard let name = value as? String, let known = SecondFactorChallenge.Method(rawValue: name)
      else { throw .serverError }
      method = known
    }
    var codeLength = SecondFactorChallenge.defaultCodeLength
    if let value = present(object["code_length"]) {
      guard let length = wholeNumber(value), SecondFactorChallenge.codeLengths.contains(length)
      else { throw .serverError }
      codeLength = length
    }
    return SecondFactorChallenge(
      id: id, method: method, destination: (object["destination"] as? String).flatMap(cleaned),
      codeLength: codeLength,
      expiresIn: HTTPResponseMapper.seconds(object["expires_in"])
        ?? SecondFactorChallenge.defaultExpiry,
      resendAfter: HTTPResponseMapper.seconds(object["resend_in"])
        ?? SecondFactorChallenge.defaultResendCooldown)
  }

  /// `text` fit for a terminal: only printable scalars (no C0 or C1 control, no DEL, no
  /// format character such as the bidi overrides U+202A–U+202E and isolates U+2066–U+2069,
  /// no line or paragraph separator, no private-use, surrogate or unassigned scalar), at
  /// most ``longestDestination`` of them, trimmed; `nil` when nothing is left.
  static func cleaned(_ text: String) -> String? {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where isPrintable(scalar) {
      guard kept.count < longestDestination else { break }
      kept.append(scalar)
    }
    let result = String(kept).trimmingCharacters(in: .whitespaces)
    return result.isEmpty ? nil : result
  }

  /// Whether `scalar` may be shown on a terminal as it is.
  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      false
    default:
      true
    }
  }

  /// `value` unless it is absent or JSON `null`.
  private static func present(_ value: Any?) -> Any? {
    guard let value, !(value is NSNull) else { return nil }
    return value
  }

  /// A JSON number that is a whole number in `Int` range (not a boolean, not a string).
  private static func wholeNumber(_ value: Any) -> Int? {
    guard let boxed = value as? NSNumber, type(of: boxed) != type(of: NSNumber(value: true))
    else { return nil }
    let number = boxed.doubleValue
    guard number.isFinite, number.rounded() == number, abs(number) < 1e9 else { return nil }
    return Int(number)
  }
}
