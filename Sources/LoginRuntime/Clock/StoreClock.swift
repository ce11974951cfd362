/// The store's view of its injected clock, with the clock's type erased.
///
/// It measures time since the store was created and sleeps for a duration. When the clock is
/// a ``VirtualClock`` it also gives access to it, so that the store can register its effect
/// tasks as work units and its timeouts as sleepers (see ``WorkUnit``).
struct StoreClock: Sendable {
  /// The time since the store was created.
  let elapsed: @Sendable () -> Duration
  /// Sleeps for a duration on the clock; throws `CancellationError` when cancelled.
  let sleep: @Sendable (Duration) async throws -> Void
  /// The clock itself when it is virtual.
  let virtual: VirtualClock?

  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: clock.now.advanced(by: $0), tolerance: nil) }
    virtual = clock as? VirtualClock
  }
}
