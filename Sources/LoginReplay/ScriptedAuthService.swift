import LoginFlow
import LoginRuntime
import Synchronization

/// The auth service of a replay on the virtual clock: answers as the session's `respond`
/// lines decide, and like the demo service when none does.
///
/// When a request starts it takes the oldest queued `respond` (first in, first out), if
/// there is one. Otherwise it is *undecided*: the demo service's rule (success for the demo
/// account, otherwise `invalid-credentials`) answers it 1.5 s after it started, unless a
/// `respond` line comes first (``respond(_:after:)``), which then decides it: the answer
/// arrives `delay` after the start, or at once if that time has already passed. A `respond`
/// with no undecided request in flight is queued for the next request. A `timeout` outcome
/// answers `failure(.timedOut)` at its time, which leaves the screen exactly as the store's
/// own timeout would.
///
/// The answer is computed in a task of its own that the store's cancellation does not reach,
/// like a server that already received the request: a cancelled or timed-out request still
/// answers at its time, and the store drops that late answer (the trace shows it); it can no
/// longer be decided by a `respond`. Every task here inherits the store's work unit and
/// waits only by sleeping on the clock (an undecided request sleeps until its demo deadline,
/// and a decision cancels that sleep), so the clock always knows whether work is running and
/// stays deterministic. ``shutDown()`` stops every pending answer at the end of a run.
final class ScriptedAuthService: AuthService {
  /// A `respond` line's decision.
  typealias Decision = (outcome: SessionCommand.Outcome, delay: Duration)

  /// A request that started with no queued decision and has not answered yet.
  private struct Undecided {
    /// The `respond` that decided it while it waited, if one did.
    var decision: Decision?
    /// The task sleeping until the demo deadline; cancelled when a decision arrives.
    var sleeper: Task<Void, Never>?
    /// Whether the store gave up on it (cancelled or timed out): no `respond` decides it.
    var isAbandoned = false
  }

  private struct State {
    var queue: [Decision] = []
    var head = 0
    var answers: [Int: Task<Result<AuthSession, AuthError>, Never>] = [:]
    var undecided: [Int: Undecided] = [:]
    var nextAnswer = 0
    var isShutDown = false

    /// Takes the oldest queued response, compacting the queue once it is all consumed.
    mutating func dequeue() -> Decision? {
      guard head < queue.count else { return nil }
      let first = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return first
    }
  }

  private let clock: VirtualClock
  private let state = Mutex(State())

  /// Creates a service whose answers wait on `clock`.
  init(clock: VirtualClock) {
    self.clock = clock
  }

  /// A `respond` line: decides the oldest request in flight that is still undecided, or
  /// queues the outcome for the next request that starts.
  ///
  /// - Returns: Whether it decided a request in flight. That request's answer task is then
  ///   awake; `await clock.waitUntilIdle()` returns once it answered or sleeps again.
  @discardableResult
  func respond(_ outcome: SessionCommand.Outcome, after delay: Duration) -> Bool {
    let (decided, sleeper) = state.withLock { state -> (Bool, Task<Void, Never>?) in
      let open = state.undecided.filter { $0.value.decision == nil && !$0.value.isAbandoned }
      guard let id = open.keys.min() else {
        state.queue.append((outcome, delay))
        return (false, nil)
      }
      state.undecided[id]?.decision = (outcome, delay)
      return (true, state.undecided[id]?.sleeper)
    }
    // Cancelling the sleep marks the unit awake before the task runs again.
    sleeper?.cancel()
    return decided
  }

  /// Answers as decided (queued `respond`, a later `respond`, or the demo rule), at its time
  /// on the clock.
  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    let start = clock.now
    let started: (Int, Task<Result<AuthSession, AuthError>, Never>)? = state.withLock { state in
      guard !state.isShutDown else { return nil }
      let decided = state.dequeue()
      state.nextAnswer += 1
      let id = state.nextAnswer
      if decided == nil { state.undecided[id] = Undecided() }
      // An unstructured task: the store's cancellation does not reach it, but it inherits
      // the call's work unit, so the clock tracks its sleep like the call's own.
      let task = Task {
        let result = await self.answer(id, decided, credentials, start: start)
        self.forget(id)
        return result
      }
      state.answers[id] = task
      return (id, task)
    }
    guard let (id, answer) = started else { throw .unexpected }
    let result = await withTaskCancellationHandler {
      await answer.value
    } onCancel: {
      self.abandon(id)
    }
    switch result {
    case .success(let session): return session
    case .failure(let error): throw error
    }
  }

  /// Stops every answer still pending; later requests fail at once. Call it after the
  /// store is closed, at the end of a run.
  func shutDown() {
    let (answers, sleepers) = state.withLock { state in
      state.isShutDown = true
      return (Array(state.answers.values), state.undecided.values.compactMap(\.sleeper))
    }
    for task in answers { task.cancel() }
    for task in sleepers { task.cancel() }
  }

  private func forget(_ id: Int) {
    state.withLock { state in
      state.answers[id] = nil
      state.undecided[id] = nil
    }
  }

  /// The store cancelled the call (cancel, timeout or close): no `respond` decides it now.
  private func abandon(_ id: Int) {
    state.withLock { $0.undecided[id]?.isAbandoned = true }
  }

  /// The answer of request `id`, which started at `start` with `decided` taken from the queue.
  private func answer(
    _ id: Int, _ decided: Decision?, _ credentials: Credentials, start: VirtualClock.Instant
  ) async -> Result<AuthSession, AuthError> {
    var decision = decided
    if decision == nil {
      decision = await waitForDecision(id, until: start.advanced(by: DemoAuthService.delay))
    }
    guard let decision else { return Self.demoAnswer(credentials) }
    do {
      // A deadline already passed returns at once: a late `respond` answers now.
      try await clock.sleep(until: start.advanced(by: decision.delay), tolerance: nil)
    } catch {
      return .failure(.unexpected)
    }
    switch decision.outcome {
    case .success: return .success(AuthSession(token: DemoAuthService.token))
    case .failure(let error): return .failure(error)
    }
  }

  /// Sleeps until `deadline` unless a `respond` decides request `id` first; returns that
  /// decision, or `nil` when the demo rule answers.
  private func waitForDecision(_ id: Int, until deadline: VirtualClock.Instant) async -> Decision? {
    // The sleep runs in a task of its own (with the same work unit) so that a decision can
    // cancel it without cancelling this task, which still has to sleep until its answer.
    let sleeper = Task<Void, Never> { [clock] in
      try? await clock.sleep(until: deadline, tolerance: nil)
    }
    let decidedAlready = state.withLock { state in
      state.undecided[id]?.sleeper = sleeper
      return state.undecided[id]?.decision != nil || state.isShutDown
    }
    if decidedAlready { sleeper.cancel() }
    await sleeper.value
    return state.withLock { state in
      defer { state.undecided[id] = nil }
      return state.undecided[id]?.decision
    }
  }

  /// The demo service's rule: success for the demo account, otherwise `invalidCredentials`.
  private static func demoAnswer(_ credentials: Credentials) -> Result<AuthSession, AuthError> {
    guard credentials.email.lowercased() == DemoAuthService.email,
      credentials.password == DemoAuthService.password
    else { return .failure(.invalidCredentials) }
    return .success(AuthSession(token: DemoAuthService.token))
  }
}
