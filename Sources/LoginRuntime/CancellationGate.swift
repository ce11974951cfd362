import Synchronization

/// Suspends a task until it is cancelled, parking its work unit meanwhile.
///
/// Used for "no response": the task neither answers nor keeps a ``VirtualClock`` waiting, and
/// the store's cancellation or timeout decides what happens.
final class CancellationGate: Sendable {
  private struct State {
    var isOpen = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())
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
    let resumeNow = state.withLock { state in
      if state.isOpen { return true }
      state.waiter = waiter
      unit?.park()
      return false
    }
    if resumeNow { waiter.resume() }
  }

  private func open() {
    state.withLock { state in
      state.isOpen = true
      guard let waiter = state.waiter else { return }
      state.waiter = nil
      unit?.wake()
      waiter.resume()
    }
  }
}
