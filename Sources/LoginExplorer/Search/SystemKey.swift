import LoginFlow
import LoginRuntime
import LoginSimulation

/// The abstraction of a system state that the search treats as "the same state": two runs
/// with equal keys behave alike under every future event, as far as the invariants can tell.
///
/// It keeps the screen's state and the requests outstanding, and drops what only counts:
/// - attempt numbers become *current* or *older* (only equality with the attempt in flight
///   matters to the reducer and the store), so submit/cancel cycles do not make new states;
///   the code step's request number is dropped for the same reason;
/// - the invalid-credentials counter is capped at the reset threshold (beyond it the screen
///   shows the same);
/// - times become offsets from now (every deadline is a multiple of `T/2` after a start, so
///   there are finitely many), the code step's deadlines included, with the order in which
///   the timers due at one instant fire; an abandoned request whose late answer comes only at the
///   end of time is left out, as are duplicate late answers (each is dropped on its own, so
///   how many wait changes nothing but the number of identical events);
/// - the throttle stays whole: the countdown the screen shows and the specification's;
/// - the session kept becomes whether there is one and whether it has expired: every kept
///   session is the demo's, saved at a login, and only the explorer's `expireSession` (or a
///   wait longer than its lifetime, which that also reaches) makes it expire.
struct SystemKey: Hashable {
  /// What the session store keeps.
  enum Kept: Hashable {
    case nothing
    case unexpired
    case expired
  }

  /// The screen's state without attempt numbers.
  struct Screen: Hashable {
    var email: String
    var password: String
    var isPasswordVisible: Bool
    var phase: LoginPhase.Kind
    var error: AuthError?
    var cappedInvalidCredentials: Int
    var emailLimitReached: Bool
    var passwordLimitReached: Bool
    var sessionNotRemembered: Bool
    /// The code step, while it shows, without its request number.
    var secondFactor: SecondFactorState?
    /// The device step, while it shows, without its request number.
    var deviceLogin: DeviceLoginState?
    /// Where Cancel returns to, while it can: asking for the device codes or in the device
    /// step (elsewhere the next tap sets it afresh).
    var phaseBeforeDeviceLogin: LoginPhase?
    /// The throttle left: the countdown's tick and its end can be due at the same offset, so
    /// the delivery's offset alone does not tell them apart.
    var retryIn: Duration
  }

  /// What a pending timer is for, without times or numbers.
  enum TimerRole: Hashable {
    case timeout(current: Bool)
    case answer(current: Bool)
    case delivery(TimerID)
  }

  /// A request whose answer is still to come, relative to now.
  struct Outstanding: Hashable {
    /// What it asks.
    var kind: RequestKind
    /// Whether it is the state's current attempt.
    var isCurrent: Bool
    /// Whether the store still waits for it (not ended).
    var storeWaits: Bool
    /// Whether the server still works on it (its call was not cancelled).
    var serverWorks: Bool
    /// What the server answers.
    var outcome: ScriptedOutcome
    /// How long until the answer arrives; `nil` for never.
    var answerIn: Duration?
    /// How long until the store's timeout fires, while the store waits.
    var timeoutIn: Duration?
  }

  var screen: Screen
  /// Whether the store was closed, after which it ignores every action.
  var isClosed: Bool
  /// Requests the store or the server still works on, in attempt order.
  var active: [Outstanding]
  /// Abandoned requests whose late answer is still to come, without duplicates.
  var lateAnswers: Set<Outstanding>
  /// The session kept for the next launch.
  var kept: Kept
  /// Whether the store's session read is still to come.
  var restorePending: Bool
  /// How long until each of the store's deliveries (the code's expiry, the countdown).
  var deliveries: [TimerID: Duration]
  /// For each instant at which timers of different roles tie, their roles in the order they
  /// fire (the first registered first): the order is all a tie changes.
  var firingOrder: [[TimerRole]]
  /// The specification's throttle (its deadline as an offset from now, and what it shows),
  /// which the throttle's invariants compare the screen with: a broken machine's throttle
  /// may differ from it.
  var specifiedThrottle: SpecifiedThrottle?
  /// The specification's device step (when its last answer came, as an offset from now),
  /// which the polls' invariants compare the screen with.
  var specifiedDevice: Specification.DeviceStep?

  /// ``Specification/Throttle`` with its deadline as an offset from now.
  struct SpecifiedThrottle: Hashable {
    var endsIn: Duration
    var shown: Int
  }

