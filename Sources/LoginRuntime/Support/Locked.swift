import Foundation

/// A value that only one thread at a time may touch, guarded by a lock: the one lock type
/// of this package, shared by every module and test target.
///
/// Not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the
/// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so
/// `swift test --sanitize=thread` reports races that are not there. `NSLock` is a pthread
/// mutex, which ThreadSanitizer understands. ``withLock(_:)`` has `Mutex`'s shape, so code
/// written for one reads the same with the other, and, as with `Mutex`, the value need not be
/// `Sendable`: it goes in and comes out as `sending`.
///
/// Never resume a continuation, cancel a task or yield to a stream while holding the lock:
/// those take the runtime's lock of another task, whose cancellation handler may be waiting
/// for this lock on another thread (a deadlock). Decide under the lock, return what to do
/// (an action enum when there is a choice), unlock, then do it.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let lock = NSLock()
  /// The value, in memory of its own: reached through a pointer, so that the lock, not the
  /// runtime's dynamic exclusivity check of a class's `var` (paid on every access), guards it.
  private let value: UnsafeMutablePointer<Value>

  /// Guards `value`.
  package init(_ value: consuming sending Value) {
    self.value = UnsafeMutablePointer.allocate(capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value.pointee)
  }
}
