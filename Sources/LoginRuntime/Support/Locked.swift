import Foundation

/// A value that only one thread at a time may touch, guarded by a lock.
///
/// Not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the
/// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so
/// `swift test --sanitize=thread` reports races that are not there. `NSLock` is a pthread
/// mutex, which ThreadSanitizer understands.
///
/// Never resume a continuation, cancel a task or yield to a stream while holding the lock:
/// those take the runtime's lock of another task, whose cancellation handler may be waiting
/// for this lock on another thread (a deadlock). Collect what to resume, unlock, then resume.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
