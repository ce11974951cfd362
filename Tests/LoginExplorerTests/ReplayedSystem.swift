import LoginFlow
import LoginRuntime
import LoginSimulation

@testable import LoginExplorer

/// One run of the real actor: a fresh ``LoginStore`` on a ``VirtualClock``, with the scripted
/// server `login-replay` uses and a session store in memory, driven one ``ExplorerEvent`` at a
/// time — the explorer's value-type ``ExploredSystem`` as the store actor runs it, for the
/// differential test that the two agree step by step.
final class ReplayedSystem {
  /// What happened to one auth request, as the store's events tell it.
  struct Request: Hashable {
    /// When it started, on the clock.
    var start: VirtualClock.Instant
    /// What the server answers, and when; `nil` until the submit chose it.
    var fate: Fate?
    /// How it ended, once it did.
    var end: End?
    /// Whether its late answer was reported as dropped.
    var droppedLate = false

    /// The store's word for how a request ended.
    enum End: Hashable {
      case finished, cancelled, timedOut
    }
  }

  /// What one event did.
  struct Step {
    var event: ExplorerEvent
    var before: LoginState
    var after: LoginState
    /// The store's events during the step, in order.
    var events: [StoreEvent]
    /// The requests as they stood before the step.
    var requestsBefore: [Int: Request]
    /// Whether a `submit` started a request.
    var startedRequest: Bool
    /// How far the clock moved.
    var elapsed: Duration
  }

  let machine: Machine
  let timeout: Duration
  let clock = VirtualClock()
  /// The dates the stores see: the virtual clock's, from the Unix epoch.
  let wallClock: WallClock
  /// Where the session is remembered; it outlives every store of the run.
  let sessionStore = SimulatedSessionStore()
  /// The current store's server, and the current store: both replaced at a relaunch.
  private(set) var service: ScriptedAuthService
  private(set) var store: LoginStore
  private let log = Locked<[StoreEvent]>([])
  private var readEvents = 0
  /// Where the current store's events start in ``allEvents``.
  private var generationStart = 0
  /// When the current store was created: its event times count from there.
  private var storeStart = VirtualClock.Instant.zero
  /// Every request the current store started, by attempt.
  private(set) var requests: [Int: Request] = [:]
  /// Whether the current store was closed: from then on it ignores every action.
  private(set) var isClosed = false
  /// The user actions the explorer sent to the current store, in order, for folding the
  /// reducer (invariant 9).
  private(set) var sentActions: [LoginAction] = []
  /// The `sessionRestored` the current store applied at its launch, if it found a session.
  private(set) var restoredAction: LoginAction?
  /// Every event the stores reported so far, the closed ones' included.
  var allEvents: [StoreEvent] { log.withLock { $0 } }
  /// The events of the current store.
  var currentEvents: [StoreEvent] { log.withLock { Array($0[generationStart...]) } }
  /// The session kept now (never failing: the failures are the saves').
  var keptSession: StoredSession? { try? sessionStore.load() }

  init(machine: Machine, timeout: Duration) {
    self.machine = machine
    self.timeout = timeout
    wallClock = .virtual(clock)
    service = ScriptedAuthService(clock: clock)
    store = Self.makeStore(
      service: service, clock: clock, wallClock: wallClock, sessionStore: sessionStore,
      log: log, machine: machine, timeout: timeout)
  }

  /// A store of this system: the machine's, remembering into `sessionStore`, reporting to
  /// `log`.
  private static func makeStore(
    service: ScriptedAuthService, clock: VirtualClock, wallClock: WallClock,
    sessionStore: SimulatedSessionStore, log: Locked<[StoreEvent]>, machine: Machine,
    timeout: Duration
  ) -> LoginStore {
    LoginStore(
      service: service, clock: clock, timeout: timeout, sessionStore: sessionStore,
      wallClock: wallClock, onEvent: { event in log.withLock { $0.append(event) } },
      reducer: machine.reduce, faults: machine.faults)
  }

  /// Runs `events` from the start on a fresh system, hands it and its steps to `body`, then
  /// tears it down (closing the store and stopping every task), so that no run outlives
  /// its use.
  static func run<Result>(
    _ events: [ExplorerEvent], machine: Machine, timeout: Duration,
    _ body: (ReplayedSystem, [Step]) async -> Result
  ) async -> Result {
    let system = ReplayedSystem(machine: machine, timeout: timeout)
    var steps: [Step] = []
    for event in events { steps.append(await system.perform(event)) }
    let result = await body(system, steps)
    await system.tearDown()
    return result
  }

  /// Closes the store and stops the server's pending answers; every task of the run ends.
  func tearDown() async {
    await store.close()
    service.shutDown()
    await clock.waitUntilIdle()
  }

