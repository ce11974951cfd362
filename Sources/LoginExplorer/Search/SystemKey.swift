import LoginFlow
import LoginRuntime
import LoginSimulation

/// The abstraction of a system state that the search treats as "the same state": two runs
/// with equal keys behave alike under every future event, as far as the invariants can tell.
///
/// It keeps the screen's state and the requests outstanding, and drops what only counts:
/// - attempt numbers become *current* or *older* (only equality with the attempt in flight
///   matters to the reducer and the store), so submit/cancel cycles do not make new states;
/// - the invalid-credentials counter is capped at the reset threshold (beyond it the screen
///   shows the same);
/// - times become offsets from now (every deadline is a multiple of `T/2` after a start, so
///   there are finitely many), and an abandoned request whose late answer comes only at the
///   end of time is left out, as are duplicate late answers (each is dropped on its own, so
///   how many wait changes nothing but the number of identical events);
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
  }

  /// A request whose answer is still to come, relative to now.
  struct Outstanding: Hashable {
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
        isCurrent: attempt == state.attempt,
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
        // A late answer is dropped whatever it says.
        var late = outstanding
        late.outcome = .success
        lateAnswers.insert(late)
      }
    }
    let kept: Kept
    if let session = system.keptSession {
      kept = session.isExpired(at: system.world.wallNow) ? .expired : .unexpired
    } else {
      kept = .nothing
    }
    return SystemKey(
      screen: Screen(state), isClosed: system.isClosed, active: active, lateAnswers: lateAnswers,
      kept: kept, restorePending: system.restorePending)
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
  }
}
