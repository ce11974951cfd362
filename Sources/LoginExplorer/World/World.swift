import LoginFlow
import LoginRuntime
import LoginSimulation

/// The running login system as a value: the store's core, the scripted server, the timers
/// both keep, the session kept, and the time — everything `login-replay` runs with tasks on
/// a virtual clock, here as data, so that the explorer copies a system to branch from it
/// instead of replaying its path from the first screen.
///
/// Nothing here decides what the store or the server does: the store is ``StoreCore``, the
/// one definition the ``LoginStore`` actor runs, and the server is ``ScriptedServer``, the one
/// ``ScriptedAuthService`` carries out on a virtual clock. The world only performs their
/// steps as the actor and the virtual clock would: a call reaches the server, a timer is
/// registered in order (so a tie goes to the one registered first: the store's timeout), an
/// advance fires the earliest timer and then lets what it woke reach the store before the
/// next one. A test runs random paths through both and compares every event.
struct World: Sendable {
  /// A timer of the store (its timeouts and deliveries) or of the server (an answer due).
  struct Timer: Sendable, Hashable {
    enum Owner: Sendable, Hashable {
      case store(StoreCore.Runner.TimerKey)
      case server(number: Int)
    }

    var deadline: Duration
    /// Registration order: ties between equal deadlines resolve by it.
    var sequence: Int
    var owner: Owner
  }

  /// The store's request timeout.
  let timeout: Duration
  /// How the machine is broken, if it is (the explorer's tests).
  let machine: Machine
  /// The current store's core.
  private(set) var core: StoreCore
  /// The current store's server.
  private(set) var server = ScriptedServer()
  /// The time since the run started.
  private(set) var now: Duration = .zero
  /// When the current store was created: its event times count from there.
  private(set) var storeStartedAt: Duration = .zero
  /// The timers pending, in registration order.
  private(set) var timers: [Timer] = []
  private var nextSequence = 0
  /// The calls that have not returned, each with the server's number of its request.
  private(set) var calls: [RequestID: Int] = [:]
  /// Calls that return at once (an abandoned request the server answers now).
  private var returning: [(RequestID, Result<AuthAnswer, AuthError>)] = []
  /// The session the session store keeps.
  private(set) var kept: StoredSession?
  /// Whether saves fail (the explorer's failing save).
  var failsSaves = false
  /// The store's events since the last ``takeEvents()``.
  private(set) var events: [StoreEvent] = []
  /// The fate of the next poll the store starts, once (``Fate/defaultPoll`` after that):
  /// the explorer's ``ExplorerEvent/advancePolling(_:)``.
  var nextPollFate: Fate?
  /// The fate each poll was given, by request number: the server is told it as a `respond`
  /// line before the poll would be, since the clock, not an event, starts a poll.
  private(set) var pollFates: [Int: Fate] = [:]

  /// A fresh system: the empty screen, nothing kept, at time zero.
  init(machine: Machine, timeout: Duration) {
    self.machine = machine
    self.timeout = timeout
    core = Self.freshCore(machine: machine, timeout: timeout)
  }

  private static func freshCore(machine: Machine, timeout: Duration) -> StoreCore {
    StoreCore(
      state: LoginState(), timeout: LoginStore.clampedTimeout(timeout),
      reducer: machine.reduce, faults: machine.faults)
  }

  /// The wall-clock time the store reads: the virtual clock's, from the Unix epoch.
  var wallNow: Timestamp { Timestamp.epoch.advanced(by: now) }

  /// The earliest pending deadline, if any.
  var nextDeadline: Duration? { timers.map(\.deadline).min() }

  /// The store's time now.
  private var storeNow: Duration { now - storeStartedAt }

  /// Takes the events reported since the last take.
  mutating func takeEvents() -> [StoreEvent] {
    defer { events = [] }
    return events
  }

  // MARK: What the world is told

  /// The store is sent `action`.
  mutating func send(_ action: LoginAction) {
    perform(core.send(action, at: storeNow))
    settle()
  }

  /// A `respond` line: the server decides its oldest undecided request, or queues.
  mutating func respond(_ outcome: ScriptedOutcome, after delay: Duration) {
    guard case .decided(let number, let due) = server.respond(outcome, after: delay, at: now)
    else { return }
    timers.removeAll { $0.owner == .server(number: number) }
    schedule(number, at: due)
    settle()
  }

  /// The store closes.
  mutating func close() {
    perform(core.close(at: storeNow))
    settle()
  }

