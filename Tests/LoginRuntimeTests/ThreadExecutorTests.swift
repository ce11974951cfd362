import Foundation
import LoginFlow
import Testing

@_spi(Locking) @testable import LoginRuntime

/// The one-thread executor that `login-replay` runs a virtual-clock session on.
@Suite("ThreadExecutor", .timeLimit(.minutes(1)))
struct ThreadExecutorTests {
  /// The thread running the caller, as a number.
  static func currentThread() -> UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  @Test("every job of every task that prefers it runs on its one thread, in the order queued")
  func oneThreadInOrder() async {
    let executor = ThreadExecutor()
    defer { executor.shutDown() }
    let record = Locked<[(index: Int, thread: UInt)]>([])
    var tasks: [Task<Void, Never>] = []
    for index in 0..<20 {
      tasks.append(
        Task(executorPreference: executor) {
          record.withLock { $0.append((index, Self.currentThread())) }
          // A task that suspends comes back on the same thread.
          await Task.yield()
          record.withLock { $0.append((index, Self.currentThread())) }
        })
    }
    for task in tasks { await task.value }
    let entries = record.withLock { $0 }
    #expect(entries.count == 40)
    #expect(Set(entries.map(\.thread)).count == 1)
    #expect(entries.first?.thread != Self.currentThread())
    // Each task's first job was queued when it was created, so the tasks started in that
    // order (a task that yielded may come back between two others' starts).
    var started = Set<Int>()
    #expect(entries.map(\.index).filter { started.insert($0).inserted } == Array(0..<20))
  }

  @Test("once shut down it lets go of its thread, and a job queued later runs elsewhere")
  func shutDownLetsGoOfTheThreadWithoutStrandingWork() async {
    let executor = ThreadExecutor()
    let onThread = await Task(executorPreference: executor) { Self.currentThread() }.value
    executor.shutDown()
    #expect(executor.isShutDown)
    await executor.finished()
    let later = await Task(executorPreference: executor) { Self.currentThread() }.value
    #expect(later != onThread)
  }

  /// The thread an executor's jobs run on.
  static func thread(of executor: ThreadExecutor) async -> UInt {
    await Task(executorPreference: executor) { currentThread() }.value
  }

  /// Shuts `executor` down and waits until its thread has let go of it.
  static func letGo(_ executor: ThreadExecutor) async {
    executor.shutDown()
    await executor.finished()
  }

  /// With room to wait (`idleLimit` 1), the thread waits for the next executor before
  /// `finished()` returns, and that executor runs on it; with none (0), it ends, and the next
  /// executor starts a thread.
  @Test(
    "an executor made after another let go of its thread runs there, if the thread may wait",
    arguments: [1, 0])
  func theNextExecutorRunsOnAWaitingThread(idleLimit: Int) async {
    let threads = ExecutorThreads(idleLimit: idleLimit)
    let first = ThreadExecutor(threads: threads)
    let firstThread = await Self.thread(of: first)
    await Self.letGo(first)
    let waits = idleLimit > 0
    #expect(threads.idleCount == (waits ? 1 : 0))
    let second = ThreadExecutor(threads: threads)
    #expect(threads.idleCount == 0)
    let secondThread = await Self.thread(of: second)
    #expect(threads.startedCount == (waits ? 1 : 2))
    if waits { #expect(secondThread == firstThread) }
    await Self.letGo(second)
  }

  @Test("executors alive at once run on threads of their own")
  func executorsAliveAtOnceHaveTheirOwnThreads() async {
    let threads = ExecutorThreads(idleLimit: 1)
    let first = ThreadExecutor(threads: threads)
    let second = ThreadExecutor(threads: threads)
    #expect(await Self.thread(of: first) != Self.thread(of: second))
    #expect(threads.startedCount == 2)
    await Self.letGo(first)
    await Self.letGo(second)
    #expect(threads.idleCount == 1, "one waits; the other, over the limit, ended")
    let third = ThreadExecutor(threads: threads)
    #expect(threads.startedCount == 2)
    await Self.letGo(third)
  }

  /// A thread waiting for its next executor holds none: the last one goes away with its
  /// users.
  @Test func aWaitingThreadHoldsNoExecutor() async {
    let threads = ExecutorThreads(idleLimit: 1)
    weak var weakExecutor: ThreadExecutor?
    do {
      let executor = ThreadExecutor(threads: threads)
      _ = await Self.thread(of: executor)
      await Self.letGo(executor)
      weakExecutor = executor
    }
    #expect(threads.idleCount == 1)
    #expect(weakExecutor == nil)
  }

  @Test("a store on a clock that prefers it runs its requests there once they resume")
  func storeEffectsResumeOnTheExecutor() async {
    let executor = ThreadExecutor()
    defer { executor.shutDown() }
    let executorThread = await Task(executorPreference: executor) { Self.currentThread() }.value
    let clock = VirtualClock(executor: executor)
    let threads = Locked<[UInt]>([])
    let service = ThreadNotingService(clock: clock, threads: threads)
    let store = LoginStore(service: service, clock: clock)
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(1))
    #expect(await store.state.isLoggedIn)
    #expect(threads.withLock { $0 } == [executorThread])
    await store.close()
  }
}

/// Answers after a second on its clock, noting the thread it resumed on.
private struct ThreadNotingService: AuthService {
  let clock: VirtualClock
  let threads: Locked<[UInt]>

  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    do {
      try await clock.sleep(for: .seconds(1))
    } catch {
      throw .unexpected
    }
    threads.withLock { $0.append(ThreadExecutorTests.currentThread()) }
    return AuthSession(token: "t")
  }
}
