import Foundation

/// A value guarded by an `NSLock`, for test helpers shared between tasks.
///
/// Not `Synchronization.Mutex`, whose contended path ThreadSanitizer cannot see on Linux.
final class TestLock<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