  /// The app is killed and opened again: the store closes, a fresh store and server (which
  /// takes over the old one's queue) start, and the remembered session is restored, unless
  /// its read comes later (``restore()``).
  mutating func relaunch(restoringAtOnce: Bool = true) {
    close()
    let queue = server.takeQueue()
    // The old server stops: its calls end with the cancellation's acknowledgement, which a
    // closed store takes silently.
    timers.removeAll {
      if case .server = $0.owner { return true }
      return false
    }
    calls = [:]
    returning = []
    pollFates = [:]
    server = ScriptedServer()
    server.enqueue(queue)
    storeStartedAt = now
    core = Self.freshCore(machine: machine, timeout: timeout)
    if restoringAtOnce { restore() }
  }

  /// The store reads the remembered session, as at launch.
  mutating func restore() {
    guard !core.isClosed, let kept else { return }
    send(.sessionRestored(kept, now: wallNow))
  }

  /// Advances to the earliest pending deadline and fires everything due then, what the
  /// firing schedules for that same moment included, as the virtual clock does; `false`
  /// when nothing is pending.
  @discardableResult
  mutating func advanceToNextDeadline() -> Bool {
    guard let next = nextDeadline else { return false }
    advance(to: next)
    return true
  }

  /// Fires the earliest pending deadline (the first scheduled among equals).
  private mutating func fireEarliest() {
    guard
      let index = timers.indices.min(by: {
        (timers[$0].deadline, timers[$0].sequence) < (timers[$1].deadline, timers[$1].sequence)
      })
    else { return }
    let timer = timers.remove(at: index)
    now = max(now, timer.deadline)
    switch timer.owner {
    case .store(let key):
      perform(core.timerFired(key, at: storeNow))
    case .server(let number):
      if let result = server.answer(number),
        let id = calls.first(where: { $0.value == number })?.key
      {
        returned(id, result)
      }
    }
    settle()
  }

  /// Advances the time to `target`, firing every deadline due by then, in order.
  mutating func advance(to target: Duration) {
    while let next = nextDeadline, next <= target { fireEarliest() }
    now = max(now, target)
  }

  // MARK: Performing the store's steps

  /// Performs `steps` as the store actor does: events reported, calls and timers started or
  /// stopped, the session saved or cleared.
  private mutating func perform(_ steps: [StoreCore.Step]) {
    for step in steps {
      switch step {
      case .transition(let action, let before, let after, let effects, _):
        report(
          .transition(
            StoreTransition(action: action, before: before, after: after, effects: effects)))
      case .event(let kind):
        report(kind)
      case .run(let command):
        run(command)
      case .saveSession(let session):
        guard !failsSaves else {
          perform(
            core.sessionSaveFailed(SessionStoreError(.simulatedFailure), at: storeNow))
          continue
        }
        kept = StoredSession(
          remembering: session, at: wallNow, defaultLifetime: LoginStore.defaultSessionLifetime)
        report(.sessionSaved)
      case .clearSession:
        kept = nil
        report(.sessionCleared)
      }
    }
  }

  private mutating func run(_ command: StoreCore.Runner.Command) {
    switch command {
    case .call(let id, let request):
      var (number, due) = server.receive(request, at: now)
      calls[id] = number
      if id.kind == .pollDevice {
        let fate = nextPollFate ?? .defaultPoll
        nextPollFate = nil
        pollFates[id.number] = fate
        if case .decided(_, let decided) = server.respond(
          fate.outcome, after: fate.delay(timeout: timeout), at: now)
        {
          due = decided
        }
      }
      schedule(number, at: due)
    case .cancelCall(let id):
      guard let number = calls[id], server.abandon(number) == .answerNow else { return }
      timers.removeAll { $0.owner == .server(number: number) }
      returning.append((id, .failure(.unexpected)))
    case .startTimer(let key, let delay):
      register(.store(key), at: now + delay)
    case .cancelTimer(let key):
      timers.removeAll { $0.owner == .store(key) }
    }
  }

  /// The server answers request `number` at `due`: now when that has passed (the call
  /// returns as soon as the store is free again), else at a timer.
  private mutating func schedule(_ number: Int, at due: Duration) {
    guard due > now else {
      if let result = server.answer(number),
        let id = calls.first(where: { $0.value == number })?.key
      {
        returning.append((id, result))
      }
      return
    }
    register(.server(number: number), at: due)
  }

  private mutating func register(_ owner: Timer.Owner, at deadline: Duration) {
    nextSequence += 1
    timers.append(Timer(deadline: deadline, sequence: nextSequence, owner: owner))
  }

  /// The call for `id` returned `result`.
  private mutating func returned(_ id: RequestID, _ result: Result<AuthAnswer, AuthError>) {
    calls[id] = nil
    perform(core.callReturned(id, result, at: storeNow))
  }

  /// Lets the calls that return at once reach the store, as the virtual clock's idle wait
  /// does.
  private mutating func settle() {
    while !returning.isEmpty {
      let (id, result) = returning.removeFirst()
      returned(id, result)
    }
  }

  private mutating func report(_ kind: StoreEvent.Kind) {
    events.append(StoreEvent(time: storeNow, kind: kind))
  }
}
