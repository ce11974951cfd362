import Foundation
import LoginRuntime

/// The events a store reported and a ``StrictStoreTester`` has not asserted yet, in order.
///
/// The store appends from its own executor through its `onEvent` hook; the tester takes them
/// from the front.
///
/// Guarded by an `NSLock` rather than `Synchronization.Mutex`, whose contended path
/// ThreadSanitizer cannot see on Linux.
final class StoreEventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [StoreEvent] = []

  /// Appends `event`; the store's `onEvent` hook calls it.
  func append(_ event: StoreEvent) {
    lock.lock()
    defer { lock.unlock() }
    events.append(event)
  }

  /// Removes and returns the oldest unasserted event.
  func takeFirst() -> StoreEvent? {
    lock.lock()
    defer { lock.unlock() }
    return events.isEmpty ? nil : events.removeFirst()
  }

  /// Removes and returns every unasserted event.
  func takeAll() -> [StoreEvent] {
    lock.lock()
    defer { lock.unlock() }
    defer { events = [] }
    return events
  }
}
