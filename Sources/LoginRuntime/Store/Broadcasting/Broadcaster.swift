import Synchronization

/// Fans values out to any number of `AsyncStream` subscribers, in order, from now on: a new
/// subscriber receives only the values published after it subscribed. The store's event
/// streams use it.
///
/// Each stream buffers as its subscriber chose (``StreamBuffering``): every value, or only
/// the newest not read yet.
final class Broadcaster<Element: Sendable>: Sendable {
  private let subscribers = Locked(Subscribers<Element>())
  /// How many streams are subscribed, kept with ``subscribers`` under its lock and read
  /// without it: the store asks on every action whether to build an event at all.
  private let subscriberCount = Atomic<Int>(0)

  /// Creates a broadcaster with no subscriber yet.
  init() {}

  /// Whether any stream is subscribed now, so a publisher can skip building a value.
  var hasSubscribers: Bool {
    subscriberCount.load(ordering: .acquiring) > 0
  }

  /// A stream of every value published from now on, transformed, buffered as `buffering`
  /// says; after ``finish()`` it ends at once.
  func subscribe<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (Element) -> Output
  ) -> AsyncStream<Output> {
    Subscriber.stream(buffering: buffering, transform) { subscriber in
      subscribers.withLock { subscribers in
        let action = subscribers.add(subscriber)
        subscriberCount.store(subscribers.count, ordering: .releasing)
        return action
      }
    } removedBy: { [weak self] id in
      guard let self else { return }
      subscribers.withLock { subscribers in
        subscribers.remove(id)
        subscriberCount.store(subscribers.count, ordering: .releasing)
      }
    }
  }

  /// Sends `value` to every subscriber. Publishers must be serialized (the store publishes
  /// from its actor); the values are yielded outside the lock (see ``Locked``).
  func publish(_ value: Element) {
    // Without a subscriber there is nothing to take the lock for (a stream subscribing at
    // this moment gets the values published after it).
    guard hasSubscribers else { return }
    for subscriber in subscribers.withLock({ $0.all }) { subscriber.yield(value) }
  }

  /// Ends every stream; later subscribers get a stream that has ended.
  func finish() {
    let finished = subscribers.withLock { subscribers in
      defer { subscriberCount.store(0, ordering: .releasing) }
      return subscribers.finish()
    }
    for subscriber in finished { subscriber.finish() }
  }
}
