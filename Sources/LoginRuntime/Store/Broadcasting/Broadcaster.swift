/// Fans values out to any number of `AsyncStream` subscribers, in order, from now on: a new
/// subscriber receives only the values published after it subscribed. The store's event
/// streams use it.
///
/// Each stream buffers as its subscriber chose (``StreamBuffering``): every value, or only
/// the newest not read yet.
final class Broadcaster<Element: Sendable>: Sendable {
  private let subscribers = Locked(Subscribers<Element>())
  private let drops = Locked(0)

  /// Creates a broadcaster with no subscriber yet.
  init() {}

  /// How many values streams have lost so far because their buffers were full.
  var droppedCount: Int {
    drops.withLock { $0 }
  }

  /// Whether any stream is subscribed now, so a publisher can skip building a value.
  var hasSubscribers: Bool {
    subscribers.withLock { !$0.isEmpty }
  }

  /// A stream of every value published from now on, transformed, buffered as `buffering`
  /// says; after ``finish()`` it ends at once.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (Element) -> Output
  ) -> AsyncStream<Output> {
    let drops = drops
    return Subscriber.stream(buffering: buffering, transform) {
      drops.withLock { $0 += 1 }
    } addedBy: { subscriber in
      subscribers.withLock { $0.add(subscriber) }
    } removedBy: { [weak self] id in
      guard let self else { return }
      subscribers.withLock { $0.remove(id) }
    }
  }

  /// Sends `value` to every subscriber. Publishers must be serialized (the store publishes
  /// from its actor); the values are yielded outside the lock (see ``Locked``).
  func publish(_ value: Element) {
    for subscriber in subscribers.withLock({ $0.all }) { subscriber.yield(value) }
  }

  /// Ends every stream; later subscribers get a stream that has ended.
  func finish() {
    let finished = subscribers.withLock { $0.finish() }
    for subscriber in finished { subscriber.finish() }
  }
}
