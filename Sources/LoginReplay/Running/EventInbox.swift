import LoginRuntime

/// The store's events that the runner has not printed yet, in the order they happened.
///
/// The store's `onEvent` hook appends synchronously, on the store, for every transition and
/// every step of an auth request's life — including the responses and timeouts the store
/// feeds back while the clock advances. The runner takes them all at each of its own steps,
/// so memory holds only the events of one step, never a whole session.
///
/// An inbox made for a run that prints no event keeps none: it only counts them
/// (``EventCounts``), which is all such a run reads from them.
final class EventInbox: Sendable {
  private struct State {
    var events: [StoreEvent] = []
    var counts = EventCounts()
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())
  /// Whether each event is kept to be printed; `false`: only counted.
  private let keepsEvents: Bool

  /// An inbox that keeps every event (`keepsEvents`), or only counts them.
  init(keepsEvents: Bool) {
    self.keepsEvents = keepsEvents
  }

  /// Adds `event`, or counts it; wakes a runner waiting in ``waitForEvents()``.
  func append(_ event: StoreEvent) {
    let waiter = state.withLock { state in
      if keepsEvents {
        state.events.append(event)
      } else {
        state.counts.count(event)
      }
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Whether an event is waiting to be taken.
  var hasEvents: Bool { state.withLock { !$0.events.isEmpty || $0.counts.events > 0 } }

  /// Drops every event not taken yet: what a closed store did, which is never printed nor
  /// counted.
  func discardAll() {
    state.withLock { state in
      state.events.removeAll(keepingCapacity: true)
      state.counts = EventCounts()
    }
  }

  /// Moves every event not taken yet into `events` (emptied first), oldest first, giving the
  /// inbox `events`' storage in exchange: a caller that takes at every step into the same
  /// array allocates nothing once both arrays have grown. Returns the counts of the events
  /// counted instead of kept since the last take.
  func takeAll(into events: inout [StoreEvent]) -> EventCounts {
    events.removeAll(keepingCapacity: true)
    return state.withLock { state in
      swap(&state.events, &events)
      defer { state.counts = EventCounts() }
      return state.counts
    }
  }

  /// Returns once at least one event is waiting (at once if one already is).
  ///
  /// With the real clock, `settle` waits here for the response. One waiter at a time.
  func waitForEvents() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.events.isEmpty, state.counts.events == 0 else { return true }
        state.waiter = waiter
        return false
      }
      if ready { waiter.resume() }
    }
  }
}
