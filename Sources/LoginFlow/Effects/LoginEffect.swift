/// Work the reducer asks the runtime to do, described as data.
///
/// Because effects are values, a test sees exactly which request the reducer asked for,
/// and the store is the only place that talks to the outside world.
public enum LoginEffect: Equatable, Sendable {
  /// Start auth request `attempt` with these credentials.
  case authenticate(attempt: Int, Credentials)
  /// Cancel auth request `attempt`; no response may be applied for it afterwards.
  case cancelAuthentication(attempt: Int)
  /// Remember `session` for the next launch; the runtime adds its absolute expiry.
  case saveSession(AuthSession)
  /// Forget the remembered session, if there is one.
  case clearSession
  /// An effect of the code step.
  case secondFactor(SecondFactorEffect)
  /// Deliver ``LoginAction/throttleTicked`` after this long: the throttle's countdown shows
  /// a second less then.
  case scheduleThrottleTick(after: Duration)
  /// Deliver ``LoginAction/throttleEnded`` after this long: the throttle's deadline.
  case scheduleThrottleEnd(after: Duration)
  /// Ask the service for device login's codes, as login attempt `attempt`.
  case authorizeDevice(attempt: Int)
  /// The device login step's effect.
  case deviceLogin(DeviceLoginEffect)

  /// The effect without its associated data, for tables, tests and output.
  public enum Kind: CaseIterable, Equatable, Hashable, Sendable {
    /// Starting an auth request.
    case authenticate
    /// Cancelling the auth request in flight.
    case cancelAuthentication
    /// Remembering the session for the next launch.
    case saveSession
    /// Forgetting the remembered session.
    case clearSession
    /// An effect of the code step.
    case secondFactor(SecondFactorEffect.Kind)
    /// Scheduling the throttle's next second.
    case scheduleThrottleTick
    /// Scheduling the throttle's deadline.
    case scheduleThrottleEnd
    /// ``LoginEffect/authorizeDevice(attempt:)``.
    case authorizeDevice
    /// A ``LoginEffect/deviceLogin(_:)`` of this kind.
    case deviceLogin(DeviceLoginEffect.Kind)

    /// Every kind: the login machine's own, then its children's.
    public static var allCases: [Kind] {
      [
        .authenticate, .cancelAuthentication, .saveSession, .clearSession, .scheduleThrottleTick,
        .scheduleThrottleEnd, .authorizeDevice,
      ]
        + SecondFactorEffect.Kind.allCases.map(Kind.secondFactor)
        + DeviceLoginEffect.Kind.allCases.map(Kind.deviceLogin)
    }

    /// The effect's name in session files, traces and JSON: `authenticate`,
    /// `cancel-authentication`, `save-session`, `clear-session`. Defined here once;
    /// everything that prints or parses an effect uses it.
    public var name: String {
      switch self {
      case .authenticate: "authenticate"
      case .cancelAuthentication: "cancel-authentication"
      case .saveSession: "save-session"
      case .clearSession: "clear-session"
      case .scheduleThrottleTick: "schedule-throttle-tick"
      case .scheduleThrottleEnd: "schedule-throttle-end"
      case .secondFactor(let kind): kind.name
      case .authorizeDevice: "authorize-device"
      case .deviceLogin(let kind): "device-\(kind.name)"
      }
    }
  }

  /// The effect without its associated data.
  public var kind: Kind {
    switch self {
    case .authenticate: .authenticate
    case .cancelAuthentication: .cancelAuthentication
    case .saveSession: .saveSession
    case .clearSession: .clearSession
    case .secondFactor(let effect): .secondFactor(effect.kind)
    case .scheduleThrottleTick: .scheduleThrottleTick
    case .scheduleThrottleEnd: .scheduleThrottleEnd
    case .authorizeDevice: .authorizeDevice
    case .deviceLogin(let effect): .deviceLogin(effect.kind)
    }
  }

  /// The request this effect starts or cancels; `nil` for the session and throttle effects,
  /// which are about no request.
  public var request: RequestID? {
    switch self {
    case .authenticate(let attempt, _), .cancelAuthentication(let attempt),
      .authorizeDevice(let attempt):
      .authenticate(attempt)
    case .saveSession, .clearSession, .scheduleThrottleTick, .scheduleThrottleEnd: nil
    case .secondFactor(let effect): effect.request
    case .deviceLogin(.poll(let request, _)), .deviceLogin(.cancelPoll(let request)):
      RequestID(.pollDevice, request)
    case .deviceLogin(.schedulePoll), .deviceLogin(.cancelScheduledPoll),
      .deviceLogin(.scheduleCountdown), .deviceLogin(.cancelCountdown):
      nil
    }
  }

