import LoginFlow

/// The store's state, and the snapshot of it that other threads read: ``snapshot`` (the
/// store's `currentState`) and the state streams, which first receive the current snapshot,
/// then every later one. Subscribing and publishing take the same lock, so no state is
/// missed or repeated.
///
/// The store changes its state only through ``change(_:)``, under the lock, and reads it
/// anywhere through ``working`` (it is the only writer). The snapshot is brought up to date
/// from the state when something reads it: at once after a change while a stream is
/// subscribed, else when ``snapshot`` is read or a stream subscribes. A store nobody watches
/// then pays for no copy and no comparison per action, only the lock.
///
/// A snapshot's version counts the changes the snapshot took: an up-to-date snapshot that
/// differs from the one before it is the next version. Streams see every change; a reader of
/// ``snapshot`` sees the state as the store's last action left it, byte for byte (a field
/// retyped with other bytes but equal, such as `é` as one scalar then as `e` and a combining
/// accent, replaces the snapshot's under the same version).
final class StatePublisher: @unchecked Sendable {
  // @unchecked: `working` is written only under `state`'s lock, by the store, and read by
  // other threads only under it.
  private struct State {
    var snapshot: StateSnapshot
    /// Whether the store's state may have changed since ``snapshot`` was brought up to date.
    var isBehind = false
    var subscribers = Subscribers<StateSnapshot>()
  }

  private let state: Locked<State>
  /// The store's state, in memory of its own: the store reads it here without the lock,
  /// since no one else changes it.
  let working: UnsafeMutablePointer<LoginState>

  /// Starts from `initial`, which is the first snapshot, version 0.
  init(_ initial: LoginState) {
    working = .allocate(capacity: 1)
    working.initialize(to: initial)
    state = Locked(State(snapshot: StateSnapshot(version: 0, state: initial)))
  }

  deinit {
    working.deinitialize(count: 1)
    working.deallocate()
  }

  /// Changes the store's state with `body` under the lock, and then, while a stream is
  /// subscribed, publishes the state as the next version unless it equals the current
  /// snapshot (the values are yielded outside the lock, see ``Locked``). Only the store calls
  /// it, from its actor, so changes are serialized.
  ///
  /// Inlined into each caller: called with the store's two closures, it was left generic.
  @inline(__always)
  func change<Result>(_ body: (inout LoginState) -> Result) -> Result {
    var published: (snapshot: StateSnapshot, to: [Subscriber<StateSnapshot>])?
    let result = state.withLock { state in
      let result = body(&working.pointee)
      state.isBehind = true
      if !state.subscribers.isEmpty, bringUpToDate(&state) {
        published = (state.snapshot, state.subscribers.all)
      }
      return result
    }
    guard let published else { return result }
    for subscriber in published.to { subscriber.yield(published.snapshot) }
    return result
  }

  /// The store's state as its last change left it, with its version; readable from any
  /// thread.
  var snapshot: StateSnapshot {
    state.withLock { state in
      bringUpToDate(&state)
      return state.snapshot
    }
  }

  /// A stream of the current snapshot, then every later one, transformed, buffered as
  /// `buffering` says. After ``finish()`` the stream holds only the last snapshot, then ends.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (StateSnapshot) -> Output
  ) -> AsyncStream<Output> {
    Subscriber.stream(buffering: buffering, transform) { subscriber in
      state.withLock { state in
        bringUpToDate(&state)
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

  /// Brings the snapshot up to date with the store's state, under the lock: the next version
  /// when the state differs from it, the same version when only a field's spelling does.
  /// Returns whether it made a new version.
  @discardableResult
  private func bringUpToDate(_ state: inout State) -> Bool {
    guard state.isBehind else { return false }
    state.isBehind = false
    switch state.snapshot.state.adopt(working) {
    case .identical, .respelled:
      return false
    case .different:
      state.snapshot.version += 1
      return true
    }
  }
}
