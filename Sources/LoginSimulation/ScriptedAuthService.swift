import LoginFlow
import LoginRuntime

/// The auth service of a replay on a ``VirtualClock``: the ``ScriptedServer``'s decisions,
/// carried out on the clock.
///
/// Each call waits, parked on a ``HeldValue``, until its answer is due; a clock timer at
/// that moment hands the answer over. The wait ignores the call's cancellation, as a server
/// that already got the request answers anyway: the store drops that late answer. (The
/// server answers at once what it cannot keep waiting, see
/// ``ScriptedServer/maximumAbandonedRequests``.) Nothing here sleeps or polls, so advancing
/// the clock stays deterministic; ``shutDown()`` ends every call still waiting.
package final class ScriptedAuthService: AuthService {
  private struct State {
    var server = ScriptedServer()
    /// The calls waiting for their answer, by request number.
    var waiting: [Int: HeldValue<Result<AuthAnswer, AuthError>>] = [:]
    /// The timer that answers each waiting call.
    var timers: [Int: StoreTimer] = [:]
    var isShutDown = false
  }

  private let clock: VirtualClock
  private let state = Locked(State())

  /// `true`: a session's `respond device-code` and the polls' answers serve device login.
  package var offersDeviceLogin: Bool { true }

  /// Creates a service whose answers wait on `clock`.
  package init(clock: VirtualClock) {
    self.clock = clock
  }

  /// The requests the store still waits for (started, not answered, not given up), in
  /// order.
  package var requestsInFlight: [Int] {
    state.withLock { $0.server.requestsInFlight }
  }

  /// How many requests the store gave up on still have a late answer to give.
  package var lateAnswerCount: Int {
    state.withLock { $0.server.lateAnswerCount }
  }

  /// The server's books now: what it works on, and what waits in its queue.
  package var server: ScriptedServer {
    state.withLock { $0.server }
  }

  /// A `respond` line: decides the oldest undecided request, or queues the outcome.
  ///
  /// A decided request answers at its new time, or at once when that has passed; then
  /// `await clock.waitUntilIdle()` returns once the answer reached the store.
  package func respond(_ outcome: ScriptedOutcome, after delay: Duration) -> ScriptedServer.Response
  {
    let now = clock.now.offset
    let (response, replaced) = state.withLock { state -> (ScriptedServer.Response, StoreTimer?) in
      let response = state.server.respond(outcome, after: delay, at: now)
      guard case .decided(let number, _) = response else { return (response, nil) }
      return (response, state.timers.removeValue(forKey: number))
    }
    replaced?.cancel()
    if case .decided(let number, let due) = response { schedule(number, at: due) }
    return response
  }

  /// Answers as the server decides, at its time on the clock, whether or not the call is
  /// cancelled meanwhile.
  package func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    let now = clock.now.offset
    let held = HeldValue<Result<AuthAnswer, AuthError>>()
    let arrival = state.withLock { state -> (number: Int, due: Duration)? in
      guard !state.isShutDown else { return nil }
      let arrival = state.server.receive(request, at: now)
      state.waiting[arrival.number] = held
      return arrival
    }
    guard let arrival else { throw .unexpected }
    schedule(arrival.number, at: arrival.due)
    let result = await withTaskCancellationHandler {
      await held.value()
    } onCancel: {
      self.abandon(arrival.number)
    }
    return try result.get()
  }

  /// Answers a login as ``perform(_:)`` does.
  package func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    switch try await perform(.authenticate(credentials)) {
    case .session(let session): session
    case .secondFactorRequired, .codeRejected, .codeExpired, .codeSent, .deviceAuthorization,
      .devicePoll:
      throw .unexpected
    }
  }

  /// Moves the `respond` outcomes still queued here, in order, to `successor`: the server of
  /// the store that replaces this one at a `relaunch`. The server outlives the app, so what a
  /// session queued for it still answers the next requests.
  package func handOverQueue(to successor: ScriptedAuthService) {
    let queued = state.withLock { $0.server.takeQueue() }
    successor.state.withLock { $0.server.enqueue(queued) }
  }

  /// Ends every call still waiting (with `unexpected`) and stops every timer; later
  /// requests fail at once. Call it after the store is closed, at the end of a run.
  package func shutDown() {
    let (held, timers) = state.withLock { state in
      state.isShutDown = true
      _ = state.server.stop()
      defer {
        state.waiting = [:]
        state.timers = [:]
      }
      return (Array(state.waiting.values), Array(state.timers.values))
    }
    for timer in timers { timer.cancel() }
    for value in held { value.release(.failure(.unexpected)) }
  }

  // MARK: Answers

  /// Answers request `number` at `due`: now when that has passed, else by a clock timer.
  private func schedule(_ number: Int, at due: Duration) {
    let wait = due - clock.now.offset
    guard wait > .zero else { return answer(number) }
    let timer = clock.startTimer(after: wait) { [weak self] in self?.answer(number) }
    let stale = state.withLock { state -> StoreTimer? in
      guard state.waiting[number] != nil else { return timer }
      state.timers[number] = timer
      return nil
    }
    stale?.cancel()
  }

  /// Request `number` is due: hands its answer to its call.
  private func answer(_ number: Int) {
    let handOver = state.withLock {
      state -> (HeldValue<Result<AuthAnswer, AuthError>>, Result<AuthAnswer, AuthError>)? in
      state.timers[number] = nil
      guard let held = state.waiting.removeValue(forKey: number),
        let result = state.server.answer(number)
      else { return nil }
      return (held, result)
    }
    guard let (held, result) = handOver else { return }
    held.release(result)
  }

  /// The store gave up on request `number`: it answers late, or at once when too many wait.
  private func abandon(_ number: Int) {
    let ended = state.withLock {
      state -> (HeldValue<Result<AuthAnswer, AuthError>>?, StoreTimer?) in
      guard state.server.abandon(number) == .answerNow else { return (nil, nil) }
      return (state.waiting.removeValue(forKey: number), state.timers.removeValue(forKey: number))
    }
    ended.1?.cancel()
    ended.0?.release(.failure(.unexpected))
  }
}
