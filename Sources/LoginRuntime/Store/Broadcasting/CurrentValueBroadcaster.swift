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
  /// Makes `newState` the current value as the next version and sends it to every
  /// subscriber, unless it equals the current state. Deciding under the lock, against the
  /// value kept there, spares the store a copy of its state from before each action.
  /// Publishers must be serialized (the store publishes from its actor); the value is yielded
  /// outside the lock (see ``Locked``).
  ///
  /// A state equal to the current one may still hold a field the user typed spelled
  /// otherwise (in another Unicode normalization: `String` compares canonically): it then
  /// replaces the current value under the same version, unannounced, so that ``value`` holds
  /// the fields as the store does, byte for byte.
  ///
  /// It takes its own copy of the state, which becomes the new value: compared and then moved
  /// there, it is copied once (a state lent, or read through a pointer, was copied whole to be
  /// compared, then again to be kept).
  func publish(ifChanged newState: consuming LoginState) {
    var pending = Optional(newState)
    let subscribers = state.withLock { state -> [Subscriber<Element>]? in
      guard !state.subscribers.isFinished, let newState = pending.take() else { return nil }
      let changed = state.value.state != newState
      guard changed || !Self.fieldsHaveTheSameBytes(state.value.state, newState) else {
        return nil
      }
      state.value = StateSnapshot(
        version: state.value.version + (changed ? 1 : 0), state: newState)
      return changed && !state.subscribers.isEmpty ? state.subscribers.all : nil
    }
    guard let subscribers else { return }
    let value = self.value
    for subscriber in subscribers { subscriber.yield(value) }
  }

  /// Whether the fields the user types hold the same bytes in both states.
  private static func fieldsHaveTheSameBytes(
    _ some: borrowing LoginState, _ other: borrowing LoginState
  ) -> Bool {
    haveTheSameBytes(some.email, other.email) && haveTheSameBytes(some.password, other.password)
  }

  private static func haveTheSameBytes(_ some: String, _ other: String) -> Bool {
    let count = some.utf8.count
    guard other.utf8.count == count else { return false }
    let compared = some.utf8.withContiguousStorageIfAvailable { someBytes in
      other.utf8.withContiguousStorageIfAvailable { otherBytes in
        for index in 0..<count where someBytes[index] != otherBytes[index] { return false }
        return true
      }
    }
    return (compared ?? nil) ?? some.utf8.elementsEqual(other.utf8)
  }
}
