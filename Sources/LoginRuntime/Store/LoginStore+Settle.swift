import LoginFlow

/// Waiting for the store's work to end: ``LoginStore/settle()`` and its waiters.
extension LoginStore {
  /// How many callers of ``settle()`` wait for the calls to end, on a clock the store cannot
  /// drive: for tests that cancel one while it waits.
  package var settleWaiterCount: Int { settleWaiters.count }

  /// Waits until everything the actions sent so far started has ended: every auth call has
  /// returned (answered, timed out, or cancelled and acknowledged) and every timer is gone.
  /// Returns at once when nothing runs, once the store is closed (a closed store waits for no
  /// call), and when the task awaiting it is cancelled.
  ///
  /// ```swift
  /// await store.send(.submitTapped)
  /// await store.settle()  // the answer or the timeout has been applied
  /// ```
  ///
  /// On a ``VirtualClock`` (or a clock wrapping one) `settle` drives the clock itself: it
  /// waits until the running work is idle, advances to the next deadline of tracked work —
  /// the store's timers and what its calls sleep for, never a sleeper of someone else's —
  /// and repeats until nothing of the store runs. Work that waits for the test rather than
  /// the clock (a ``HeldValue``) cannot end that way: `settle` returns once nothing is due,
  /// and such work keeps running until released. Do not advance the clock from another task
  /// meanwhile. On any other clock it waits, for as long as the work takes.
  public func settle() async {
    while !calls.isEmpty, !Task.isCancelled {
      if let tracker = clock.tracker {
        await tracker.waitUntilIdle()
        guard !calls.isEmpty, !Task.isCancelled, await tracker.advanceToNextTrackedDeadline()
        else { return }
      } else {
        await waitForTheCalls()
      }
    }
  }

  /// Suspends until no call runs, the store closes, or the waiting task is cancelled.
  private func waitForTheCalls() async {
    nextSettleWaiter += 1
    let id = nextSettleWaiter
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled || calls.isEmpty {
          continuation.resume()
        } else {
          settleWaiters[id] = continuation
        }
      }
    } onCancel: {
      Task { await self.resumeSettleWaiter(id) }
    }
  }

  private func resumeSettleWaiter(_ id: Int) {
    settleWaiters.removeValue(forKey: id)?.resume()
  }

  func resumeSettleWaiters() {
    let waiters = settleWaiters.values
    settleWaiters = [:]
    for waiter in waiters { waiter.resume() }
  }
}
