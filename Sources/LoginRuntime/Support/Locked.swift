import Foundation
import Synchronization

/// A value that only one thread at a time may touch, guarded by a lock: the one lock type
/// of this package, shared by every module and test target.
///
/// The lock is an atomic flag taken with one compare-and-swap, and given back with one
/// store: every critical section here is a few dozen instructions (a count, a dictionary
/// entry, a state compared and copied), and the store and `login-replay` take such a lock
/// for every action. A thread that finds the lock held spins briefly, then yields its
/// processor until the holder is done.
///
/// Not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the
/// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so
/// `swift test --sanitize=thread` reports races that are not there; an atomic flag's
/// acquire and release it sees. Not `NSLock` either: a class call into a pthread mutex costs
/// twice the flag. ``withLock(_:)`` has `Mutex`'s shape, so code written for one reads the
/// same with the other, and, as with `Mutex`, the value need not be `Sendable`: it goes in
/// and comes out as `sending`.
///
/// Never resume a continuation, cancel a task or yield to a stream while holding the lock:
/// those take the runtime's lock of another task, whose cancellation handler may be waiting
/// for this lock on another thread (a deadlock). Decide under the lock, return what to do
/// (an action enum when there is a choice), unlock, then do it.
///
/// Public only as the package's own interface (`@_spi(Locking) import LoginRuntime`), so that
/// ``withLock(_:)`` is inlined and specialized in every module that locks: a generic
/// `package` method is called unspecialized from another module, through its value
/// witnesses, on every lock.
@_spi(Locking) public final class Locked<Value: ~Copyable>: @unchecked Sendable {
  /// Whether a thread holds the lock.
  @usableFromInline let isHeld = Atomic<Bool>(false)
  /// The value, in memory of its own: reached through a pointer, so that the lock, not the
  /// runtime's dynamic exclusivity check of a class's `var` (paid on every access), guards it.
  @usableFromInline let value: UnsafeMutablePointer<Value>

  /// Guards `value`.
  public init(_ value: consuming sending Value) {
    self.value = UnsafeMutablePointer.allocate(capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  @inlinable
  public func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock()
    defer { isHeld.store(false, ordering: .releasing) }
    return try body(&value.pointee)
  }

  /// Takes the lock: at once when it is free, the usual case; otherwise after spinning on
  /// reads (a read does not take the cache line from the holder) and then yielding.
  @inlinable @inline(__always)
  func lock() {
    guard !isHeld.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return }
    waitForLock()
  }

  /// The contended path of ``lock()``.
  @usableFromInline @inline(never)
  func waitForLock() {
    var spins = 0
    repeat {
      while isHeld.load(ordering: .relaxed) {
        spins += 1
        if spins >= Self.spinsBeforeYielding {
          sched_yield()
          spins = 0
        }
      }
    } while !isHeld.compareExchange(expected: false, desired: true, ordering: .acquiring)
      .exchanged
  }

  /// How many times a waiting thread reads the flag before it yields its processor: about
  /// as long as a critical section here takes.
  static var spinsBeforeYielding: Int { 100 }
}
