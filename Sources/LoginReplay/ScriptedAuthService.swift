import LoginFlow
import LoginRuntime
import Synchronization

/// The auth service of a replay on the virtual clock: answers from the session's `respond`
/// queue, and like the demo service when nothing is queued.
///
/// A request takes its outcome when it starts: the oldest queued `respond` (first in, first
/// out), or else the demo service's rule (success for the demo account, otherwise
/// `invalid-credentials`, after 1.5 s). It answers that long after it started on the clock. A
/// `timeout` outcome answers `failure(.timedOut)` at its time, which leaves the screen exactly
/// as the store's own timeout would.
///
/// The answer is computed in a task of its own that the store's cancellation does not reach,
/// like a server that already received the request: a cancelled or timed-out request still
/// answers at its time, and the store drops that late answer (the trace shows it). That task
/// inherits the store's work unit, so the clock stays deterministic. ``shutDown()`` stops
/// every pending answer at the end of a run.
final class ScriptedAuthService: AuthService {
  private struct State {
    var queue: [(outcome: SessionCommand.Outcome, delay: Duration)] = []
    var head = 0
    var answers: [Int: Task<Result<AuthSession, AuthError>, Never>] = [:]
    var nextAnswer = 0
    var isShutDown = false

    /// Takes the oldest queued response, compacting the queue once it is all consumed.
    mutating func dequeue() -> (outcome: SessionCommand.Outcome, delay: Duration)? {
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
  private let demo: DemoAuthService
  private let state = Mutex(State())

  /// Creates a service whose answers wait on `clock`.
  init(clock: VirtualClock) {
    self.clock = clock
    demo = DemoAuthService(clock: clock)
  }

  /// Queues the outcome of the next request that starts, answering `delay` after it starts.
  func enqueue(_ outcome: SessionCommand.Outcome, after delay: Duration) {
    state.withLock { $0.queue.append((outcome, delay)) }
  }

  /// Answers with the queued outcome or the demo rule, at its time on the clock.
  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    let answer: Task<Result<AuthSession, AuthError>, Never>? = state.withLock { state in
      guard !state.isShutDown else { return nil }
      let decided = state.dequeue()
      state.nextAnswer += 1
      let id = state.nextAnswer
      // An unstructured task: the store's cancellation does not reach it, but it inherits
      // the call's work unit, so the clock tracks its sleep like the call's own.
      let task = Task { [clock, demo] in
        let result = await Self.answer(decided, credentials, clock: clock, demo: demo)
        self.forget(id)
        return result
      }
      state.answers[id] = task
      return task
    }
    guard let answer else { throw .unexpected }
    switch await answer.value {
    case .success(let session): return session
    case .failure(let error): throw error
    }
  }

  /// Stops every answer still pending; later requests fail at once. Call it after the
  /// store is closed, at the end of a run.
  func shutDown() {
    let pending = state.withLock { state in
      state.isShutDown = true
      return Array(state.answers.values)
    }
    for task in pending { task.cancel() }
  }

  private func forget(_ id: Int) {
    _ = state.withLock { $0.answers.removeValue(forKey: id) }
  }

  private static func answer(
    _ decided: (outcome: SessionCommand.Outcome, delay: Duration)?, _ credentials: Credentials,
    clock: VirtualClock, demo: DemoAuthService
  ) async -> Result<AuthSession, AuthError> {
    guard let decided else {
      do {
        return .success(try await demo.authenticate(credentials))
      } catch {
        return .failure(error)
      }
    }
    do {
      try await clock.sleep(for: decided.delay)
    } catch {
      return .failure(.unexpected)
    }
    switch decided.outcome {
    case .success: return .success(AuthSession(token: DemoAuthService.token))
    case .failure(let error): return .failure(error)
    }
  }
}
