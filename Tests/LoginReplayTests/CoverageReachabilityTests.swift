import LoginFlow
import LoginSimulation
import Testing

@testable import LoginReplay

/// The cells ``CoverageCell/unreachability`` excludes are exactly those a replay cannot
/// reach: a breadth-first search over `reduce` from the empty screen, feeding back answers
/// as the store does (only the answer to the request in flight, which is the current
/// attempt of a submitting state), saving and clearing the session as it does (a save that
/// works, or one that fails and feeds back `sessionSaveFailed`), and relaunching as
/// `relaunch` does (a fresh screen that restores the kept session, unexpired or expired)
/// and as `restore-session` does (the kept session read into any screen), reaches every other cell and none of these.
@Suite struct CoverageReachabilityTests {
  /// What the machine's behaviour depends on: the attempt id only has to match, and the
  /// counter of invalid credentials only matters up to the reset suggestion.
  struct Key: Hashable {
    var email: String
    var password: String
    var isPasswordVisible: Bool
    var phase: String
    var counter: Int
    var emailLimitReached: Bool
    var passwordLimitReached: Bool
    var sessionNotRemembered: Bool
    var kept: Bool
    var retryIn: Duration

    init(_ state: LoginState, kept: Bool) {
      self.kept = kept
      retryIn = state.retryIn
      sessionNotRemembered = state.sessionNotRemembered
      email = state.email
      password = state.password
      isPasswordVisible = state.isPasswordVisible
      switch state.phase {
      case .failed(let error): phase = "failed(\(error.name))"
      case .secondFactor(let step):
        // Everything but the request's number, which only grows.
        phase =
          "\(step.step) \(step.code) \(step.rejectedCodes) \(step.isExpired) \(step.resendIn)"
      case .device(let step):
        // The step, the time left and the notice; not the interval, which no cell reads.
        phase =
          "device \(step.step) \(step.timeLeft) \(step.notice.map(\.name) ?? "-")"
          + " back to \(state.phaseBeforeDeviceLogin)"
      case .idle, .editing, .submitting, .succeeded: phase = "\(state.phase.kind)"
      }
      counter = min(state.consecutiveInvalidCredentials, 3)
      emailLimitReached = state.emailLimitReached
      passwordLimitReached = state.passwordLimitReached
    }
  }

  /// The actions a replay can bring about in `state`: every kind of change (empty, valid,
  /// invalid, too long), every button, reset, and in `submitting` each answer to the current
  /// attempt and the store's close.
  static func actions(in state: LoginState) -> [LoginAction] {
    let emails = [
      "", "demo@example.com", "demo", String(repeating: "a", count: 243) + "@example.com",
    ]
    let passwords = ["", "   ", "Password123!", String(repeating: "x", count: 1025)]
    var actions: [LoginAction] =
      emails.map(LoginAction.emailChanged) + passwords.map(LoginAction.passwordChanged)
      + [
        .passwordVisibilityToggled, .submitTapped, .cancelTapped, .logoutTapped, .reset,
        .deviceLoginTapped,
      ]
    if state.phase.kind == .submitting {
      actions.append(.authResponse(attempt: state.attempt, .success(AuthSession(token: "t"))))
      actions += ScriptedOutcome.loginOutcomes.compactMap { outcome in
        guard case .failure(let error) = outcome else { return nil }
        // A short refusal reaches every throttle cell a long one does, in fewer states.
        let short = error == .rateLimited(retryAfter: nil) ? Self.refusal : error
        return .authResponse(attempt: state.attempt, .failure(short))
      }
      actions.append(
        .secondFactorRequired(attempt: state.attempt, SecondFactorMachine.exampleChallenge))
      actions.append(
        .deviceLoginStarted(attempt: state.attempt, DeviceLoginMachine.exampleAuthorization))
      actions.append(.storeClosed)
    }
    if let step = state.deviceLogin {
      actions += Self.deviceStepActions(in: step).map(LoginAction.deviceLogin)
      if step.isPolling { actions.append(.storeClosed) }
    }
    // The throttle's clock, as the store delivers it: a tick while more than a second
    // shows, then the end.
    if let shown = state.retrySecondsLeft {
      actions.append(shown > 1 ? .throttleTicked : .throttleEnded)
    }
    if let step = state.secondFactor {
      actions += Self.codeStepActions(in: step).map(LoginAction.secondFactor)
      switch step.step {
      case .checking:
        actions.append(.secondFactor(.verifyAnswer(request: step.request, .failed(Self.refusal))))
      case .resending:
        actions.append(.secondFactor(.resendAnswer(request: step.request, .failure(Self.refusal))))
      case .entering, .rejected, .expired, .failed: break
      }
      if step.isBusy { actions.append(.storeClosed) }
    } else {
      // The code step's buttons can be pressed on any screen; they do nothing there.
      actions += SecondFactorMachine.buttons.map { .secondFactor($0.action) }
    }
    return actions
  }

