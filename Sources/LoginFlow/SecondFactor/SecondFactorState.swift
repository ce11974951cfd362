/// Everything the code step knows: the challenge, the digits typed, where the step is, and
/// its deadlines as the countdown left them.
///
/// The step reads no clock. A code's expiry arrives as ``SecondFactorAction/codeExpired``;
/// the resend cooldown is counted down by ``SecondFactorAction/countdownTicked``, delivered
/// once a second while it shows, and ends with ``SecondFactorAction/resendAvailable``.
/// Descriptions and `dump` never show the code or the challenge's id.
public struct SecondFactorState: Equatable, Hashable, Sendable {
  /// Where the code step is.
  public enum Step: Equatable, Hashable, Sendable {
    /// Waiting for the code.
    case entering
    /// A check of the code is in flight: request ``SecondFactorState/request``.
    case checking
    /// A request for a new code is in flight: request ``SecondFactorState/request``.
    case resending
    /// The server rejected the last code; the field was cleared.
    case rejected
    /// The code expired: nothing can be verified until a new code is sent.
    case expired
    /// A check or a resend failed with `error`, which the step shows.
    case failed(AuthError)
  }

  /// The challenge being answered.
  public var challenge: SecondFactorChallenge
  /// The digits typed: ASCII digits only, at most the challenge's code length.
  public var code: String
  /// Where the step is.
  public var step: Step
  /// The id of the most recent request (check or resend); ids continue the login's
  /// attempts, so that an answer to an earlier request can never pass for a later one's.
  public var request: Int
  /// How many codes the server rejected for this challenge.
  public var rejectedCodes: Int
  /// Whether the code expired (by the clock or by the server's word) and no new one came.
  public var isExpired: Bool
  /// The resend cooldown left as the last tick of the countdown left it; zero once a new
  /// code may be asked for.
  public var resendIn: Duration
  /// Whether the login's throttle holds the step's requests (``LoginState/isThrottled``):
  /// the login machine keeps it equal to its throttle, so that no check or resend is sent
  /// while the server asked to wait.
  public var isHeld: Bool

  /// The step a new challenge starts in, after request `request` asked for it.
  public init(challenge: SecondFactorChallenge, request: Int) {
    self.challenge = challenge
    code = ""
    step = .entering
    self.request = request
    rejectedCodes = 0
    isExpired = false
    resendIn = challenge.resendAfter
    isHeld = false
  }

  /// How many rejected codes end the code step.
  public static let maximumRejectedCodes = 3

  /// Whether the code has all its digits.
  public var isCodeComplete: Bool { code.utf8.count == challenge.codeLength }

  /// Whether a request of the step is in flight.
  public var isBusy: Bool {
    switch step {
    case .checking, .resending: true
    case .entering, .rejected, .expired, .failed: false
    }
  }

  /// Whether Verify is enabled: the code is complete, nothing is in flight, it has not
  /// expired and no throttle holds requests.
  public var canVerify: Bool { isCodeComplete && !isBusy && !isExpired && !isHeld }

  /// Whether Resend is enabled: the cooldown is over, nothing is in flight and no throttle
  /// holds requests.
  public var canResend: Bool { resendIn <= .zero && !isBusy && !isHeld }

  /// The error the step shows, if any.
  public var error: SecondFactorError? {
    switch step {
    case .rejected: .rejected
    case .expired: .expired
    case .failed(let error): .failed(error)
    case .entering, .checking, .resending: nil
    }
  }

  /// The whole seconds of cooldown a screen shows ("Resend code in 0:27"), rounded up;
  /// `nil` once a new code may be asked for.
  public var resendSecondsLeft: Int? {
    guard resendIn > .zero else { return nil }
    return Self.wholeSeconds(roundingUp: resendIn)
  }

  /// `duration` in whole seconds, rounded up: how a countdown shows it.
  public static func wholeSeconds(roundingUp duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }
}

extension SecondFactorState: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A one-line description in which the code shows only its length.
  public var description: String {
    "SecondFactorState(\(challenge), code: \(Redacted.length(of: code)), step: \(step), "
      + "request: \(request), rejectedCodes: \(rejectedCodes), isExpired: \(isExpired), "
      + "resendIn: \(resendIn), isHeld: \(isHeld))"
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror with a placeholder in place of the code.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "challenge": challenge, "code": Redacted.placeholder, "step": step, "request": request,
        "rejectedCodes": rejectedCodes, "isExpired": isExpired, "resendIn": resendIn,
        "isHeld": isHeld,
      ], displayStyle: .struct)
  }
}
