import Foundation
import LoginTestSupport
import Testing

@testable import LoginRuntime

/// `Locked`, the package's one lock: one thread at a time in `withLock`, whoever contends.
@Suite("Locked", .hangGuard)
struct LockedTests {
  /// Four threads each add 1 to a plain integer 50,000 times and append to an array every
  /// 1,000th time, under the lock: without exclusion increments are lost and the array's
  /// storage is torn (and ThreadSanitizer, which CI runs this suite under, reports a race).
  @Test func threadsThatContendNeverOverlap() async {
    let locked = Locked((count: 0, marks: [Int]()))
    let threads = 4
    let rounds = 50_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads {
        group.addTask {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
              for round in 0..<rounds {
                locked.withLock { value in
                  value.count += 1
                  if round % 1_000 == 0 { value.marks.append(round) }
                }
              }
              done.resume()
            }.start()
          }
        }
      }
    }
    let (count, marks) = locked.withLock { ($0.count, $0.marks.count) }
    #expect(count == threads * rounds)
    #expect(marks == threads * rounds / 1_000)
  }

  /// What the body returns and throws comes out of `withLock`, and the lock is free again
  /// after a throw.
  @Test func aThrowingBodyLeavesTheLockFree() {
    struct Refused: Error {}
    let locked = Locked(1)
    #expect(throws: Refused.self) { try locked.withLock { _ throws(Refused) in throw Refused() } }
    #expect(
      locked.withLock { value -> Int in
        value += 1
        return value
      } == 2)
  }
}