  /// The refusal the model's server answers with: two seconds, one tick and the end.
  static let refusal = AuthError.rateLimited(retryAfter: .seconds(2))

  /// What a replay can bring about in the code step: the child's alphabet, less what the
  /// store never delivers there: a deadline not pending (an expiry already past, a
  /// countdown over or not in its last second), an answer to a request not in flight, a
  /// close with nothing in flight.
  static func codeStepActions(in step: SecondFactorState) -> [SecondFactorAction] {
    let shown = SecondFactorState.wholeSeconds(roundingUp: step.resendIn)
    return SecondFactorMachine.alphabet(in: step).filter { action in
      switch action {
      case .codeExpired: !step.isExpired
      case .countdownTicked: shown > 1
      case .resendAvailable: step.resendIn > .zero && shown <= 1
      case .verifyAnswer(let request, _), .resendAnswer(let request, _): request == step.request
      case .storeClosed: false
      case .codeChanged, .verifyTapped, .resendTapped, .backTapped: true
      }
    }
  }

  /// What a replay can bring about in the device step, as the store delivers it: the next
  /// poll only between polls, an answer (each kind, and a failure retried or not) only to
  /// the poll in flight, a tick while more than a second shows, the expiry in the last
  /// second. (The store's close comes as the login machine's `storeClosed`.)
  static func deviceStepActions(in step: DeviceLoginState) -> [DeviceLoginAction] {
    let shown = step.secondsLeft
    var actions: [DeviceLoginAction] = []
    if step.isPolling {
      let answers: [DeviceLoginAction.Poll] = [
        .approved(AuthSession(token: "t")), .pending, .slowDown, .denied, .expired,
        .failed(.serverError), .failed(.timedOut), .failed(.invalidCredentials),
      ]
      actions += answers.map { .pollAnswer(request: step.request, $0) }
    } else {
      actions.append(.pollDue)
    }
    if shown > 1 { actions.append(.countdownTicked) }
    if step.timeLeft > .zero, shown <= 1 { actions.append(.codesExpired) }
    return actions
  }

  /// A state with whether the session store keeps a session.
  struct Node {
    var state: LoginState
    var kept: Bool
  }

  /// Applies `action` to `node` as a store does, recording every cell it runs: the session
  /// effects change what is kept, or (`savesFail`) a save fails and `sessionSaveFailed` is
  /// applied next.
  static func apply(
    _ action: LoginAction, to node: Node, savesFail: Bool, reached: inout Set<CoverageCell>
  ) -> Node {
    reached.insert(.transition(TransitionCell(applying: action, to: node.state)))
    if let childAction = LoginMachine.secondFactorAction(forwarding: action),
      let step = node.state.secondFactor
    {
      reached.insert(.secondFactor(SecondFactorMachine.cell(applying: childAction, to: step)))
    }
    if let childAction = LoginMachine.deviceLoginAction(forwarding: action),
      let step = node.state.deviceLogin
    {
      reached.insert(.deviceLogin(DeviceLoginMachine.cell(applying: childAction, to: step)))
    }
    var (next, effects) = reduce(node.state, action)
    var kept = node.kept
    for effect in effects {
      switch effect {
      case .saveSession:
        guard savesFail else {
          kept = true
          continue
        }
        reached.insert(.transition(TransitionCell(applying: .sessionSaveFailed, to: next)))
        next = reduce(next, .sessionSaveFailed).state
      case .clearSession: kept = false
      case .authenticate, .cancelAuthentication, .secondFactor, .scheduleThrottleTick,
        .scheduleThrottleEnd, .authorizeDevice, .deviceLogin:
        break
      }
    }
    return Node(state: next, kept: kept)
  }

