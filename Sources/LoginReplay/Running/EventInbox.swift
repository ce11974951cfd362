import LoginRuntime

/// The store's events that the runner has not printed yet, in the order they happened.
///
/// The store's `onEvent` hook appends synchronously, on the store, for every transition and
/// every step of an auth request's life — including the responses and timeouts the store
/// feeds back while the clock advances. The runner takes them all at each of its own steps,
/// so memory holds only the events of one step, never a whole session.
final class EventInbox: Sendable {
  private struct State {
    var events: [StoreEvent] = []
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())

  /// Adds `event`; wakes a runner waiting in ``waitForEvents()``.
  func append(_ event: StoreEvent) {
    let waiter = state.withLock { state in
      state.events.append(event)
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Whether an event is waiting to be taken.
  var hasEvents: Bool { state.withLock { !$0.events.isEmpty } }

  /// Drops every event not taken yet: what a closed store did, which is never printed.
  func discardAll() {
    state.withLock { $0.events.removeAll(keepingCapacity: true) }
  }

  /// Moves every event not taken yet into `events` (emptied first), oldest first, giving the
  /// inbox `events`' storage in exchange: a caller that takes at every step into the same
  /// array allocates nothing once both arrays have grown.
  func takeAll(into events: inout [StoreEvent]) {
    events.removeAll(keepingCapacity: true)
    state.withLock { state in swap(&state.events, &events) }
  }

  /// Returns once at least one event is waiting (at once if one already is).
  ///
  /// With the real clock, `settle` waits here for the response. One waiter at a time.
  func waitForEvents() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.events.isEmpty else { return true }
        state.waiter = waiter
        return false
      }
      if ready { waiter.resume() }
    }
  }
}