  /// Performs one event and waits until the work it started is at rest.
  func perform(_ event: ExplorerEvent) async -> Step {
    let before = await store.state
    let requestsBefore = requests
    let startTime = clock.now
    var started = false
    var events: [StoreEvent] = []
    switch event {
    case .setEmail(let sample): await send(.emailChanged(sample.text))
    case .setPassword(let sample): await send(.passwordChanged(sample.text))
    case .togglePassword: await send(.passwordVisibilityToggled)
    case .cancel: await send(.cancelTapped)
    case .logout: await send(.logoutTapped)
    case .reset: await send(.reset)
    case .close:
      isClosed = true
      await store.close()
      await clock.waitUntilIdle()
    case .relaunch:
      events = await relaunch(restoringAtOnce: true)
    case .relaunchRestoringLater:
      events = await relaunch(restoringAtOnce: false)
    case .restoreSession:
      restoredAction = keptSession.map { .sessionRestored($0, now: wallClock.now()) }
      await store.restoreSession()
      await clock.waitUntilIdle()
    case .advanceFailingSave:
      sessionStore.failsSaves = true
      _ = await clock.advanceToNextDeadline()
      sessionStore.failsSaves = false
    case .expireSession:
      if let kept = keptSession {
        await clock.advance(to: VirtualClock.Instant(offset: kept.expiresAt.sinceEpoch))
      }
    case .submit(let fate):
      (events, started) = await start(.submitTapped, fate)
    case .setCode(let sample, let fate):
      (events, started) = await start(.secondFactor(.codeChanged(sample.text)), fate)
    case .verify(let fate):
      (events, started) = await start(.secondFactor(.verifyTapped), fate)
    case .resend(let fate):
      (events, started) = await start(.secondFactor(.resendTapped), fate)
    case .back:
      await send(.secondFactor(.backTapped))
    case .deviceLogin(let fate):
      (events, started) = await start(.deviceLoginTapped, fate)
    case .advance:
      _ = await clock.advanceToNextDeadline()
    case .advancePolling(let fate):
      // Queued for the poll the deadline starts: the server's next request.
      _ = service.respond(fate.outcome, after: fate.delay(timeout: timeout))
      _ = await clock.advanceToNextDeadline()
    case .wait(let duration):
      await clock.advance(by: duration)
    }
    events += ingest()
    return Step(
      event: event, before: before, after: await store.state, events: events,
      requestsBefore: requestsBefore,
      startedRequest: started, elapsed: startTime.duration(to: clock.now))
  }

  /// Advances the clock by `duration`; returns the store's events meanwhile.
  func advance(by duration: Duration) async -> [StoreEvent] {
    await clock.advance(by: duration)
    return ingest()
  }

  /// Advances the clock past every deadline, however far; returns the store's events.
  func drain() async -> [StoreEvent] {
    while await clock.advanceToNextDeadline() {}
    return ingest()
  }

  /// Sends `action`; when it starts a request, the server is told its `fate`.
  private func start(
    _ action: LoginAction, _ fate: Fate?
  ) async -> (events: [StoreEvent], started: Bool) {
    let count = requests.count
    await send(action)
    let events = ingest()
    let started = requests.count > count
    if started, let fate, let number = requests.keys.max() {
      requests[number]?.fate = fate
      _ = service.respond(fate.outcome, after: fate.delay(timeout: timeout))
      await clock.waitUntilIdle()
    }
    return (events, started)
  }

  private func send(_ action: LoginAction) async {
    sentActions.append(action)
    await store.send(action)
    await clock.waitUntilIdle()
  }

  /// Closes the store and stops its server, as when the app is killed, then starts a fresh
  /// store and server over the same session store and clock, and launches it. Returns the
  /// closed store's last events (the requests its closing cancelled).
  private func relaunch(restoringAtOnce: Bool) async -> [StoreEvent] {
    await store.close()
    let closing = ingest()
    let successor = ScriptedAuthService(clock: clock)
    service.handOverQueue(to: successor)
    service.shutDown()
    await clock.waitUntilIdle()
    generationStart = log.withLock { $0.count }
    readEvents = generationStart
    storeStart = clock.now
    requests = [:]
    sentActions = []
    isClosed = false
    service = successor
    store = Self.makeStore(
      service: successor, clock: clock, wallClock: wallClock, sessionStore: sessionStore,
      log: log, machine: machine, timeout: timeout)
    restoredAction = keptSession.map { .sessionRestored($0, now: wallClock.now()) }
    if restoringAtOnce {
      await store.restoreSession()
      await clock.waitUntilIdle()
    }
    return closing
  }

  /// Reads the events not read yet into the request ledger; returns them.
  @discardableResult
  private func ingest() -> [StoreEvent] {
    let events = log.withLock { Array($0[readEvents...]) }
    readEvents += events.count
    for event in events {
      switch event.kind {
      case .effectStarted(let id):
        // The store's event times count from its creation.
        requests[id.number] = Request(start: storeStart.advanced(by: event.time))
      case .effectFinished(let id, _, _): end(id.number, .finished)
      case .effectCancelled(let id, _): end(id.number, .cancelled)
      case .effectTimedOut(let id, _): end(id.number, .timedOut)
      case .responseDropped(let id, _, _):
        requests[id.number]?.droppedLate = true
      case .transition, .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared,
        .sessionDiscarded:
        break
      }
    }
    return events
  }

  /// Records the first end of request `attempt`; a second is the invariants' business.
  private func end(_ attempt: Int, _ end: Request.End) {
    guard var request = requests[attempt], request.end == nil else { return }
    request.end = end
    requests[attempt] = request
  }
}
