import LoginRuntime

/// The events a store reported and a ``StrictStoreTester`` has not asserted yet, in order.
///
/// The store appends from its own executor through its `onEvent` hook; the tester takes them
/// from the front.
final class StoreEventLog: Sendable {
  private let events = Locked<[StoreEvent]>([])

  /// Appends `event`; the store's `onEvent` hook calls it.
  func append(_ event: StoreEvent) {
    events.withLock { $0.append(event) }
  }

  /// Removes and returns the oldest unasserted event.
  func takeFirst() -> StoreEvent? {
    events.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  /// Removes and returns every unasserted event.
  func takeAll() -> [StoreEvent] {
    events.withLock { events in
      defer { events = [] }
      return events
    }
  }
}
