/// What the code step asks its runtime to do.
public enum SecondFactorEffect: Equatable, Sendable {
  /// Check `code` for challenge `challenge`, as request `request`.
  case checkCode(request: Int, challenge: String, code: String)
  /// Cancel check `request`; no answer may be applied for it afterwards.
  case cancelCheck(request: Int)
  /// Ask for a new code for challenge `challenge`, as request `request`.
  case sendCode(request: Int, challenge: String)
  /// Cancel resend `request`.
  case cancelSend(request: Int)
  /// Deliver ``SecondFactorAction/codeExpired`` after this long, replacing an earlier one.
  case scheduleExpiry(after: Duration)
  /// Take back the pending expiry.
  case cancelExpiry
  /// Deliver the next arrival of the resend countdown (a tick, or the end of the cooldown)
  /// after this long, replacing an earlier one.
  case scheduleCountdown(SecondFactorAction, after: Duration)
  /// Take back the pending countdown arrival.
  case cancelCountdown

  /// The effect without its associated data.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Checking a code.
    case checkCode
    /// Cancelling a check.
    case cancelCheck
    /// Asking for a new code.
    case sendCode
    /// Cancelling a resend.
    case cancelSend
    /// Scheduling the code's expiry.
    case scheduleExpiry
    /// Taking the expiry back.
    case cancelExpiry
    /// Scheduling the countdown's next arrival.
    case scheduleCountdown
    /// Taking the countdown back.
    case cancelCountdown

    /// The effect's name in session files, traces and JSON: `check-code`, `cancel-check`,
    /// `send-code`, `cancel-send`, `schedule-expiry`, `cancel-expiry`, `schedule-countdown`,
    /// `cancel-countdown`.
    public var name: String {
      switch self {
      case .checkCode: "check-code"
      case .cancelCheck: "cancel-check"
      case .sendCode: "send-code"
      case .cancelSend: "cancel-send"
      case .scheduleExpiry: "schedule-expiry"
      case .cancelExpiry: "cancel-expiry"
      case .scheduleCountdown: "schedule-countdown"
      case .cancelCountdown: "cancel-countdown"
      }
    }
  }

  /// The effect without its associated data.
  public var kind: Kind {
    switch self {
    case .checkCode: .checkCode
    case .cancelCheck: .cancelCheck
    case .sendCode: .sendCode
    case .cancelSend: .cancelSend
    case .scheduleExpiry: .scheduleExpiry
    case .cancelExpiry: .cancelExpiry
    case .scheduleCountdown: .scheduleCountdown
    case .cancelCountdown: .cancelCountdown
    }
  }

  /// The request this effect starts or cancels, if any.
  public var request: RequestID? {
    switch self {
    case .checkCode(let request, _, _), .cancelCheck(let request): RequestID(.verifyCode, request)
    case .sendCode(let request, _), .cancelSend(let request): RequestID(.resendCode, request)
    case .scheduleExpiry, .cancelExpiry, .scheduleCountdown, .cancelCountdown: nil
    }
  }
}

extension SecondFactorEffect: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A redacted description: neither the code nor the challenge's id.
  public var description: String {
    switch self {
    case .checkCode(let request, _, let code):
      "checkCode(\(request), challenge: \(Redacted.placeholder), code: \(Redacted.length(of: code)))"
    case .cancelCheck(let request): "cancelCheck(\(request))"
    case .sendCode(let request, _): "sendCode(\(request), challenge: \(Redacted.placeholder))"
    case .cancelSend(let request): "cancelSend(\(request))"
    case .scheduleExpiry(let delay): "scheduleExpiry(after: \(delay))"
    case .cancelExpiry: "cancelExpiry"
    case .scheduleCountdown(let action, let delay): "scheduleCountdown(\(action), after: \(delay))"
    case .cancelCountdown: "cancelCountdown"
    }
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror that shows the description only.
  public var customMirror: Mirror {
    Mirror(self, children: ["effect": description], displayStyle: .enum)
  }
}
