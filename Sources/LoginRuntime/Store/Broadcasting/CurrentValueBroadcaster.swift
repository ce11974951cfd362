import LoginFlow

/// Fans values out like ``Broadcaster``, and always has a current value: a new subscriber
/// first receives it, then every later value. Subscribing and publishing take the same lock,
/// so no value is missed or repeated. The store's state streams use it, and the store
/// publishes its snapshots through ``publish(ifChanged:)``.
final class CurrentValueBroadcaster<Element: Sendable>: Sendable {
  private struct State {
    var value: Element
    var subscribers = Subscribers<Element>()
  }

  private let state: Locked<State>

  /// Creates a broadcaster whose current value is `value`.
  init(_ value: Element) {
    state = Locked(State(value: value))
  }

  /// The last value published, or the initial one; readable from any thread.
  var value: Element {
    state.withLock { $0.value }
  }

  /// A stream of the current value, then every value published, transformed, buffered as
  /// `buffering` says. After ``finish()`` the stream holds only the last value, then ends.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (Element) -> Output
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: buffering.policy())
    let subscriber = Subscriber(continuation, transform)
    let action = state.withLock { state in
      // Safe under the lock: nobody can be waiting on a stream not returned yet.
      subscriber.yield(state.value)
      return state.subscribers.add(subscriber)
    }
    action.complete(continuation) { [weak self] id in
      self?.state.withLock { $0.subscribers.remove(id) }
    }
    return stream
  }

  /// Ends every stream; later subscribers get only the current value.
  func finish() {
    for subscriber in state.withLock({ $0.subscribers.finish() }) { subscriber.finish() }
  }
}

extension CurrentValueBroadcaster where Element == StateSnapshot {
  /// Makes the state at `newState` the current value as the next version and sends it to
  /// every subscriber, unless it equals the current state. Deciding under the lock, against
  /// the value kept there, spares the store a copy of its state from before each action.
  /// Publishers must be serialized (the store publishes from its actor); the value is yielded
  /// outside the lock (see ``Locked``).
  ///
  /// A state equal to the current one may still hold a field the user typed spelled
  /// otherwise (in another Unicode normalization: `String` compares canonically): it then
  /// replaces the current value under the same version, unannounced, so that ``value`` holds
  /// the fields as the store does, byte for byte.
  ///
  /// The state is read in place, through the store's pointer, and only the fields that
  /// changed are copied into the kept value (see `LoginState.adopt(_:)`).
  func publish(ifChanged newState: UnsafePointer<LoginState>) {
    let subscribers = state.withLock { state -> [Subscriber<Element>]? in
      guard !state.subscribers.isFinished else { return nil }
      switch state.value.state.adopt(newState) {
      case .identical, .respelled:
        return nil
      case .different:
        state.value.version += 1
        return state.subscribers.isEmpty ? nil : state.subscribers.all
      }
    }
    guard let subscribers else { return }
    let value = self.value
    for subscriber in subscribers { subscriber.yield(value) }
  }
}
