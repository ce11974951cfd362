import LoginFlow
import LoginRuntime
import LoginSimulation

/// One run of the real system as a value, driven one ``ExplorerEvent`` at a time: the
/// ``World`` (the store's core, the scripted server, their timers, the session kept) and
/// the explorer's ledger of what it saw (each request's start, fate and end, the actions it
/// sent).
///
/// Events go through the store's `send`, answers and timeouts through the clock, a relaunch
/// through a fresh store over the same session store, exactly as a session file's commands
/// do; copying a system branches it. What the run observes — the store's events, its state,
/// the server's open requests, the session kept — is what the invariants read.
struct ExploredSystem: Sendable {
  /// What happened to one request (a login, a check, a resend), as the store's events tell
  /// it.
  struct Request: Hashable, Sendable {
    /// What it asks.
    var kind: RequestKind
    /// When it started, on the run's clock.
    var start: Duration
    /// What the server answers, and when; `nil` until the event that started it chose it.
    var fate: Fate?
    /// How it ended, once it did.
    var end: End?
    /// Whether its late answer was reported as dropped.
    var droppedLate = false

    /// The store's word for how a request ended.
    enum End: Hashable, Sendable {
      case finished, cancelled, timedOut
    }
  }

  /// What one event did.
  struct Step: Sendable {
    var event: ExplorerEvent
    var before: LoginState
    var after: LoginState
    /// The store's events during the step, in order.
    var events: [StoreEvent]
    /// The requests as they stood before the step.
    var requestsBefore: [Int: Request]
    /// The code step as the specification had it before the step.
    var codeStepBefore: Specification.CodeStep?
    /// The throttle as the specification had it before the step.
    var throttleBefore: Specification.Throttle?
    /// The device step as the specification had it before the step.
    var deviceStepBefore: Specification.DeviceStep?
    /// When the step began, on the run's clock.
    var startTime: Duration
    /// Whether the event started a request (a submit, a check, a resend, device login's
    /// codes).
    var startedRequest: Bool
    /// The fates of the polls the clock started during the step, in order.
    var pollFates: [Fate]
    /// How far the clock moved.
    var elapsed: Duration
  }

  /// The system itself.
  private(set) var world: World
  /// Every request the current store started, by number (the code step's requests continue
  /// the login's attempts, so numbers are unique across kinds).
  private(set) var requests: [Int: Request] = [:]
  /// Whether the current store was closed: from then on it ignores every action.
  private(set) var isClosed = false
  /// The state `reduce` gives over the actions the current store reports applying, folded
  /// as they come (invariant 9); `nil` once an action could not be rebuilt.
  private(set) var folded: LoginState? = LoginState()
  /// The actions the explorer sent to the current store and the store has not applied yet.
  private var unapplied: [LoginAction] = []
  /// A user's action the current store applied though nobody sent it (invariant 9): a store
  /// that logs out on a failed save, say.
  private(set) var unsentAction: LoginAction.Kind?
  /// The `sessionRestored` the current store applied at its launch, if it found a session.
  private(set) var restoredAction: LoginAction?
  /// Whether the current store was launched with its session read still to come
  /// (``ExplorerEvent/relaunchRestoringLater``, until ``ExplorerEvent/restoreSession``).
  private(set) var restorePending = false
  /// How many late answers every store of the run dropped.
  private(set) var droppedAnswers = 0
  /// What the screen must show, by the specification alone: the invariants' oracle.
  private(set) var specification: Specification

  /// A fresh system on `machine` whose store times requests out after `timeout`.
  init(machine: Machine, timeout: Duration) {
    world = World(machine: machine, timeout: timeout)
    specification = Specification(timeout: LoginStore.clampedTimeout(timeout))
  }

  var machine: Machine { world.machine }
  var timeout: Duration { world.timeout }
  /// The store's state.
  var state: LoginState { world.core.state }
  /// The session kept now.
  var keptSession: StoredSession? { world.kept }

  /// Runs `events` from the start on a fresh system; returns it and its steps.
  static func run(
    _ events: [ExplorerEvent], machine: Machine, timeout: Duration
  ) -> (system: ExploredSystem, steps: [Step]) {
    var system = ExploredSystem(machine: machine, timeout: timeout)
    let steps = events.map { system.perform($0) }
    return (system, steps)
  }

