/// The code step's texts, part of ``LoginStrings`` (``LoginStrings/codeStep``).
///
/// Templates: `{destination}`, `{time}`, `{count}`, `{seconds}` and `{message}` are
/// replaced when shown.
public struct SecondFactorStrings: Hashable, Sendable {
  /// The heading: `Enter your code`.
  public var heading: String
  /// Where the code went, for a code sent somewhere: `We sent a code to {destination}`.
  public var sentToTemplate: String
  /// Where the code is, for an authenticator app: `Open your authenticator app`.
  public var authenticatorApp: String
  /// Where the code went when the server did not say: `We sent you a code`.
  public var sentSomewhere: String
  /// The code field's label: `Verification code`.
  public var codeLabel: String
  /// The code field's spoken label: `Verification code, {count} digits`.
  public var codeSpokenTemplate: String
  /// The Verify button.
  public var verify: String
  /// The check in flight: `Checking code`.
  public var checking: String
  /// The Resend code button.
  public var resend: String
  /// The resend in flight: `Sending a new code`.
  public var resending: String
  /// The cooldown: `Resend code in {time}`.
  public var resendInTemplate: String
  /// The cooldown, spoken: `Resend code, available in {seconds} seconds`.
  public var resendSpokenTemplate: String
  /// The end of the cooldown, announced once: `You can send a new code now`.
  public var resendAvailable: String
  /// The Back button.
  public var back: String
  /// A rejected code.
  public var rejected: String
  /// An expired code.
  public var expired: String
  /// The spoken error: `Code error: {message}`.
  public var errorTemplate: String

  /// The English texts.
  public static let english = SecondFactorStrings(
    heading: "Enter your code",
    sentToTemplate: "We sent a code to {destination}",
    authenticatorApp: "Open your authenticator app",
    sentSomewhere: "We sent you a code",
    codeLabel: "Verification code",
    codeSpokenTemplate: "Verification code, {count} digits",
    verify: "Verify",
    checking: "Checking code",
    resend: "Resend code",
    resending: "Sending a new code",
    resendInTemplate: "Resend code in {time}",
    resendSpokenTemplate: "Resend code, available in {seconds} seconds",
    resendAvailable: "You can send a new code now",
    back: "Back",
    rejected: SecondFactorError.rejected.message,
    expired: SecondFactorError.expired.message,
    errorTemplate: "Code error: {message}")

  /// Every text passed through `transform`.
  public func map(_ transform: (String) -> String) -> SecondFactorStrings {
    SecondFactorStrings(
      heading: transform(heading), sentToTemplate: transform(sentToTemplate),
      authenticatorApp: transform(authenticatorApp), sentSomewhere: transform(sentSomewhere),
      codeLabel: transform(codeLabel), codeSpokenTemplate: transform(codeSpokenTemplate),
      verify: transform(verify), checking: transform(checking), resend: transform(resend),
      resending: transform(resending), resendInTemplate: transform(resendInTemplate),
      resendSpokenTemplate: transform(resendSpokenTemplate),
      resendAvailable: transform(resendAvailable), back: transform(back),
      rejected: transform(rejected), expired: transform(expired),
      errorTemplate: transform(errorTemplate))
  }

  /// Where the code of `challenge` went.
  public func destination(of challenge: SecondFactorChallenge) -> String {
    switch challenge.method {
    case .totp: return authenticatorApp
    case .sms, .email:
      guard let destination = challenge.destination else { return sentSomewhere }
      return sentToTemplate.replacing("{destination}", with: destination)
    }
  }

  /// `Resend code in 0:27`, for `seconds` left.
  public func resendIn(seconds: Int) -> String {
    resendInTemplate.replacing("{time}", with: Self.clock(seconds))
  }

  /// `Resend code, available in 27 seconds`.
  public func resendSpoken(seconds: Int) -> String {
    resendSpokenTemplate.replacing("{seconds}", with: String(seconds))
  }

  /// `Verification code, 6 digits`.
  public func codeSpoken(length: Int) -> String {
    codeSpokenTemplate.replacing("{count}", with: String(length))
  }

  /// `Code error: That code is incorrect.`
  public func errorSpoken(_ message: String) -> String {
    errorTemplate.replacing("{message}", with: message)
  }

  /// The message for `error`, in these strings and `strings` for a login's errors.
  public func message(for error: SecondFactorError, in strings: LoginStrings) -> String {
    switch error {
    case .rejected: rejected
    case .expired: expired
    case .failed(let error): strings.message(for: error)
    }
  }

  /// `0:27`, `1:05`, `12:00`: minutes and two-digit seconds.
  public static func clock(_ seconds: Int) -> String {
    let seconds = max(seconds, 0)
    let rest = seconds % 60
    return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
  }
}
