import Foundation

/// A task executor that runs every job on one thread of its own, in the order the jobs came.
///
/// A command runs its work on one so that the hand-offs between its tasks and the store's
/// actor (a send, a state to a subscriber, an answer resuming a session) queue a job on the
/// thread already running instead of waking a thread of the shared pool on another core.
/// On a two-core machine that wake is most of a replayed request's cost and the whole tail of
/// a keystroke (`Docs/Performance.md`). Unstructured tasks (the store's calls and timers)
/// still run on the shared pool; that is correct, only slower.
///
/// After ``shutDown()`` the thread runs what was queued, then ends; a job queued later goes
/// to the global concurrent executor, so no task is ever stranded.
package final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `queue` and `hasShutDown` are guarded by `condition`.
  private let condition = NSCondition()
  private var queue: [UnownedJob] = []
  private var hasShutDown = false

  /// Starts the executor's thread.
  package init() {
    let thread = Thread { [self] in runJobs() }
    thread.name = "LoginFlow.OneThreadExecutor"
    thread.start()
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
    condition.signal()
    condition.unlock()
  }

  /// Lets the thread end once the jobs queued so far have run.
  package func shutDown() {
    condition.lock()
    hasShutDown = true
    condition.signal()
    condition.unlock()
  }

  /// Runs `operation` with every job of its task, and of its child tasks, on a new
  /// executor's thread; the thread ends after it.
  package static func run<Result: Sendable>(
    _ operation: () async -> Result
  ) async -> Result {
    let executor = OneThreadExecutor()
    defer { executor.shutDown() }
    return await withTaskExecutorPreference(executor, operation: operation)
  }

  /// The thread's loop: takes every queued job at once and runs them in order, until shut
  /// down with nothing left to run.
  private func runJobs() {
    var batch: [UnownedJob] = []
    while true {
      condition.lock()
      while queue.isEmpty && !hasShutDown { condition.wait() }
      if queue.isEmpty {
        condition.unlock()
        return
      }
      swap(&queue, &batch)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