  /// Performs one event.
  mutating func perform(_ event: ExplorerEvent) -> Step {
    let before = state
    let requestsBefore = requests
    let codeStepBefore = specification.codeStep
    let throttleBefore = specification.throttle
    let deviceStepBefore = specification.deviceStep
    let startTime = world.now
    var started = false
    var events: [StoreEvent] = []
    switch event {
    case .setEmail(let sample): send(.emailChanged(sample.text))
    case .setPassword(let sample): send(.passwordChanged(sample.text))
    case .togglePassword: send(.passwordVisibilityToggled)
    case .cancel: send(.cancelTapped)
    case .logout: send(.logoutTapped)
    case .reset: send(.reset)
    case .close:
      isClosed = true
      world.close()
    case .relaunch:
      events = relaunch(restoringAtOnce: true)
    case .relaunchRestoringLater:
      events = relaunch(restoringAtOnce: false)
    case .restoreSession:
      restorePending = false
      restoredAction = keptSession.map { .sessionRestored($0, now: world.wallNow) }
      world.restore()
    case .advanceFailingSave:
      world.failsSaves = true
      world.advanceToNextDeadline()
      world.failsSaves = false
    case .expireSession:
      if let kept = keptSession { world.advance(to: kept.expiresAt.sinceEpoch) }
    case .submit(let fate), .setCode(_, let fate), .verify(let fate), .resend(let fate),
      .deviceLogin(let fate):
      if let action = Self.requestingAction(of: event) {
        (events, started) = start(action, fate)
      }
    case .back:
      send(.secondFactor(.backTapped))
    case .advance:
      world.advanceToNextDeadline()
    case .advancePolling(let fate):
      world.nextPollFate = fate
      world.advanceToNextDeadline()
      world.nextPollFate = nil
    case .wait(let duration):
      world.advance(to: world.now + duration)
    }
    events += ingest()
    let pollFates = events.compactMap { event -> Fate? in
      guard case .effectStarted(let id) = event.kind, id.kind == .pollDevice else { return nil }
      return requests[id.number]?.fate
    }
    specification.apply(event)
    return Step(
      event: event, before: before, after: state, events: events, requestsBefore: requestsBefore,
      codeStepBefore: codeStepBefore, throttleBefore: throttleBefore,
      deviceStepBefore: deviceStepBefore, startTime: startTime,
      startedRequest: started, pollFates: pollFates, elapsed: world.now - startTime)
  }

  /// The most deadlines ``drain()`` fires: far more than a correct machine ever has pending,
  /// so that a machine whose clock never stops (a countdown ticking forever) ends too.
  static let drainLimit = 1_000

  /// Advances the clock past every deadline, however far (but at most ``drainLimit`` of
  /// them); returns the store's events.
  mutating func drain() -> [StoreEvent] {
    let start = world.now
    var fired = 0
    while fired < Self.drainLimit, world.advanceToNextDeadline() { fired += 1 }
    specification.apply(.wait(world.now - start))
    return ingest()
  }

  /// The action an event that may start a request sends; `nil` for every other event.
  static func requestingAction(of event: ExplorerEvent) -> LoginAction? {
    switch event {
    case .submit: .submitTapped
    case .setCode(let sample, _): .secondFactor(.codeChanged(sample.text))
    case .verify: .secondFactor(.verifyTapped)
    case .resend: .secondFactor(.resendTapped)
    case .deviceLogin: .deviceLoginTapped
    case .setEmail, .setPassword, .togglePassword, .cancel, .logout, .reset, .close, .relaunch,
      .relaunchRestoringLater, .restoreSession, .advance, .advanceFailingSave, .expireSession,
      .back, .advancePolling, .wait:
      nil
    }
  }

  /// Whether `event` would start a request now: the store's core alone tried on a copy, as
  /// the explorer asks before it splits the event into fates.
  func wouldStartRequest(_ event: ExplorerEvent) -> Bool {
    guard let action = Self.requestingAction(of: event) else { return false }
    var core = world.core
    return core.send(action, at: world.now - world.storeStartedAt).contains { step in
      guard case .run(.call) = step else { return false }
      return true
    }
  }

  /// Sends `action`; when it starts a request, the server is told its `fate` as a `respond`
  /// line right after would. Returns the store's events and whether a request started.
  private mutating func start(
    _ action: LoginAction, _ fate: Fate?
  ) -> (events: [StoreEvent], started: Bool) {
    let count = requests.count
    send(action)
    let events = ingest()
    let started = requests.count > count
    if started, let fate, let number = requests.keys.max() {
      requests[number]?.fate = fate
      world.respond(fate.outcome, after: fate.delay(timeout: timeout))
    }
    return (events, started)
  }

  private mutating func send(_ action: LoginAction) {
    unapplied.append(action)
    world.send(action)
  }

  /// Closes the store, as when the app is killed, then starts a fresh store and server over
  /// the same session store and clock, and launches it, its session read now or later.
  /// Returns the closed store's last events (the requests its closing cancelled).
  private mutating func relaunch(restoringAtOnce: Bool) -> [StoreEvent] {
    world.close()
    let closing = ingest()
    requests = [:]
    unapplied = []
    folded = LoginState()
    unsentAction = nil
    isClosed = false
    restoredAction = keptSession.map { .sessionRestored($0, now: world.wallNow) }
    restorePending = !restoringAtOnce
    world.relaunch(restoringAtOnce: restoringAtOnce)
    return closing
  }

