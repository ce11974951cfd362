import Foundation

/// A clock whose time moves only when a test or `login-replay` advances it, so that every
/// timeout and every simulated delay happens at an exact, reproducible moment with no real
/// sleeping.
///
/// Advancing is deterministic. ``advance(by:)`` first waits until the work already running
/// is done, then resumes the due sleepers **one at a time**, in deadline order (ties in the
/// order they started sleeping), and after each one waits until the work it triggered has
/// reached the store. There is no polling and no yielding loop: the store registers each
/// effect task as a *work unit* (see `Docs/Embedding.md`), the clock knows which units are
/// awake, and waiting means suspending on a continuation until no unit is awake.
///
/// ```swift
/// let clock = VirtualClock()
/// let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
/// await store.send(.emailChanged("demo@example.com"))
/// await store.send(.passwordChanged("Password123!"))
/// await store.send(.submitTapped)
/// await clock.advance(by: .seconds(1.5))  // returns once the response was applied
/// ```
///
/// Drive one clock from one task at a time; never advance it from inside the work it runs.
/// Advancing and waiting (``advance(by:)``, ``advance(to:)``, ``advanceToNextDeadline()``,
/// ``waitUntilIdle()``) run where they are called, on the caller's actor if it has one
/// (`nonisolated(nonsending)`): a driver isolated to the store reaches the clock without
/// leaving the store.
public final class VirtualClock: Clock, Sendable {
  /// A moment on a virtual clock: the time elapsed since its zero.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the clock's zero.
    public var offset: Duration

    /// The clock's zero.
    public static let zero = Instant(offset: .zero)

    /// The latest and earliest offsets a virtual clock can show: about 292 billion years
    /// either side of zero. Arithmetic saturates there instead of trapping, so no script or
    /// test can crash the clock by waiting too long.
    public static let limit = Duration.seconds(Int64.max)

    /// The instant `offset` after zero, kept within ``limit``.
    public init(offset: Duration) {
      self.offset = Self.clamped(offset)
    }

    /// The instant `duration` later, saturating at ``limit``.
    public func advanced(by duration: Duration) -> Instant {
      // Both terms lie within ±limit, so their sum cannot overflow Duration's 128 bits.
      Instant(offset: offset + Self.clamped(duration))
    }

    private static func clamped(_ duration: Duration) -> Duration {
      min(max(duration, .zero - limit), limit)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, such as `1.5s`.
    public var description: String { offset.traceText }
  }

