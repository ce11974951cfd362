/// One piece of store work (an auth call task, or a timeout that fired) that a
/// ``VirtualClock`` tracks, so that advancing the clock can return only after the work it
/// woke has finished.
///
/// How it works: the clock creates a unit *before* it creates the task (so a brand-new task
/// counts as awake from the start), when the store starts an effect through ``StoreClock``,
/// an advance reaches a timer's deadline (a pending timer has no task and no unit), or a
/// test calls ``VirtualClock/spawn(_:)``, and binds it to the task with the task-local
/// ``current``. A unit is **awake** while its task may run, **not awake** while the task sleeps
/// on the virtual clock or is parked (a held test request, a suspension until cancellation),
/// and **gone** once the task ends. Whoever resumes a sleeping or parked unit marks it awake
/// *before* resuming it, so the clock never sees a moment of false quiet. With any other
/// clock no unit is ever created and nothing here applies.
package struct WorkUnit: Sendable {
  /// The clock that tracks this unit.
  package let clock: VirtualClock
  /// The unit's id, unique for its clock.
  package let id: Int

  /// The unit the current task works for, if a virtual clock started the task.
  @TaskLocal package static var current: WorkUnit?

  /// Marks the unit as parked: its task waits for something other than the clock.
  ///
  /// Call it while holding the lock that guards the wake-up, so that a wake-up cannot slip in
  /// between the decision to wait and the park. It returns the clock's idle waiters, which
  /// the caller must resume *after* releasing that lock: never resume a continuation while
  /// holding a lock that a cancellation handler also takes (see ``Locked``).
  package func park() -> [CheckedContinuation<Void, Never>] {
    clock.setAwake(self, false)
  }

  /// Marks the unit as awake again; call it before resuming the parked task.
  package func wake() {
    _ = clock.setAwake(self, true)
  }

  /// Runs `operation` in a new task that works for `unit`, and retires the unit when the
  /// task ends.
  static func spawn(
    _ unit: WorkUnit, _ operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    Task(executorPreference: unit.clock.taskExecutor) {
      await WorkUnit.$current.withValue(unit, operation: operation)
      unit.clock.retire(unit)
    }
  }
}
