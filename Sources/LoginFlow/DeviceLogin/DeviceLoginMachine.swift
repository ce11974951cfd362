/// Device login (the OAuth 2.0 device authorization grant, RFC 8628) as a machine: the
/// server gave a user code to enter in a browser, and this child of the login machine shows
/// it, polls the token endpoint no sooner than the interval allows, slows down when asked,
/// and ends with an ``Outcome`` its parent maps.
///
/// Its table is `Docs/DeviceLoginTable.md`, checked against ``step(_:_:)`` by a test.
public enum DeviceLoginMachine: ChildMachine, ExplorableMachine {
  /// The device step's state.
  public typealias State = DeviceLoginState
  /// What happens in the device step.
  public typealias Action = DeviceLoginAction
  /// What the device step asks its runtime to do.
  public typealias Effect = DeviceLoginEffect

  /// How the device step ends.
  public enum Outcome: Equatable, Sendable, CustomStringConvertible {
    /// The user approved in the browser: signed in with this session.
    case signedIn(AuthSession)
    /// The user cancelled: back to the login form as it was.
    case cancelled
    /// The step ended with this error.
    case failed(DeviceLoginError)

    /// `signed in`, `cancelled` or `failed(denied)`, as the step's table writes it; never a
    /// token.
    public var description: String {
      switch self {
      case .signedIn: "signed in"
      case .cancelled: "cancelled"
      case .failed(let error): "failed(\(error.name))"
      }
    }
  }

  /// The step's phases: ``DeviceLoginState/Step`` without its data.
  public enum PhaseKind: String, CaseIterable, Hashable, Sendable {
    /// ``DeviceLoginState/Step/waiting``: the codes shown, no poll in flight.
    case waiting
    /// ``DeviceLoginState/Step/polling``: a poll in flight.
    case polling
  }

  /// `device`.
  public static let name = "device"

  /// The step's phase.
  public static func phase(of state: State) -> PhaseKind {
    switch state.step {
    case .waiting: .waiting
    case .polling: .polling
    }
  }

  /// The action's kind.
  public static func kind(of action: Action) -> Action.Kind { action.kind }

  // MARK: The machine

  /// The step an authorization asked for by request `request` starts in, and what it
  /// schedules: the first poll one interval later, and the countdown of the codes' life.
  public static func start(
    _ authorization: DeviceAuthorization, after request: Int
  ) -> (state: State, effects: [Effect]) {
    let state = State(authorization: authorization, request: request)
    return (state, [.schedulePoll(after: state.interval)] + countdown(from: state.timeLeft))
  }

  /// The device step itself: the state after `action`, the effects it asks for, and how the
  /// step ends, when the action ends it. `Docs/DeviceLoginTable.md` is this, row by row.
  public static func step(_ state: inout State, _ action: Action) -> ChildStep<Self> {
    switch action {
    // At most one poll in flight: a poll falls due only after the previous one's answer.
    case .pollDue:
      guard !state.isPolling else { return ChildStep() }
      state.request += 1
      state.step = .polling
      return ChildStep(
        effects: [.poll(request: state.request, deviceCode: state.authorization.deviceCode)])

    case .pollAnswer(let request, let poll):
      guard state.isPolling, request == state.request else { return ChildStep() }
      state.step = .waiting
      switch poll {
      case .approved(let session):
        return ChildStep(effects: [.cancelCountdown], outcome: .signedIn(session))
      case .pending:
        state.notice = nil
        return ChildStep(effects: [.schedulePoll(after: state.interval)])
      case .slowDown:
        state.notice = nil
        if PlantedBug.isPlanted(.pollsKeepTheirInterval) {
          return ChildStep(effects: [.schedulePoll(after: state.interval)])
        }
        state.interval = min(
          state.interval + DeviceAuthorization.slowDownIncrease,
          DeviceAuthorization.longestDeadline)
        return ChildStep(effects: [.schedulePoll(after: state.interval)])
      case .denied:
        return ChildStep(effects: [.cancelCountdown], outcome: .failed(.denied))
      case .expired:
        return ChildStep(effects: [.cancelCountdown], outcome: .failed(.expired))
      case .failed(let error):
        guard let delay = retryDelay(after: error, in: &state) else {
          return ChildStep(effects: [.cancelCountdown], outcome: .failed(.failed(error)))
        }
        state.notice = error
        return ChildStep(effects: [.schedulePoll(after: delay)])
      }

    // The clock's arrivals.
    case .countdownTicked:
      guard state.timeLeft > .zero else { return ChildStep() }
      state.timeLeft = Countdown.afterTick(state.timeLeft)
      return ChildStep(effects: countdown(from: state.timeLeft))
    case .codesExpired:
      state.timeLeft = .zero
      return ChildStep(
        effects: cancelInFlight(&state) + [.cancelScheduledPoll], outcome: .failed(.expired))

    case .cancelTapped:
      let cancel = PlantedBug.isPlanted(.noPollAfterTheStepEnds) ? [] : cancelInFlight(&state)
      return ChildStep(
        effects: cancel + [.cancelScheduledPoll, .cancelCountdown], outcome: .cancelled)

    case .storeClosed:
      return ChildStep(effects: cancelInFlight(&state))
    }
  }

  /// How long after a failed poll to poll again, or `nil` when polling again cannot help. A
  /// network or server error keeps the interval; a timeout doubles it first, as RFC 8628
  /// §3.5 asks of a client whose connection timed out; a rate limit waits at least what the
  /// server asked. A client the server refuses, or a locked account, ends the step.
  static func retryDelay(after error: AuthError, in state: inout State) -> Duration? {
    switch error {
    case .networkUnavailable, .serverError, .unexpected: return state.interval
    case .timedOut:
      state.interval = min(state.interval * 2, DeviceAuthorization.longestDeadline)
      return state.interval
    case .rateLimited(let retryAfter):
      return max(state.interval, retryAfter ?? .zero)
    case .invalidCredentials, .accountLocked, .tooManyCodes, .deviceDenied, .deviceCodeExpired:
      return nil
    }
  }

  /// The cancel of the poll in flight, if one is; the step is then waiting.
  private static func cancelInFlight(_ state: inout State) -> [Effect] {
    guard state.isPolling else { return [] }
    state.step = .waiting
    return [.cancelPoll(request: state.request)]
  }

  /// The countdown's next arrival with `left` of the codes' life to go (``Countdown``).
  static func countdown(from left: Duration) -> [Effect] {
    switch Countdown.next(from: left) {
    case nil: []
    case .tick(let delay): [.scheduleCountdown(.countdownTicked, after: delay)]
    case .end(let delay): [.scheduleCountdown(.codesExpired, after: delay)]
    }
  }
}
