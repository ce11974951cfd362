/// What the device step asks its runtime to do.
public enum DeviceLoginEffect: Equatable, Sendable {
  /// Poll the token endpoint with `deviceCode`, as request `request`.
  case poll(request: Int, deviceCode: String)
  /// Cancel poll `request`; no answer may be applied for it afterwards.
  case cancelPoll(request: Int)
  /// Deliver ``DeviceLoginAction/pollDue`` after this long, replacing an earlier one.
  case schedulePoll(after: Duration)
  /// Take back the pending poll time.
  case cancelScheduledPoll
  /// Deliver the countdown's next arrival (a tick, or the end of the codes' life) after this
  /// long, replacing an earlier one.
  case scheduleCountdown(DeviceLoginAction, after: Duration)
  /// Take back the pending countdown arrival.
  case cancelCountdown

  /// The effect without its associated data.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Polling.
    case poll
    /// Cancelling a poll.
    case cancelPoll
    /// Scheduling the next poll.
    case schedulePoll
    /// Taking the next poll back.
    case cancelScheduledPoll
    /// Scheduling the countdown's next arrival.
    case scheduleCountdown
    /// Taking the countdown back.
    case cancelCountdown

    /// The effect's name in session files, traces and JSON: `poll`, `cancel-poll`,
    /// `schedule-poll`, `cancel-scheduled-poll`, `schedule-countdown`, `cancel-countdown`.
    public var name: String {
      switch self {
      case .poll: "poll"
      case .cancelPoll: "cancel-poll"
      case .schedulePoll: "schedule-poll"
      case .cancelScheduledPoll: "cancel-scheduled-poll"
      case .scheduleCountdown: "schedule-countdown"
      case .cancelCountdown: "cancel-countdown"
      }
    }
  }

  /// The effect without its associated data.
  public var kind: Kind {
    switch self {
    case .poll: .poll
    case .cancelPoll: .cancelPoll
    case .schedulePoll: .schedulePoll
    case .cancelScheduledPoll: .cancelScheduledPoll
    case .scheduleCountdown: .scheduleCountdown
    case .cancelCountdown: .cancelCountdown
    }
  }
}

extension DeviceLoginEffect: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A redacted description: never the device code.
  public var description: String {
    switch self {
    case .poll(let request, _): "poll(\(request), deviceCode: \(Redacted.placeholder))"
    case .cancelPoll(let request): "cancelPoll(\(request))"
    case .schedulePoll(let delay): "schedulePoll(after: \(delay))"
    case .cancelScheduledPoll: "cancelScheduledPoll"
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
