/// Fans values out to any number of `AsyncStream` subscribers, in order, from now on: a new
/// subscriber receives only the values published after it subscribed. The store's event
/// streams use it.
///
/// Each stream buffers as its subscriber chose (``StreamBuffering``): every value, or only
/// the newest not read yet.
final class Broadcaster<Element: Sendable>: Sendable {
  private let subscribers = Locked(Subscribers<Element>())

  /// Creates a broadcaster with no subscriber yet.
  init() {}

  /// Whether any stream is subscribed now, so a publisher can skip building a value.
  var hasSubscribers: Bool {
    subscribers.withLock { !$0.isEmpty }
  }

  /// A stream of every value published from now on, transformed, buffered as `buffering`
  /// says; after ``finish()`` it ends at once.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (Element) -> Output
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: buffering.policy())
    let subscriber = Subscriber(continuation, transform)
    let action = subscribers.withLock { $0.add(subscriber) }
    action.complete(continuation) { [weak self] id in
      self?.subscribers.withLock { $0.remove(id) }
    }
    return stream
  }

  /// Sends `value` to every subscriber. Publishers must be serialized (the store publishes
  /// from its actor); the values are yielded outside the lock (see ``Locked``).
  func publish(_ value: Element) {
    for subscriber in subscribers.withLock({ $0.all }) { subscriber.yield(value) }
  }

  /// Ends every stream; later subscribers get a stream that has ended.
  func finish() {
    for subscriber in subscribers.withLock({ $0.finish() }) { subscriber.finish() }
  }
}

/// Fans values out like ``Broadcaster``, and always has a current value: a new subscriber
/// first receives it, then every later value. Subscribing and publishing take the same lock,
/// so no value is missed or repeated. The store's state streams use it.
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

  /// Makes `value` the current value and sends it to every subscriber. Publishers must be
  /// serialized (the store publishes from its actor); the values are yielded outside the lock
  /// (see ``Locked``).
  func publish(_ value: Element) {
    let subscribers = state.withLock { state -> [Subscriber<Element>] in
      guard !state.subscribers.isFinished else { return [] }
      state.value = value
      return state.subscribers.all
    }
    for subscriber in subscribers { subscriber.yield(value) }
  }

  /// Ends every stream; later subscribers get only the current value.
  func finish() {
    for subscriber in state.withLock({ $0.subscribers.finish() }) { subscriber.finish() }
  }
}

/// One subscribed stream, as the broadcasters see it.
private struct Subscriber<Element: Sendable>: Sendable {
  let yield: @Sendable (Element) -> Void
  let finish: @Sendable () -> Void

  init<Output>(
    _ continuation: AsyncStream<Output>.Continuation,
    _ transform: @escaping @Sendable (Element) -> Output
  ) {
    yield = { continuation.yield(transform($0)) }
    finish = { continuation.finish() }
  }
}

/// What subscribing did, decided under the broadcaster's lock and completed after it.
private enum SubscribeAction {
  /// The stream is subscribed under `id`; remove it when the stream terminates.
  case subscribed(id: Int)
  /// The broadcaster has finished: end the stream at once.
  case finished

  /// Ends `continuation`, or arranges for `unsubscribe` to run when its stream terminates.
  func complete<Output>(
    _ continuation: AsyncStream<Output>.Continuation,
    unsubscribe: @escaping @Sendable (Int) -> Void
  ) {
    switch self {
    case .subscribed(let id):
      continuation.onTermination = { _ in unsubscribe(id) }
    case .finished:
      continuation.finish()
    }
  }
}

/// The subscribers of one broadcaster, kept in its locked state.
private struct Subscribers<Element: Sendable> {
  private var byID: [Int: Subscriber<Element>] = [:]
  private var nextID = 0
  private(set) var isFinished = false

  var isEmpty: Bool { byID.isEmpty }

  /// Every subscriber now (none once finished).
  var all: [Subscriber<Element>] { Array(byID.values) }

  mutating func add(_ subscriber: Subscriber<Element>) -> SubscribeAction {
    guard !isFinished else { return .finished }
    nextID += 1
    byID[nextID] = subscriber
    return .subscribed(id: nextID)
  }

  mutating func remove(_ id: Int) {
    byID[id] = nil
  }

  /// Marks the broadcast finished; returns the subscribers to finish.
  mutating func finish() -> [Subscriber<Element>] {
    isFinished = true
    defer { byID = [:] }
    return all
  }
}