  /// Reads the events not read yet into the request ledger and the fold; returns them.
  @discardableResult
  private mutating func ingest() -> [StoreEvent] {
    let events = world.takeEvents()
    for event in events {
      switch event.kind {
      case .effectStarted(let id):
        // The store's event times count from its creation.
        // A poll's fate was chosen where the clock started it.
        requests[id.number] = Request(
          kind: id.kind, start: world.storeStartedAt + event.time,
          fate: world.pollFates[id.number])
      case .effectFinished(let id, _, _): end(id.number, .finished)
      case .effectCancelled(let id, _): end(id.number, .cancelled)
      case .effectTimedOut(let id, _): end(id.number, .timedOut)
      case .responseDropped(let id, _, _):
        requests[id.number]?.droppedLate = true
        droppedAnswers += 1
      case .transition(let transition):
        fold(transition)
      case .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared,
        .sessionDiscarded:
        break
      }
    }
    return events
  }

  /// Records the first end of request `attempt`; a second is the invariants' business.
  private mutating func end(_ attempt: Int, _ end: Request.End) {
    guard var request = requests[attempt], request.end == nil else { return }
    request.end = end
    requests[attempt] = request
  }

  /// Folds the action `transition` reports into ``folded``: the machine's reducer over the
  /// actions as the explorer sent them, the answers as the server gave them, and the rest as
  /// the store fed them back.
  private mutating func fold(_ transition: StoreTransition) {
    guard let state = folded else { return }
    let action: LoginAction
    switch transition.action {
    case .authResponse, .secondFactorRequired, .deviceLoginStarted:
      guard let answer = answer(in: transition) else {
        folded = nil
        return
      }
      action = answer
    case .sessionRestored:
      guard let restored = restoredAction else {
        folded = nil
        return
      }
      action = restored
    case .sessionSaveFailed:
      action = .sessionSaveFailed
    case .throttleTicked:
      action = .throttleTicked  // delivered by the store's clock
    case .throttleEnded:
      action = .throttleEnded
    case .storeClosed:
      action = .storeClosed  // fed back by the store's close, not sent by the explorer
    case .secondFactor:
      if let answer = answer(in: transition) {
        action = answer
      } else if let next = unapplied.first, next.kind == .secondFactor {
        unapplied.removeFirst()
        action = next
      } else if let delivery = transition.secondFactorCell.flatMap({ Self.delivery($0.action) }) {
        action = .secondFactor(delivery)
      } else {
        folded = nil
        return
      }
    case .deviceLogin:
      // A poll's answer, the clock's deliveries, the store's closing: the explorer sends none
      // of them (Cancel is the login machine's).
      if let answer = answer(in: transition) {
        action = answer
      } else if let delivery = transition.deviceLoginCell.flatMap({ Self.delivery($0.action) }) {
        action = .deviceLogin(delivery)
      } else {
        folded = nil
        return
      }
    case .emailChanged, .passwordChanged, .passwordVisibilityToggled, .submitTapped,
      .cancelTapped, .logoutTapped, .reset, .deviceLoginTapped:
      guard let next = unapplied.first, next.kind == transition.action else {
        if unapplied.isEmpty { unsentAction = transition.action }
        folded = nil
        return
      }
      unapplied.removeFirst()
      action = next
    }
    folded = machine.reduce(state, action).0
  }

  /// The answer `transition` applied, rebuilt from what the server was told to answer: its
  /// outcome as the store reports it for a failure (a timeout's included), the fate's answer
  /// for a success (which the report does not carry: the session, the challenge, the new
  /// code). `nil` for a transition that applied no answer.
  private func answer(in transition: StoreTransition) -> LoginAction? {
    guard let response = transition.response else { return nil }
    let id = response.request
    switch response.outcome {
    case .failure(let error):
      return LoginAction.answer(to: id, with: .failure(error))
    case .success:
      guard let fate = requests[id.number]?.fate else { return nil }
      return LoginAction.answer(to: id, with: fate.outcome.answer(toRequestOf: id.kind))
    }
  }

  /// The device step's action of `kind` when the clock or the store's closing delivers it, or
  /// `nil` for every other.
  private static func delivery(_ kind: DeviceLoginAction.Kind) -> DeviceLoginAction? {
    switch kind {
    case .pollDue: .pollDue
    case .countdownTicked: .countdownTicked
    case .codesExpired: .codesExpired
    case .storeClosed: .storeClosed
    case .pollAnswer, .cancelTapped: nil
    }
  }

  /// The code step's action of `kind` when the clock delivers it, or `nil` for every other.
  private static func delivery(_ kind: SecondFactorAction.Kind) -> SecondFactorAction? {
    switch kind {
    case .codeExpired: .codeExpired
    case .countdownTicked: .countdownTicked
    case .resendAvailable: .resendAvailable
    case .codeChanged, .verifyTapped, .resendTapped, .backTapped, .verifyAnswer, .resendAnswer,
      .storeClosed:
      nil
    }
  }
}
