/// Suspends a task until it is cancelled, parking its work unit meanwhile.
///
/// Used for "no response": the task neither answers nor keeps a ``VirtualClock`` waiting, and
/// the store's cancellation or timeout decides what happens.
final class CancellationGate: Sendable {
  private struct State {
    var isOpen = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())
  private let unit: WorkUnit?

  private init(unit: WorkUnit?) {
    self.unit = unit
  }

  /// Returns once the current task is cancelled (at once if it already is).
  static func suspendUntilCancelled() async {
    let gate = CancellationGate(unit: WorkUnit.current)
    await withTaskCancellationHandler {
      await withCheckedContinuation { gate.wait($0) }
    } onCancel: {
      gate.open()
    }
  }

  private func wait(_ waiter: CheckedContinuation<Void, Never>) {
    let (resumeNow, idleWaiters) = state.withLock {
      state -> (Bool, [CheckedContinuation<Void, Never>]) in
      if state.isOpen { return (true, []) }
      state.waiter = waiter
      return (false, unit?.park() ?? [])
    }
    // Resume only outside the lock: `open()` runs in a cancellation handler, under the
    // runtime's lock of this task, and takes our lock.
    if resumeNow { waiter.resume() }
    for idleWaiter in idleWaiters { idleWaiter.resume() }
  }

  private func open() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.isOpen = true
      guard let waiter = state.waiter else { return nil }
      state.waiter = nil
      unit?.wake()
      return waiter
    }
    waiter?.resume()
  }
}
