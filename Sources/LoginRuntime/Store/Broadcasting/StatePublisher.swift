import LoginFlow

/// The store's state as other threads read it: ``snapshot`` (the store's `currentState`) and
/// the state streams, which first receive the current snapshot, then every later one.
/// Subscribing and publishing take the same lock, so no state is missed or repeated.
///
/// The store hands it its state after every action (``publish(_:changed:)``). A state that
/// changed (`!=`) is the next version and goes to every stream; one that did not still
/// replaces the snapshot, so that a reader sees the state byte for byte as the store holds it
/// (a field retyped with other bytes but equal, `é` as one scalar or as `e` and a combining
/// accent, replaces the snapshot under the same version).
final class StatePublisher: Sendable {
  private struct State {
    var snapshot: StateSnapshot
    var subscribers = Subscribers<StateSnapshot>()
  }

  private let state: Locked<State>

  /// Starts from `initial`, which is the first snapshot, version 0.
  init(_ initial: LoginState) {
    state = Locked(State(snapshot: StateSnapshot(version: 0, state: initial)))
  }

  /// Makes `newState` the snapshot; when it `changed`, as the next version, sent to every
  /// stream (outside the lock, see ``Locked``). Only the store calls it, from its actor, so
  /// publishing is serialized.
  func publish(_ newState: LoginState, changed: Bool) {
    let published = state.withLock { state -> (StateSnapshot, [Subscriber<StateSnapshot>])? in
      state.snapshot.state = newState
      guard changed else { return nil }
      state.snapshot.version += 1
      return (state.snapshot, state.subscribers.all)
    }
    guard let (snapshot, subscribers) = published else { return }
    for subscriber in subscribers { subscriber.yield(snapshot) }
  }

  /// The store's state as its last action left it, with its version; readable from any
  /// thread.
  var snapshot: StateSnapshot {
    state.withLock { $0.snapshot }
  }

  /// A stream of the current snapshot, then every later one, transformed, buffered as
  /// `buffering` says. After ``finish()`` the stream holds only the last snapshot, then ends.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (StateSnapshot) -> Output
  ) -> AsyncStream<Output> {
    // A state stream that drops one keeps a newer one: nothing to count.
    Subscriber.stream(buffering: buffering, transform) {
    } addedBy: { subscriber in
      state.withLock { state in
        // Safe under the lock: nobody can be waiting on a stream not returned yet.
        subscriber.yield(state.snapshot)
        return state.subscribers.add(subscriber)
      }
    } removedBy: { [weak self] id in
      self?.state.withLock { $0.subscribers.remove(id) }
    }
  }

  /// Ends every stream; later subscribers get only the current snapshot.
  func finish() {
    for subscriber in state.withLock({ $0.subscribers.finish() }) { subscriber.finish() }
  }
}