  /// What the runtime does for this effect: the one place the login machine's effects are
  /// translated into the runtime's vocabulary.
  public var work: EffectWork {
    switch self {
    case .authenticate(let attempt, let credentials):
      .start(.authenticate(attempt), .authenticate(credentials))
    case .cancelAuthentication(let attempt): .cancel(.authenticate(attempt))
    case .saveSession(let session): .saveSession(session)
    case .clearSession: .clearSession
    case .secondFactor(let effect): Self.work(of: effect)
    case .scheduleThrottleTick(let delay): .deliver(.throttleTicked, after: delay, .throttle)
    case .scheduleThrottleEnd(let delay): .deliver(.throttleEnded, after: delay, .throttle)
    case .authorizeDevice(let attempt): .start(.authenticate(attempt), .authorizeDevice)
    case .deviceLogin(let effect): Self.work(of: effect)
    }
  }

  private static func work(of effect: DeviceLoginEffect) -> EffectWork {
    switch effect {
    case .poll(let request, let deviceCode):
      .start(RequestID(.pollDevice, request), .pollDevice(deviceCode: deviceCode))
    case .cancelPoll(let request): .cancel(RequestID(.pollDevice, request))
    case .schedulePoll(let delay): .deliver(.deviceLogin(.pollDue), after: delay, .devicePoll)
    case .cancelScheduledPoll: .cancelTimer(.devicePoll)
    case .scheduleCountdown(let action, let delay):
      .deliver(.deviceLogin(action), after: delay, .deviceCountdown)
    case .cancelCountdown: .cancelTimer(.deviceCountdown)
    }
  }

  /// The code step's effects in the runtime's vocabulary: its requests and deadlines, whose
  /// actions come back wrapped as the login machine's.
  private static func work(of effect: SecondFactorEffect) -> EffectWork {
    switch effect {
    case .checkCode(let request, let challenge, let code):
      .start(RequestID(.verifyCode, request), .verifyCode(challenge: challenge, code: code))
    case .cancelCheck(let request): .cancel(RequestID(.verifyCode, request))
    case .sendCode(let request, let challenge):
      .start(RequestID(.resendCode, request), .resendCode(challenge: challenge))
    case .cancelSend(let request): .cancel(RequestID(.resendCode, request))
    case .scheduleExpiry(let delay):
      .deliver(.secondFactor(.codeExpired), after: delay, .codeExpiry)
    case .cancelExpiry: .cancelTimer(.codeExpiry)
    case .scheduleCountdown(let action, let delay):
      .deliver(.secondFactor(action), after: delay, .resendCountdown)
    case .cancelCountdown: .cancelTimer(.resendCountdown)
    }
  }

  /// The effect's name in session files and output (see ``Kind/name``).
  public var name: String { kind.name }
}

extension LoginEffect: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `authenticate(1, Credentials(…))`, `cancelAuthentication(1)`, `saveSession(AuthSession(…))`
  /// or `clearSession`, with the password and the tokens hidden.
  public var description: String {
    switch self {
    case .authenticate(let attempt, let credentials): "authenticate(\(attempt), \(credentials))"
    case .cancelAuthentication(let attempt): "cancelAuthentication(\(attempt))"
    case .saveSession(let session): "saveSession(\(session))"
    case .clearSession: "clearSession"
    case .secondFactor(let effect): "secondFactor(\(effect))"
    case .scheduleThrottleTick(let delay): "scheduleThrottleTick(after: \(delay))"
    case .scheduleThrottleEnd(let delay): "scheduleThrottleEnd(after: \(delay))"
    case .authorizeDevice(let attempt): "authorizeDevice(\(attempt))"
    case .deviceLogin(let effect): "deviceLogin(\(effect))"
    }
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a password either.
  public var debugDescription: String { description }

  /// A mirror whose credentials and session children are themselves redacted.
  public var customMirror: Mirror {
    switch self {
    case .authenticate(let attempt, let credentials):
      Mirror(self, children: ["attempt": attempt, "credentials": credentials], displayStyle: .enum)
    case .cancelAuthentication(let attempt), .authorizeDevice(let attempt):
      Mirror(self, children: ["attempt": attempt], displayStyle: .enum)
    case .deviceLogin(let effect):
      Mirror(self, children: ["effect": effect], displayStyle: .enum)
    case .saveSession(let session):
      Mirror(self, children: ["session": session], displayStyle: .enum)
    case .clearSession:
      Mirror(self, children: [], displayStyle: .enum)
    case .scheduleThrottleTick(let delay), .scheduleThrottleEnd(let delay):
      Mirror(self, children: ["after": delay], displayStyle: .enum)
    case .secondFactor(let effect):
      Mirror(self, children: ["effect": effect], displayStyle: .enum)
    }
  }
}
