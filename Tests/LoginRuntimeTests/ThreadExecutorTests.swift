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

  @Test("after shutting down, its thread ends, and a job queued later still runs elsewhere")
  func shutDownEndsTheThreadWithoutStrandingWork() async {
    let executor = ThreadExecutor()
    let onThread = await Task(executorPreference: executor) { Self.currentThread() }.value
    executor.shutDown()
    #expect(executor.isShutDown)
    await executor.finished()
    let later = await Task(executorPreference: executor) { Self.currentThread() }.value
    #expect(later != onThread)
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
