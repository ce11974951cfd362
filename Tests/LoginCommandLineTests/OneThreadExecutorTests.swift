import Foundation
import LoginCommandLine
import Testing

/// The executor a command runs its work on: one thread, jobs in order, and nothing stranded
/// after it shuts down.
@Suite struct OneThreadExecutorTests {
  /// The thread a job runs on, as a comparable value.
  static func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

  @Test func childTasksRunOnItsOneThreadInTheOrderTheyCame() async {
    let executor = OneThreadExecutor()
    defer { executor.shutDown() }
    let results = await withTaskExecutorPreference(executor) {
      await withTaskGroup(of: (Int, ObjectIdentifier).self) { group in
        for index in 0..<50 { group.addTask { (index, Self.currentThread()) } }
        var seen: [(Int, ObjectIdentifier)] = []
        for await result in group { seen.append(result) }
        return seen
      }
    }
    #expect(Set(results.map(\.1)).count == 1)
    #expect(results.map(\.0) == Array(0..<50))
  }

  @Test func aTaskThatPrefersItAfterItShutDownStillRuns() async {
    let executor = OneThreadExecutor()
    executor.shutDown()
    let answer = await Task(executorPreference: executor) { 42 }.value
    #expect(answer == 42)
  }
}
