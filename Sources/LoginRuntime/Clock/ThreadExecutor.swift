import Foundation

/// A task executor that runs every job on one thread of its own, in the order the jobs came.
///
/// `login-replay` runs a virtual-clock session on it: the runner, the store's effect tasks and
/// the clock's timers all prefer it, so each hand-off between them (an advance resuming a
/// request's sleep, the request's end resuming the runner) queues a job on the thread that is
/// already running, where the shared pool would wake another thread (a quarter of a request's
/// cost on a two-core machine). A job queued from another thread wakes this one.
///
/// ``shutDown()`` lets the thread end once it has run every job queued until then; a job
/// queued later goes to the global concurrent executor, so no task is ever stranded.
package final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: every stored property below is guarded by `condition`.
  /// Guards every property below, and lets the idle thread sleep.
  private let condition = NSCondition()
  private var queue: [UnownedJob] = []
  /// Whether the thread sleeps in `condition.wait()`, so that a new job must wake it.
  private var isWaiting = false
  private var hasShutDown = false
  private var isThreadRunning = true
  /// Callers of ``finished()`` waiting for the thread to end.
  private var finishWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var lastWaiterID = 0

  /// Starts the executor's thread.
  package init() {
    Thread { [self] in runJobs() }.start()
  }

  /// Queues `job` to run on the executor's thread.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    guard !hasShutDown else {
      condition.unlock()
      globalConcurrentExecutor.enqueue(job)
      return
    }
    queue.append(job)
    let mustWake = isWaiting
    condition.unlock()
    if mustWake { condition.signal() }
  }

  /// Whether ``shutDown()`` was called.
  package var isShutDown: Bool {
    condition.lock()
    defer { condition.unlock() }
    return hasShutDown
  }

  /// Lets the thread end once the jobs queued so far have run; later jobs run elsewhere.
  package func shutDown() {
    condition.lock()
    hasShutDown = true
    let mustWake = isWaiting
    condition.unlock()
    if mustWake { condition.signal() }
  }

  /// Returns once the thread has ended (after ``shutDown()`` and the last queued job), or
  /// once the waiting task is cancelled.
  package func finished() async {
    let id = makeWaiterID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        condition.lock()
        guard isThreadRunning, !Task.isCancelled else {
          condition.unlock()
          waiter.resume()
          return
        }
        finishWaiters[id] = waiter
        condition.unlock()
      }
    } onCancel: {
      condition.lock()
      let waiter = finishWaiters.removeValue(forKey: id)
      condition.unlock()
      waiter?.resume()
    }
  }

  /// A new id for a caller of ``finished()``.
  private func makeWaiterID() -> Int {
    condition.lock()
    defer { condition.unlock() }
    lastWaiterID += 1
    return lastWaiterID
  }

  /// The thread's loop: takes every queued job at once and runs them in order, until shut
  /// down with nothing left to run.
  private func runJobs() {
    var batch: [UnownedJob] = []
    while true {
      condition.lock()
      while queue.isEmpty && !hasShutDown {
        isWaiting = true
        condition.wait()
        isWaiting = false
      }
      if queue.isEmpty {
        isThreadRunning = false
        let waiters = finishWaiters.values
        finishWaiters = [:]
        condition.unlock()
        for waiter in waiters { waiter.resume() }
        return
      }
      swap(&queue, &batch)
      condition.unlock()
      let executor = asUnownedTaskExecutor()
      for job in batch { job.runSynchronously(on: executor) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