  /// The key of `system` now.
  static func of(_ system: ExploredSystem) -> SystemKey {
    let state = system.state
    let now = system.world.now
    let working = Set(system.world.server.requestsInFlight)
    var active: [Outstanding] = []
    var lateAnswers = Set<Outstanding>()
    for (attempt, request) in system.requests.sorted(by: { $0.key < $1.key }) {
      guard let fate = request.fate, request.end != .finished, !request.droppedLate else {
        continue
      }
      let delay = fate.delay(timeout: system.timeout)
      let answerAt = request.start + delay
      let outstanding = Outstanding(
        kind: request.kind, isCurrent: attempt == state.attempt,
        storeWaits: request.end == nil,
        serverWorks: working.contains(attempt),
        // Only an answer before the timeout is applied; any later one is dropped whatever it
        // says, so its outcome makes no different state.
        outcome: fate.timing.isBeforeTimeout ? fate.outcome : .success,
        answerIn: fate.timing == .never ? nil : answerAt - now,
        timeoutIn: request.end == nil ? request.start + system.timeout - now : nil)
      if outstanding.storeWaits || outstanding.serverWorks {
        active.append(outstanding)
      } else if fate.timing != .never, !(answerAt < now) {
        // A late answer is dropped whatever it says, whatever the request asked.
        var late = outstanding
        late.outcome = .success
        late.kind = .authenticate
        lateAnswers.insert(late)
      }
    }
    let kept: Kept
    if let session = system.keptSession {
      kept = Specification.hasExpired(session, at: system.world.wallNow) ? .expired : .unexpired
    } else {
      kept = .nothing
    }
    var deliveries: [TimerID: Duration] = [:]
    var firingOrder: [[TimerRole]] = []
    var tied: (deadline: Duration, roles: [TimerRole])?
    func closeTie() {
      if let roles = tied?.roles, Set(roles).count > 1 { firingOrder.append(roles) }
    }
    let timers = system.world.timers.sorted {
      ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence)
    }
    for timer in timers {
      // An answer that never comes takes part in no tie.
      if case .server(let number) = timer.owner, system.requests[number]?.fate?.timing == .never {
        continue
      }
      let role: TimerRole
      switch timer.owner {
      case .store(.timeout(let id)): role = .timeout(current: id.number == state.attempt)
      case .store(.delivery(let id)):
        deliveries[id] = timer.deadline - now
        role = .delivery(id)
      case .server(let number): role = .answer(current: number == state.attempt)
      }
      if tied?.deadline == timer.deadline {
        if tied?.roles.last != role { tied?.roles.append(role) }
      } else {
        closeTie()
        tied = (timer.deadline, [role])
      }
    }
    closeTie()
    return SystemKey(
      screen: Screen(state), isClosed: system.isClosed, active: active, lateAnswers: lateAnswers,
      kept: kept, restorePending: system.restorePending, deliveries: deliveries,
      firingOrder: firingOrder,
      specifiedThrottle: system.specification.throttle.map {
        SpecifiedThrottle(endsIn: $0.deadline - now, shown: $0.shown)
      },
      specifiedDevice: system.specification.deviceStep.map { step in
        var step = step
        step.lastAnswer = step.lastAnswer - now
        step.expiresAt = step.expiresAt - now
        return step
      })
  }
}

extension SystemKey.Screen {
  init(_ state: LoginState) {
    email = state.email
    password = state.password
    isPasswordVisible = state.isPasswordVisible
    phase = state.phase.kind
    error = state.error
    cappedInvalidCredentials = min(
      state.consecutiveInvalidCredentials, LoginState.passwordResetThreshold)
    emailLimitReached = state.emailLimitReached
    passwordLimitReached = state.passwordLimitReached
    sessionNotRemembered = state.sessionNotRemembered
    retryIn = state.retryIn
    secondFactor = state.secondFactor.map { step in
      var step = step
      step.request = 0
      return step
    }
    deviceLogin = state.deviceLogin.map { step in
      var step = step
      step.request = 0
      return step
    }
    switch state.phase {
    case .submitting, .device: phaseBeforeDeviceLogin = state.phaseBeforeDeviceLogin
    case .idle, .editing, .succeeded, .failed, .secondFactor: phaseBeforeDeviceLogin = nil
    }
  }
}
