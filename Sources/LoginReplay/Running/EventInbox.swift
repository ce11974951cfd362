import LoginFlow
@_spi(Locking) import LoginRuntime
import Synchronization

/// The store's events that the runner has not printed yet, in the order they happened, or,
/// for a run that prints none, their counts.
///
/// The store appends synchronously, on the store, for every transition and every step of an
/// auth request's life — including the responses and timeouts it feeds back while the clock
/// advances: through its `onEvent` hook, or, when the run prints no event, as their
/// ``EventCounts`` (the inbox is then the store's `EventCounter`, and the store builds no
/// event at all). The runner takes everything at each of its own steps, so memory holds only
/// the events of one step, never a whole session.
final class EventInbox: EventCounter {
  private struct State {
    var events: [StoreEvent] = []
    var counts = EventCounts()
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())
  /// Whether a runner waits in ``waitForEvents()`` (set and cleared under the lock): an
  /// event then takes the lock a second time to wake it. Only the real clock's `settle`
  /// waits; on the virtual clock an event takes the lock once.
  private let hasWaiter = Atomic<Bool>(false)
  /// Whether an event is waiting or counted (set and cleared under the lock): asked before
  /// every line, it takes no lock.
  private let isPending = Atomic<Bool>(false)

  /// Adds `event`.
  func append(_ event: StoreEvent) {
    record { $0.events.append(event) }
  }

  func countTransition(emitting effects: [LoginEffect]) {
    let kinds = effects.isEmpty ? [] : effects.map(\.kind)
    record { $0.counts.countTransition(effectKinds: kinds) }
  }

  func countEvent(_ kind: StoreEvent.Kind) {
    record { $0.counts.count(kind) }
  }

  /// Makes `change` under the lock, then wakes a runner waiting in ``waitForEvents()``.
  private func record(_ change: (inout State) -> Void) {
    state.withLock {
      change(&$0)
      isPending.store(true, ordering: .releasing)
    }
    guard hasWaiter.load(ordering: .acquiring) else { return }
    let waiter = state.withLock { state in
      hasWaiter.store(false, ordering: .releasing)
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Whether an event is waiting to be taken, or was counted since the last take.
  var hasEvents: Bool { isPending.load(ordering: .acquiring) }

  /// Drops every event not taken yet, and the counts: what a closed store did, which is
  /// never printed nor counted.
  func discardAll() {
    state.withLock { state in
      state.events.removeAll(keepingCapacity: true)
      state.counts = EventCounts()
      isPending.store(false, ordering: .releasing)
    }
  }

  /// Moves every event not taken yet into `events` (emptied first), oldest first, giving the
  /// inbox `events`' storage in exchange: a caller that takes at every step into the same
  /// array allocates nothing once both arrays have grown. Returns the counts of the events
  /// counted since the last take.
  func takeAll(into events: inout [StoreEvent]) -> EventCounts {
    events.removeAll(keepingCapacity: true)
    return state.withLock { state in
      swap(&state.events, &events)
      return take(&state)
    }
  }

  /// Returns the counts of the events counted since the last take, for a run whose store
  /// counts its events: ``takeAll(into:)`` without an array of events to hand over.
  func takeCounts() -> EventCounts {
    state.withLock { take(&$0) }
  }

  private func take(_ state: inout State) -> EventCounts {
    isPending.store(false, ordering: .releasing)
    defer { state.counts = EventCounts() }
    return state.counts
  }

  /// Whether a runner waits in ``waitForEvents()`` now (for tests of the wake-up).
  var hasWaitingRunner: Bool { state.withLock { $0.waiter != nil } }

  /// Returns once at least one event is waiting or counted (at once if one already is).
  ///
  /// With the real clock, `settle` waits here for the response. One waiter at a time.
  func waitForEvents() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.events.isEmpty, state.counts.events == 0 else { return true }
        state.waiter = waiter
        hasWaiter.store(true, ordering: .releasing)
        return false
      }
      if ready { waiter.resume() }
    }
  }
}