  /// The error of a sleep on one virtual clock by a task that another one tracks.
  public struct ForeignSleep: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public var description: String {
      "a task the store started on one VirtualClock sleeps on another VirtualClock; "
        + "give the store and its service the same clock"
    }
  }

  private let state: Locked<VirtualClockState>
  /// Where the tasks the clock starts (the store's effects and timers) run, when not on the
  /// shared pool.
  let taskExecutor: (any TaskExecutor)?

  /// Creates a clock showing `now`, by default its zero.
  ///
  /// - Parameters:
  ///   - now: The time the clock shows at first.
  ///   - taskExecutor: Where the tasks the clock starts run (the store's effects and
  ///     timers): the shared pool by default. A whole simulated session on one thread's
  ///     executor hands work from task to task without waking another core.
  public init(now: Instant = .zero, runningTasksOn taskExecutor: (any TaskExecutor)? = nil) {
    state = Locked(VirtualClockState(now: now))
    self.taskExecutor = taskExecutor
  }

  /// The current virtual time.
  public var now: Instant {
    // A clock wrapping this one reads it here: a store probing the wrapper learns of it.
    ClockProbe.current?.record(self)
    return state.withLock { $0.now }
  }

  /// One nanosecond: the smallest step a test should need.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// The earliest deadline of a task sleeping on this clock, or `nil` when none sleeps.
  public var nextDeadline: Instant? {
    state.withLock { $0.nextDeadline }
  }

  /// How many tasks sleep on this clock now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends the current task until the clock is advanced to `deadline`.
  ///
  /// Returns at once for a deadline that is not in the future. Throws `CancellationError`
  /// when the task is cancelled, and then no longer counts as a sleeper.
  ///
  /// A task that another virtual clock tracks (a store's call on clock A whose service sleeps
  /// on clock B) would look busy to its own clock forever, so advancing that clock would
  /// hang: such a sleep writes a message saying so to standard error and throws
  /// ``ForeignSleep`` at once.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    if let current = WorkUnit.current, current.clock !== self {
      let error = ForeignSleep()
      FileHandle.standardError.write(Data("LoginFlow: \(error)\n".utf8))
      throw error
    }
    let unit = WorkUnit.current?.id
    let id: Int? = state.withLock { state in
      guard deadline > state.now else { return nil }
      return state.register(deadline: deadline, unit: unit)
    }
    guard let id else {
      try Task.checkCancellation()
      return
    }
    try await wait(for: id)
  }

  /// Advances the time by `duration`, resuming every sleeper that falls due, one at a time.
  ///
  /// Returns after the work each resumed sleeper triggered has reached the store. A zero
  /// duration only waits until the work already running is done.
  nonisolated(nonsending) public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Advances the time to `deadline` (never backwards), resuming every sleeper due by then in
  /// deadline order, ties in the order they started sleeping; see ``advance(by:)``.
  nonisolated(nonsending) public func advance(to deadline: Instant) async {
    await waitUntilIdle()
    while true {
      let step = state.withLock { $0.nextStep(through: deadline) }
      switch step {
      case .done:
        return
      case .resume(let continuation):
        continuation?.resume()
        await waitUntilIdle()
      case .fire(let unit, let fire):
        _ = WorkUnit.spawn(WorkUnit(clock: self, id: unit), fire)
        await waitUntilIdle()
      }
    }
  }

  /// Advances to the earliest deadline of tracked work (a timer of the store, or a sleep of
  /// a task the clock tracks), if any, leaving other sleepers' deadlines alone unless they
  /// fall before it; returns whether it advanced. ``LoginStore/settle()`` calls it.
  nonisolated(nonsending) package func advanceToNextTrackedDeadline() async -> Bool {
    await waitUntilIdle()
    guard let deadline = state.withLock(\.nextTrackedDeadline) else { return false }
    await advance(to: deadline)
    return true
  }

  /// Advances to the earliest pending deadline, if any; returns whether it advanced.
  ///
  /// `login-replay`'s `settle` calls it until no request is in flight.
  nonisolated(nonsending) public func advanceToNextDeadline() async -> Bool {
    await waitUntilIdle()
    guard let deadline = nextDeadline else { return false }
    await advance(to: deadline)
    return true
  }

  /// Whether no work that the store started on this clock is running now: what
  /// ``waitUntilIdle()`` would wait for, read without suspending.
  package var isIdle: Bool {
    state.withLock(\.isIdle)
  }

  /// Waits until no work that the store started on this clock is running: every effect task
  /// has ended, sleeps on this clock, or waits for a held request. Never moves the time.
  ///
  /// Returns early when the waiting task is cancelled.
  nonisolated(nonsending) public func waitUntilIdle() async {
    // Usually nothing runs: answer without making a continuation.
    guard !isIdle else { return }
    let waiter = Locked<Int?>(nil)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let id = state.withLock { $0.addIdleWaiter(continuation) }
        waiter.withLock { $0 = id }
        if id == nil || Task.isCancelled { stopWaiting(id, continuation) }
      }
    } onCancel: {
      guard let id = waiter.withLock({ $0 }) else { return }
      state.withLock { $0.removeIdleWaiter(id) }?.resume()
    }
  }

  /// Resumes `continuation` unless it is registered as idle waiter `id` and someone else
  /// takes it first.
  private func stopWaiting(_ id: Int?, _ continuation: CheckedContinuation<Void, Never>) {
    guard let id else { return continuation.resume() }
    state.withLock { $0.removeIdleWaiter(id) }?.resume()
  }

  /// Starts a task whose work this clock tracks, like the store's effect tasks: advancing
  /// waits for it while it runs, and not while it sleeps on this clock.
  ///
  /// Use it for simulated work that must be as deterministic as the store's, such as a
  /// scripted peer in a test. The task counts as running from this call on.
  @discardableResult
  public func spawn(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    WorkUnit.spawn(makeUnit(), operation)
  }

  // MARK: Internal: work units

  /// How many tasks this clock tracks now (started and not ended), for tests.
  var trackedTaskCount: Int {
    state.withLock { $0.liveUnitCount }
  }

  /// Marks `unit` awake or not (parked); see ``WorkUnit``. Returns the idle waiters to
  /// resume, which the caller resumes once it holds no lock.
  func setAwake(_ unit: WorkUnit, _ awake: Bool) -> [CheckedContinuation<Void, Never>] {
    state.withLock { $0.setAwake(unit.id, awake) }
  }

  /// Forgets `unit`: its task has ended.
  func retire(_ unit: WorkUnit) {
    let waiters = state.withLock { $0.retire(unit.id) }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Private: units and pre-registered sleepers

  /// A new work unit, awake from the start; bind it to a task with ``WorkUnit/spawn(_:_:)``.
  private func makeUnit() -> WorkUnit {
    WorkUnit(clock: self, id: state.withLock { $0.makeUnit() })
  }

  /// Removes sleeper `id`; a task waiting for it throws `CancellationError`.
  private func cancelSleeper(_ id: Int) {
    let continuation = state.withLock { $0.cancel(id) }
    continuation?.resume(throwing: CancellationError())
  }

  /// Waits until sleeper `id` is due; throws `CancellationError` if it is cancelled first.
  nonisolated(nonsending) private func wait(for id: Int) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let attachment = state.withLock { state in
          Task.isCancelled ? .cancelled : state.attach(continuation, to: id)
        }
        switch attachment {
        case .waiting(let waiters):
          for waiter in waiters { waiter.resume() }
        case .fired:
          continuation.resume()
        case .cancelled:
          _ = state.withLock { $0.cancel(id) }
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      cancelSleeper(id)
    }
  }
}

extension VirtualClock: EffectScheduling {
  /// Starts a store's effect as a tracked unit.
  func startEffect(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    WorkUnit.spawn(makeUnit(), operation)
  }

  /// Starts a timer whose deadline is registered before this returns, so its place among
  /// sleepers with the same deadline is fixed now, before any task started afterwards can
  /// register one: a store's timeout always precedes a response due at the very same
  /// instant. No task waits meanwhile: the advance that reaches the deadline starts `fire` in
  /// a task of its own (a tracked unit) and waits for it, and a timer withdrawn first (most
  /// are: the answer came) never costs a task.
  package func startTimer(
    after duration: Duration, _ fire: @escaping @Sendable () async -> Void
  ) -> StoreTimer {
    let sleeper = state.withLock { state in
      state.registerTimer(deadline: state.now.advanced(by: duration), fire)
    }
    return StoreTimer(task: nil, withdraw: { [self] in cancelSleeper(sleeper) })
  }
}
