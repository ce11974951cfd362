/// The store's view of its injected clocks, with their types erased: it measures time since
/// the store was created and starts the store's effect tasks and timers.
///
/// The store only calls ``spawn(_:)`` and ``startTimer(after:_:)``; how tasks run is the
/// clocks' business. A ``VirtualClock`` — given directly, or read by a clock that wraps it
/// (see ``ClockProbe``) — tracks the tasks and the timer, so advancing it is deterministic;
/// any other clock runs plain tasks and sleeps on itself. The timer may run on a clock of its
/// own (the store's `timeoutClock`), so that an app's immediate or test clock drives its
/// service while the timeout keeps real time.
struct StoreClock: Sendable {
  /// The time since the store was created.
  let elapsed: @Sendable () -> Duration
  /// The virtual clock that tracks the store's work, if any: behind the store's clock, or
  /// else behind its timeout clock.
  let tracker: VirtualClock?
  private let scheduler: any EffectScheduling
  private let timerScheduler: any EffectScheduling

  /// Reads `clock`, and `timeoutClock` for the timer (`nil`: `clock` as well).
  init<C: Clock<Duration>>(_ clock: C, timeoutClock: (any Clock<Duration>)? = nil) {
    elapsed = Self.elapsed(since: clock)
    let virtual = ClockProbe.virtualClock(behind: clock)
    if let timeoutClock {
      let timerVirtual = Self.virtualClock(behind: timeoutClock)
      tracker = virtual ?? timerVirtual
      timerScheduler = timerVirtual ?? Self.plainScheduler(on: timeoutClock)
    } else {
      tracker = virtual
      timerScheduler = virtual ?? PlainScheduler(clock: clock)
    }
    scheduler = tracker ?? PlainScheduler(clock: clock)
  }

  /// Starts `operation` in a task of its own; on a tracking clock it counts as running from
  /// this call on.
  func spawn(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    scheduler.startEffect(operation)
  }

  /// Calls `fire` in a task of its own once `duration` has passed on the timeout's clock,
  /// unless the timer is cancelled first.
  ///
  /// On a tracking clock the timer's deadline is registered before this returns, so it
  /// precedes any sleep that a task started afterwards registers for the same instant.
  func startTimer(
    after duration: Duration, _ fire: @escaping @Sendable () async -> Void
  ) -> StoreTimer {
    timerScheduler.startTimer(after: duration, fire)
  }

  /// The time since now on `clock`.
  private static func elapsed<C: Clock<Duration>>(since clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// ``ClockProbe/virtualClock(behind:)`` for a clock of unknown type.
  private static func virtualClock(behind clock: some Clock<Duration>) -> VirtualClock? {
    ClockProbe.virtualClock(behind: clock)
  }

  /// Plain tasks sleeping on a clock of unknown type.
  private static func plainScheduler(on clock: some Clock<Duration>) -> any EffectScheduling {
    PlainScheduler(clock: clock)
  }
}

/// A timer started by ``StoreClock/startTimer(after:_:)``.
package struct StoreTimer: Sendable {
  /// The task that sleeps until the deadline; `nil` on a ``VirtualClock``, which keeps the
  /// deadline itself and starts the timer's work only when it comes.
  let task: Task<Void, Never>?
  /// Withdraws the timer's deadline from the clock, if the clock keeps one.
  let withdraw: @Sendable () -> Void

  /// Stops the timer: it will not fire (unless it already has), and its deadline no longer
  /// counts as pending on the clock.
  package func cancel() {
    withdraw()
    task?.cancel()
  }
}

/// How a clock runs the store's effect tasks and timers.
protocol EffectScheduling: Sendable {
  /// Starts `operation`, the store's effect, in a task of its own. The store calls it from
  /// its own isolation, holding no lock.
  func startEffect(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>
  /// Calls `fire` in a task of its own after `duration`, unless cancelled first.
  func startTimer(
    after duration: Duration, _ fire: @escaping @Sendable () async -> Void
  ) -> StoreTimer
}

/// Plain tasks that sleep on any clock: production's `ContinuousClock`, or any clock that
/// does not track its work.
private struct PlainScheduler<C: Clock<Duration>>: EffectScheduling {
  let clock: C

  func startEffect(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    Task { await operation() }
  }

  func startTimer(
    after duration: Duration, _ fire: @escaping @Sendable () async -> Void
  ) -> StoreTimer {
    let task = Task { [clock] in
      do {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
      } catch {
        return  // cancelled: the timer was stopped
      }
      await fire()
    }
    return StoreTimer(task: task, withdraw: {})
  }
}
