/// Suspends a task until it is cancelled, parking its work unit meanwhile.
///
/// Used for "no response": the task neither answers nor keeps a ``VirtualClock`` waiting, and
/// the store's cancellation or timeout decides what happens.
final class CancellationGate: Sendable {
  private struct State {
    var isOpen = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  /// What ``wait(_:)`` decided under the lock, done after unlocking.
  private enum WaitAction {
    /// Already cancelled: resume the waiter at once.
    case resume
    /// The waiter is stored and the unit parked: resume these idle waiters of the clock.
    case parked(idleWaiters: [CheckedContinuation<Void, Never>])
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
    let action = state.withLock { state -> WaitAction in
      if state.isOpen { return .resume }
      state.waiter = waiter
      return .parked(idleWaiters: unit?.park() ?? [])
    }
    // Resume only outside the lock: `open()` runs in a cancellation handler, under the
    // runtime's lock of this task, and takes our lock.
    switch action {
    case .resume:
      waiter.resume()
    case .parked(let idleWaiters):
      for idleWaiter in idleWaiters { idleWaiter.resume() }
    }
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
