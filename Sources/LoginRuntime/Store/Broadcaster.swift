/// Fans values out to any number of `AsyncStream` subscribers, in order.
///
/// With a ``latest`` value, a new subscriber first receives it and then every later value:
/// subscribing and publishing take the same lock, so no value is missed or repeated.
/// Streams buffer without limit, so a slow subscriber never loses a value.
final class Broadcaster<Element: Sendable>: Sendable {
  private struct Subscriber {
    let yield: @Sendable (Element) -> Void
    let finish: @Sendable () -> Void
  }

  private struct State {
    var latest: Element?
    var subscribers: [Int: Subscriber] = [:]
    var nextID = 0
    var isFinished = false
  }

  private let state: Locked<State>

  /// Creates a broadcaster; with `latest`, subscribers start by receiving it.
  init(latest: Element?) {
    state = Locked(State(latest: latest))
  }

  /// The last value published (or the initial one).
  var latest: Element? {
    state.withLock { $0.latest }
  }

  /// Whether any stream is subscribed now, so a publisher can skip building a value.
  var hasSubscribers: Bool {
    state.withLock { !$0.subscribers.isEmpty }
  }

  /// A stream of the latest value (if any), then every value published, transformed.
  ///
  /// After ``finish()`` the stream holds only the latest value, then ends.
  func subscribe<Output: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Output
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: .unbounded)
    let subscriber = Subscriber(
      yield: { continuation.yield(transform($0)) }, finish: { continuation.finish() })
    let id: Int? = state.withLock { state in
      // Safe under the lock: nobody can be waiting on a stream not returned yet.
      if let latest = state.latest { subscriber.yield(latest) }
      guard !state.isFinished else { return nil }
      state.nextID += 1
      state.subscribers[state.nextID] = subscriber
      return state.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends `value` to every subscriber and remembers it as the latest when `remember` is set.
  ///
  /// Publishers must be serialized (the store calls it from its actor). The values are
  /// yielded outside the lock: yielding may resume a consumer task, and a consumer being
  /// cancelled holds the runtime's lock of that task while its termination handler takes ours.
  func publish(_ value: Element, remember: Bool) {
    let subscribers = state.withLock { state -> [Subscriber] in
      guard !state.isFinished else { return [] }
      if remember { state.latest = value }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.yield(value) }
  }

  /// Ends every stream; later subscribers get only the latest value.
  func finish() {
    let subscribers = state.withLock { state in
      state.isFinished = true
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }
}
