import Foundation

/// A task executor that runs every job on one thread, in the order the jobs came.
///
/// `login-replay` runs a virtual-clock session on it: the runner, the store's effect tasks and
/// the clock's timers all prefer it, so each hand-off between them (an advance resuming a
/// request's sleep, the request's end resuming the runner) queues a job on the thread that is
/// already running, where the shared pool would wake another thread (a quarter of a request's
/// cost on a two-core machine). A job queued from another thread wakes this one.
///
/// The thread comes from ``ExecutorThreads``: the one the last finished executor let go of,
/// when it waits for the next, else a new one. Starting a thread and ending it costs more
/// than replaying a short session, so a process that replays sessions one after another (a
/// `--coverage` run over many files, a benchmark, a test suite) starts one thread, not one
/// per session.
///
/// ``shutDown()`` lets the thread go once it has run every job queued until then; a job
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
  /// Callers of ``finished()`` waiting for the thread to let go of the executor.
  private var finishWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var lastWaiterID = 0

  /// Runs on a thread of `threads`: one waiting for work, else a new one.
  package init(threads: ExecutorThreads = .shared) {
    threads.run(self)
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

  /// Lets the thread go once the jobs queued so far have run; later jobs run elsewhere.
  package func shutDown() {
    condition.lock()
    hasShutDown = true
    let mustWake = isWaiting
    condition.unlock()
    if mustWake { condition.signal() }
  }

  /// Returns once the thread has let go of the executor (after ``shutDown()`` and the last
  /// queued job), or once the waiting task is cancelled. The thread is then already waiting
  /// for the next executor, or ending.
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

  /// The thread's work for this executor: takes every queued job at once and runs them in
  /// order, until shut down with nothing left to run. Returns the callers of ``finished()``,
  /// for the thread to resume once it is ready for its next executor.
  fileprivate func runJobs() -> [CheckedContinuation<Void, Never>] {
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
        let waiters = Array(finishWaiters.values)
        finishWaiters = [:]
        condition.unlock()
        return waiters
      }
      swap(&queue, &batch)
      condition.unlock()
      let executor = asUnownedTaskExecutor()
      for job in batch { job.runSynchronously(on: executor) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}

/// The threads that ``ThreadExecutor``s run on: each runs one executor at a time, and once
/// that executor has shut down and run its last job, waits for the next, as long as fewer
/// than ``idleLimit`` threads wait; otherwise it ends.
///
/// A waiting thread holds no executor, and costs its stack and nothing else: it sleeps until
/// an executor is handed to it.
package final class ExecutorThreads: Sendable {
  /// The threads of the process's executors.
  package static let shared = ExecutorThreads(idleLimit: 1)

  /// How many threads may wait for an executor at once.
  package let idleLimit: Int
  private let state = Locked(State())

  private struct State {
    /// The threads waiting for an executor, the one that waited least last.
    var idle: [Waiter] = []
    var started = 0
  }

  package init(idleLimit: Int) {
    self.idleLimit = idleLimit
  }

  /// How many threads were started so far (not reused ones).
  package var startedCount: Int {
    state.withLock { $0.started }
  }

  /// How many threads wait for an executor now.
  package var idleCount: Int {
    state.withLock { $0.idle.count }
  }

  /// Hands `executor` to a waiting thread, or starts one for it.
  fileprivate func run(_ executor: ThreadExecutor) {
    let waiting = state.withLock { state in
      let waiter = state.idle.popLast()
      if waiter == nil { state.started += 1 }
      return waiter
    }
    guard let waiting else {
      let waiter = Waiter(executor)
      Thread { [self] in serve(waiter) }.start()
      return
    }
    waiting.hand(executor)
  }

  /// A thread's life: the executors handed to it through `waiter`, one after another.
  private func serve(_ waiter: Waiter) {
    var waits = true
    repeat {
      let finishWaiters = waiter.runNext()
      // Waiting (or about to end), and holding no executor, before the executor's
      // `finished()` returns: an executor made after that finds this thread.
      waits = wait(waiter)
      for finishWaiter in finishWaiters { finishWaiter.resume() }
    } while waits
  }

  /// Puts `waiter` among the idle threads, unless ``idleLimit`` already wait; returns
  /// whether it did.
  private func wait(_ waiter: Waiter) -> Bool {
    state.withLock { state in
      guard state.idle.count < idleLimit else { return false }
      state.idle.append(waiter)
      return true
    }
  }

  /// One thread's slot: the executor handed to it next.
  private final class Waiter: @unchecked Sendable {
    // @unchecked: `next` is guarded by `condition`.
    private let condition = NSCondition()
    private var next: ThreadExecutor?

    init(_ first: ThreadExecutor) {
      next = first
    }

    /// Gives the thread its next executor, and wakes it.
    func hand(_ executor: ThreadExecutor) {
      condition.lock()
      next = executor
      condition.unlock()
      condition.signal()
    }

    /// Runs the next executor's jobs, once it is handed (the thread sleeps until then), and
    /// lets go of it: the executor lives only as long as its users and its jobs. Returns the
    /// callers of its `finished()`.
    func runNext() -> [CheckedContinuation<Void, Never>] {
      condition.lock()
      while next == nil { condition.wait() }
      let executor = next
      next = nil
      condition.unlock()
      return executor?.runJobs() ?? []
    }
  }
}
