import LoginFlow
@_spi(Locking) import LoginRuntime

/// The auth service of a replay on the virtual clock: answers as the session's `respond`
/// lines decide, and like the demo service when none does.
///
/// When a request starts it takes the oldest queued `respond` (first in, first out), if
/// there is one. Otherwise it is *undecided*: the demo service's rule (success for the demo
/// account, otherwise `invalid-credentials`) answers it 1.5 s after it started, unless a
/// `respond` line comes first (``respond(_:after:)``), which then decides it: the answer
/// arrives `delay` after the start, or at once if that time has already passed. A `respond`
/// with no undecided request in flight is queued for the next request, at most
/// ``maximumQueuedResponses`` of them. A `timeout` outcome answers `failure(.timedOut)` at its
/// time, which leaves the screen exactly as the store's own timeout would.
///
/// A request the store gives up on (cancel, timeout or close) is released at once: its task
/// ends with `unexpected`, the acknowledgement the store does not report. What the server
/// would still have answered is kept as a record of a few bytes (``LateAnswer``) and, when
/// the clock reaches its time, reported to the store as a dropped late answer, like a server
/// that already got the request. One task, the *deliverer*, sleeps until the earliest of
/// those records, so memory stays flat however many requests are cancelled.
///
/// Every task here works for a unit the clock tracks (the store's call waits for its own
/// answer, a decision's sleeper inherits the call's unit, the deliverer is spawned on the
/// clock) and waits only by sleeping on the clock, so
/// advancing it stays deterministic. ``shutDown()`` stops everything at the end of a run.
package final class ScriptedAuthService: AuthService {
  /// A `respond` line's decision.
  typealias Decision = (outcome: SessionCommand.Outcome, delay: Duration)

  /// The most `respond` outcomes that may wait for requests, 1,000: far more than a session
  /// needs ahead of its `submit`s, and a bound on the memory a script can make the queue hold.
  package static let maximumQueuedResponses = 1_000

  /// What a `respond` line did.
  package enum Response: Equatable {
    /// It decided the oldest undecided request in flight.
    case decided
    /// It was queued for the next request.
    case queued
    /// The queue already held ``maximumQueuedResponses`` outcomes; nothing changed.
    case queueFull
  }

  /// What the server answers a request the store gave up on, and when.
  struct LateAnswer {
    /// The request's number, which is the store's attempt: the store calls the service once
    /// per attempt, in order, starting from 1.
    var attempt: Int
    var start: VirtualClock.Instant
    var due: VirtualClock.Instant
    var outcome: SessionCommand.Outcome
  }

  /// A request in flight.
  private struct Pending {
    var start: VirtualClock.Instant
    /// What answers it: a `respond`, or `nil` while undecided.
    var decision: Decision?
    /// What the demo rule answers its credentials (kept instead of the credentials).
    var demoAnswer: Result<AuthSession, AuthError>
    /// While undecided: the call's sleep until the demo deadline (registered on the clock),
    /// which a decision ends early.
    var sleeper: Int?

    /// What it answers and when, as decided now.
    var answer: (due: VirtualClock.Instant, outcome: SessionCommand.Outcome) {
      guard let decision else {
        let outcome: SessionCommand.Outcome =
          switch demoAnswer {
          case .success: .success
          case .failure(let error): .failure(error)
          }
        return (start.advanced(by: DemoAuthService.delay), outcome)
      }
      return (start.advanced(by: decision.delay), decision.outcome)
    }
  }

  private struct State {
    var queue = RingBuffer<Decision>(capacity: ScriptedAuthService.maximumQueuedResponses)
    var pending: [Int: Pending] = [:]
    var nextRequest = 0
    /// Late answers not delivered yet, earliest first (ties in the order they were made).
    var lateAnswers: [LateAnswer] = []
    /// The deliverer that runs now: its generation, its task and the time it sleeps until.
    var deliverer: (generation: Int, task: Task<Void, Never>, until: VirtualClock.Instant)?
    var deliverers = 0
    var isShutDown = false
    /// Where late answers are reported; released at shutdown, which breaks the cycle (the
    /// store holds this service): the runner shuts its service down when it ends, and when it
    /// is dropped without running (a session with errors). Not weak: a weak reference would
    /// give the store a side table, and every retain of it would take the runtime's slow path.
    var store: LoginStore?
  }

  private let clock: VirtualClock
  private let state = Locked(State())

  /// Creates a service whose answers wait on `clock`.
  package init(clock: VirtualClock) {
    self.clock = clock
  }

  /// How many requests are in flight (started, not answered, not abandoned).
  package var pendingRequestCount: Int {
    state.withLock { $0.pending.count }
  }

  /// The requests in flight, in order: the attempts the server still works on.
  package var pendingRequests: [Int] {
    state.withLock { $0.pending.keys.sorted() }
  }

  /// How many late answers are still to be delivered.
  package var lateAnswerCount: Int {
    state.withLock { $0.lateAnswers.count }
  }

  /// Sets the store that late answers are reported to: the one that calls this service. The
  /// service holds it until ``shutDown()``, which its owner must call, since the store holds
  /// the service too.
  package func reportLateAnswers(to store: LoginStore) {
    state.withLock { $0.store = store }
  }

  /// A `respond` line: decides the oldest request in flight that is still undecided, or
  /// queues the outcome for the next request that starts.
  ///
  /// When it decided a request in flight, that request's call is awake;
  /// `await clock.waitUntilIdle()` returns once it answered or sleeps again.
  package func respond(_ outcome: SessionCommand.Outcome, after delay: Duration) -> Response {
    let (response, sleeper) = state.withLock { state -> (Response, Int?) in
      let open = state.pending.filter { $0.value.decision == nil }
      guard let id = open.keys.min() else {
        return (state.queue.append((outcome, delay)) ? .queued : .queueFull, nil)
      }
      state.pending[id]?.decision = (outcome, delay)
      return (.decided, state.pending[id]?.sleeper)
    }
    // Waking the sleep marks the call's unit awake before the call runs again.
    if let sleeper { clock.wakeEarly(sleeper) }
    return response
  }

  /// Answers as decided (queued `respond`, a later `respond`, or the demo rule), at its time
  /// on the clock; when cancelled, at once with `unexpected`.
  package func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    let start = clock.now
    let demoAnswer = DemoAuthService.answer(to: credentials)
    let number: Int? = state.withLock { state in
      guard !state.isShutDown else { return nil }
      state.nextRequest += 1
      return state.nextRequest
    }
    guard let id = number else { throw .unexpected }
    // The request is registered inside the cancellation handler's scope: the call can let
    // the clock go idle only once a cancellation is sure to reach `abandon`.
    // The call itself waits for the answer (no task of its own): it sleeps on the clock, so
    // the clock tracks it with the call's work unit, and the call's cancellation both stops
    // that sleep and reaches `abandon`, which keeps the late-answer record.
    let result = await withTaskCancellationHandler {
      let registered = state.withLock { state -> Bool in
        guard !state.isShutDown, !Task.isCancelled else { return false }
        state.pending[id] = Pending(
          start: start, decision: state.queue.removeFirst(), demoAnswer: demoAnswer)
        return true
      }
      guard registered else { return Result<AuthSession, AuthError>.failure(.unexpected) }
      return await answer(id)
    } onCancel: {
      self.abandon(id)
    }
    switch result {
    case .success(let session): return session
    case .failure(let error): throw error
    }
  }

  /// Moves the `respond` outcomes still queued here, in order, to `successor`: the server of
  /// the store that replaces this one at a `relaunch`. The server outlives the app, so what a
  /// session queued for it still answers the next requests.
  package func handOverQueue(to successor: ScriptedAuthService) {
    let queued = state.withLock { state -> [Decision] in
      var queued: [Decision] = []
      while let decision = state.queue.removeFirst() { queued.append(decision) }
      return queued
    }
    successor.state.withLock { state in
      for decision in queued { _ = state.queue.append(decision) }
    }
  }

  /// Stops every answer still pending and forgets the late ones; later requests fail at once.
  /// Call it after the store is closed, at the end of a run.
  package func shutDown() {
    let stops = state.withLock { state -> [() -> Void] in
      state.isShutDown = true
      var stops: [() -> Void] = state.pending.values.compactMap(\.sleeper).map { sleeper in
        { [clock] in clock.wakeEarly(sleeper) }
      }
      if let deliverer = state.deliverer { stops.append(deliverer.task.cancel) }
      state.pending = [:]
      state.lateAnswers = []
      state.deliverer = nil
      state.store = nil
      return stops
    }
    for stop in stops { stop() }
  }

  // MARK: Answers

  /// The answer of request `id`: waits for a decision or the demo deadline, then until the
  /// answer's time. Returns `unexpected` once the request was abandoned.
  nonisolated(nonsending) private func answer(_ id: Int) async -> Result<AuthSession, AuthError> {
    guard let undecided = state.withLock({ $0.pending[id] }) else { return .failure(.unexpected) }
    if undecided.decision == nil {
      await waitForDecision(id, until: undecided.start.advanced(by: DemoAuthService.delay))
    }
    guard let due = state.withLock({ $0.pending[id]?.answer.due }) else {
      return .failure(.unexpected)
    }
    // A deadline already passed returns at once: a late `respond` answers now.
    do {
      try await clock.sleep(until: due)
    } catch {
      return .failure(.unexpected)
    }
    // Whoever removes the request decides how it ends: here with its answer, or in
    // `abandon` with a late-answer record.
    guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else {
      return .failure(.unexpected)
    }
    switch pending.answer.outcome {
    case .success: return .success(AuthSession(token: DemoAuthService.token))
    case .failure(let error): return .failure(error)
    }
  }

  /// Sleeps until `deadline` unless a `respond` decides request `id` first.
  nonisolated(nonsending) private func waitForDecision(
    _ id: Int, until deadline: VirtualClock.Instant
  ) async {
    // The sleep is registered on the clock and published under the lock, before the call
    // waits for it: a `respond` that decides the request in between finds it and wakes it,
    // and the call then returns at once. A decision ends the sleep without cancelling the
    // call, which still has to sleep until its answer is due.
    let sleeper = state.withLock { state -> Int? in
      guard let pending = state.pending[id], pending.decision == nil, !state.isShutDown else {
        return nil
      }
      let sleeper = clock.registerSleep(until: deadline)
      state.pending[id]?.sleeper = sleeper
      return sleeper
    }
    guard let sleeper else { return }
    try? await clock.sleep(registered: sleeper)
    state.withLock { $0.pending[id]?.sleeper = nil }
  }

  /// The store gave up on request `id` (cancel, timeout or close): release it now and keep
  /// what it would have answered as a late-answer record.
  private func abandon(_ id: Int) {
    let stops = state.withLock { state -> [() -> Void] in
      guard let pending = state.pending.removeValue(forKey: id), !state.isShutDown else {
        return []
      }
      let (due, outcome) = pending.answer
      let late = LateAnswer(attempt: id, start: pending.start, due: due, outcome: outcome)
      state.lateAnswers.insert(late, at: state.lateAnswers.insertionIndex(for: due))
      // The call's own cancellation ends its sleep; waking it as well costs nothing.
      var stops: [() -> Void] =
        pending.sleeper.map { sleeper in
          [{ [clock] in clock.wakeEarly(sleeper) }]
        } ?? []
      // A record earlier than the deliverer's wake-up needs a new deliverer.
      if let current = state.deliverer {
        guard due < current.until else { return stops }
        stops.append(current.task.cancel)
      }
      state.deliverers += 1
      let generation = state.deliverers
      let task = clock.spawn { await self.deliverLateAnswers(generation) }
      state.deliverer = (generation, task, due)
      return stops
    }
    for stop in stops { stop() }
  }

  /// The deliverer: sleeps until the earliest late answer, reports every one due, and ends
  /// when none is left or a newer deliverer replaced it.
  private func deliverLateAnswers(_ generation: Int) async {
    while true {
      let next = state.withLock { state -> VirtualClock.Instant? in
        guard state.deliverer?.generation == generation else { return nil }
        guard let first = state.lateAnswers.first else {
          state.deliverer = nil
          return nil
        }
        state.deliverer?.until = first.due
        return first.due
      }
      guard let next else { return }
      do {
        try await clock.sleep(until: next)
      } catch {
        return
      }
      let (due, store) = state.withLock { state -> (ArraySlice<LateAnswer>, LoginStore?) in
        guard state.deliverer?.generation == generation else { return ([], nil) }
        let count = state.lateAnswers.prefix { !(clock.now < $0.due) }.count
        defer { state.lateAnswers.removeFirst(count) }
        return (state.lateAnswers.prefix(count), state.store)
      }
      for late in due {
        let result: Result<AuthSession, AuthError> =
          switch late.outcome {
          case .success: .success(AuthSession(token: DemoAuthService.token))
          case .failure(let error): .failure(error)
          }
        await store?.reportLateAnswer(
          attempt: late.attempt, result, after: late.start.duration(to: late.due))
      }
    }
  }
}

extension [ScriptedAuthService.LateAnswer] {
  /// Where a late answer due at `due` goes in this list sorted by time: after every answer
  /// due no later, so ties keep the order they were made. A binary search, since thousands
  /// of cancels may wait for the same moment.
  fileprivate func insertionIndex(for due: VirtualClock.Instant) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if due < self[middle].due { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
