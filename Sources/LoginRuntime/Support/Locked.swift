import Foundation

/// A value that only one thread at a time may touch, guarded by a lock: the one lock type
/// of this package, shared by every module and test target.
///
/// The lock is `NSLock`, a pthread mutex: plain, fair to the scheduler (a waiting thread
/// sleeps in the kernel, so a main-actor reader never spins against a background writer),
/// and seen by ThreadSanitizer. Not `Synchronization.Mutex`: on Linux its contended path
/// hands the lock over inside the kernel (a priority-inheritance futex) where
/// ThreadSanitizer cannot see it, so `swift test --sanitize=thread` would report races that
/// are not there. ``withLock(_:)`` has `Mutex`'s shape, so code written for one reads the
/// same with the other.
///
/// Never resume a continuation, cancel a task or yield to a stream while holding the lock:
/// those take the runtime's lock of another task, whose cancellation handler may be waiting
/// for this lock on another thread (a deadlock). Decide under the lock, return what to do
/// (an action enum when there is a choice), unlock, then do it.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is touched only under `lock`.
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  package init(_ value: sending Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
