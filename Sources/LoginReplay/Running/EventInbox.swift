import LoginFlow
import LoginRuntime

/// The store's events that the runner has not printed yet, in the order they happened.
///
/// The store appends synchronously, through its `onEvent` hook, for every transition and
/// every step of a request's life — including the answers and timeouts it feeds back while
/// the clock advances. The runner takes everything at each of its own steps, so memory holds
/// only the events of one step, never a whole session.
final class EventInbox: Sendable {
  private struct State {
    var events: [StoreEvent] = []
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())

  /// Adds `event`, then wakes a runner waiting in ``waitForEvents()``.
  func append(_ event: StoreEvent) {
    let waiter = state.withLock { state in
      state.events.append(event)
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Takes every event not taken yet, oldest first.
  func takeAll() -> [StoreEvent] {
    state.withLock { state in
      defer { state.events = [] }
      return state.events
    }
  }

  /// Whether a runner waits in ``waitForEvents()`` now (for tests of the wake-up).
  var hasWaitingRunner: Bool { state.withLock { $0.waiter != nil } }

  /// Returns once at least one event is waiting (at once if one already is).
  ///
  /// With the real clock, `settle` waits here for the answer. One waiter at a time.
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
