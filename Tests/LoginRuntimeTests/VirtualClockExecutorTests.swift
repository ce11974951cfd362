import LoginFlow
import LoginRuntime
import Synchronization
import Testing

/// A virtual clock given an executor starts its tasks (the store's effects and timers, and
/// whatever `spawn` starts) on it.
@Suite struct VirtualClockExecutorTests {
  /// Counts the jobs it is given and runs them on the shared pool.
  final class CountingExecutor: TaskExecutor {
    let jobs = Atomic(0)
    func enqueue(_ job: consuming ExecutorJob) {
      jobs.add(1, ordering: .relaxed)
      globalConcurrentExecutor.enqueue(job)
    }
  }

  @Test func spawnedWorkRunsOnTheClocksExecutor() async {
    let executor = CountingExecutor()
    let clock = VirtualClock(runningTasksOn: executor)
    await clock.spawn {}.value
    #expect(executor.jobs.load(ordering: .relaxed) > 0)
  }

  @Test func aStoresRequestRunsOnTheClocksExecutor() async {
    let executor = CountingExecutor()
    let clock = VirtualClock(runningTasksOn: executor)
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    let before = executor.jobs.load(ordering: .relaxed)
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(2))
    #expect(executor.jobs.load(ordering: .relaxed) > before)
    let phase = await store.state.phase
    #expect({ if case .succeeded = phase { true } else { false } }())
    await store.close()
  }
}