  /// What a `relaunch` of `node` can bring about: a fresh screen that restores the kept
  /// session, before its expiry or after (a `wait` past it), or a fresh screen.
  static func relaunches(
    of node: Node, reached: inout Set<CoverageCell>
  ) -> [Node] {
    let fresh = Node(state: LoginState(), kept: node.kept)
    guard node.kept else { return [fresh] }
    return [fresh] + reads(into: fresh, reached: &reached)
  }

  /// What reading the kept session into `node` brings about, as a launch does and as a
  /// `restore-session` after `relaunch restore-later` does at any point: the session
  /// before its expiry or after.
  static func reads(into node: Node, reached: inout Set<CoverageCell>) -> [Node] {
    guard node.kept else { return [] }
    let now = Timestamp(secondsSinceEpoch: 1_000)
    return [now.advanced(by: .seconds(60)), now].map { expiry in
      apply(
        .sessionRestored(StoredSession(token: "t", expiresAt: expiry), now: now), to: node,
        savesFail: false, reached: &reached)
    }
  }

  @Test func theUnreachableCellsAreExactlyThoseNoReplayReaches() {
    let start = Node(state: LoginState(), kept: false)
    var seen: Set<Key> = [Key(start.state, kept: start.kept)]
    var frontier = [start]
    var reached: Set<CoverageCell> = []
    while let node = frontier.popLast() {
      var nexts =
        Self.relaunches(of: node, reached: &reached) + Self.reads(into: node, reached: &reached)
      for action in Self.actions(in: node.state) {
        for savesFail in [false, true] {
          let next = Self.apply(action, to: node, savesFail: savesFail, reached: &reached)
          // A closed store ignores every later action: nothing goes on from there.
          if action != .storeClosed { nexts.append(next) }
        }
      }
      for next in nexts where seen.insert(Key(next.state, kept: next.kept)).inserted {
        frontier.append(next)
      }
    }
    let transitions = CoverageCell.all.filter {
      switch $0 {
      case .transition, .secondFactor, .deviceLogin: true
      case .storeEvent: false
      }
    }
    let unreachable = transitions.filter { !reached.contains($0) }
    let marked = transitions.filter { $0.unreachability != nil }
    #expect(
      unreachable == marked,
      """
      reached but marked: \(marked.filter { !unreachable.contains($0) }); \
      never reached, not marked: \(unreachable.filter { !marked.contains($0) })
      """)
    // The login table: thirteen of the form and the answers, four closings outside a
    // request, five failed saves outside succeeded, too many codes as a login's answer. The
    // code step: twelve answers not in flight, four closings, two countdown arrivals, one
    // expiry, one complete code. The throttle: twelve deliveries with no throttle, two
    // while no login can be in flight, and the throttled submit of an idle form. Device
    // login: two conclusions as a login's answer, seven arrivals of the codes and two other
    // answers not in flight, six of the step's actions outside it, a failed save in it, its
    // own Cancel, four throttle arrivals in it (two with no throttle, two while none can
    // run); in the step, two answers not in flight, a poll due while one is in flight, and
    // a close with nothing in flight.
    #expect(
      unreachable.count
        == 13 + 4 + 5 + 1 + 12 + 4 + 2 + 1 + 1 + 12 + 2 + 1
        + 2 + 7 + 2 + 6 + 1 + 1 + 4 + 2 + 1 + 1)
  }
}
