import LoginFlow
@_spi(Locking) import LoginRuntime
import Synchronization

/// The store's events that the runner has not printed yet, in the order they happened.
///
/// The store appends synchronously, through its `onEvent` hook, for every transition and
/// every step of an auth request's life — including the responses and timeouts it feeds back
/// while the clock advances. The runner takes everything at each of its own steps, so memory
/// holds only the events of one step, never a whole session. (A run that prints no event
/// keeps none: its store counts them, see `EventCounts`.)
final class EventInbox: Sendable {
  private struct State {
    var events: [StoreEvent] = []
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())
  /// Whether a runner waits in ``waitForEvents()`` (set and cleared under the lock): an
  /// event then takes the lock a second time to wake it. Only the real clock's `settle`
  /// waits; on the virtual clock an event takes the lock once.
  private let hasWaiter = Atomic<Bool>(false)
  /// Whether an event is waiting (set and cleared under the lock): asked before every line,
  /// it takes no lock.
  private let isPending = Atomic<Bool>(false)

  /// Adds `event`, then wakes a runner waiting in ``waitForEvents()``.
  func append(_ event: StoreEvent) {
    state.withLock {
      $0.events.append(event)
      isPending.store(true, ordering: .releasing)
    }
    guard hasWaiter.load(ordering: .acquiring) else { return }
    let waiter = state.withLock { state in
      hasWaiter.store(false, ordering: .releasing)
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Whether an event is waiting to be taken.
  var hasEvents: Bool { isPending.load(ordering: .acquiring) }

  /// Drops every event not taken yet: what a closed store did, which is never printed.
  func discardAll() {
    state.withLock { state in
      state.events.removeAll(keepingCapacity: true)
      isPending.store(false, ordering: .releasing)
    }
  }

  /// Moves every event not taken yet into `events` (emptied first), oldest first, giving the
  /// inbox `events`' storage in exchange: a caller that takes at every step into the same
  /// array allocates nothing once both arrays have grown.
  func takeAll(into events: inout [StoreEvent]) {
    events.removeAll(keepingCapacity: true)
    state.withLock { state in
      swap(&state.events, &events)
      isPending.store(false, ordering: .releasing)
    }
  }

  /// Whether a runner waits in ``waitForEvents()`` now (for tests of the wake-up).
  var hasWaitingRunner: Bool { state.withLock { $0.waiter != nil } }

  /// Returns once at least one event is waiting (at once if one already is).
  ///
  /// With the real clock, `settle` waits here for the response. One waiter at a time.
  func waitForEvents() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.events.isEmpty else { return true }
        state.waiter = waiter
        hasWaiter.store(true, ordering: .releasing)
        return false
      }
      if ready { waiter.resume() }
    }
  }
}
