import LoginFlow
import LoginRuntime

/// The events a store reported and a ``StrictStoreTester`` has not asserted yet, in order,
/// each transition with the action the store applied and the state after it (by value: the
/// event itself carries only redacted descriptions).
///
/// The store appends from its own executor through its hooks; the tester takes them from the
/// front.
final class StoreEventLog: Sendable {
  /// One reported event; for a transition, what was applied.
  struct Entry {
    var event: StoreEvent
    var applied: Applied?
  }

  /// An action as the store applied it, and the state it left.
  struct Applied {
    var action: LoginAction
    var state: LoginState
  }

  private struct Contents {
    var entries: [Entry] = []
    /// What the action hook reported for the transition event about to follow.
    var pending: Applied?
  }

  private let contents = Locked(Contents())

  /// Keeps `action` and `state` for the transition event that follows; the store's action
  /// hook calls it.
  func applied(_ action: LoginAction, _ state: LoginState) {
    contents.withLock { $0.pending = Applied(action: action, state: state) }
  }

  /// Appends `event`; the store's `onEvent` hook calls it.
  func append(_ event: StoreEvent) {
    contents.withLock { contents in
      var applied: Applied?
      if case .transition = event.kind {
        applied = contents.pending
        contents.pending = nil
      }
      contents.entries.append(Entry(event: event, applied: applied))
    }
  }

  /// Removes and returns the oldest unasserted entry.
  func takeFirst() -> Entry? {
    contents.withLock { $0.entries.isEmpty ? nil : $0.entries.removeFirst() }
  }

  /// Removes and returns every unasserted entry.
  func takeAll() -> [Entry] {
    contents.withLock { contents in
      defer { contents.entries = [] }
      return contents.entries
    }
  }
}
