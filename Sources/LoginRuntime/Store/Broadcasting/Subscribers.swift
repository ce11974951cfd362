// What the two broadcasters (Broadcaster, StatePublisher) share: their subscribers.

/// One subscribed stream, as the broadcasters see it.
struct Subscriber<Element: Sendable>: Sendable {
  let yield: @Sendable (Element) -> Void
  let finish: @Sendable () -> Void

  /// A subscriber yielding to `continuation`; `dropped` is called for each value its full
  /// buffer lost.
  init<Output>(
    _ continuation: AsyncStream<Output>.Continuation,
    _ transform: @escaping @Sendable (Element) -> Output,
    dropped: @escaping @Sendable () -> Void
  ) {
    yield = {
      if case .dropped = continuation.yield(transform($0)) { dropped() }
    }
    finish = { continuation.finish() }
  }
}

extension Subscriber {
  /// A new stream of `transform`ed values, buffered as `buffering` says, and its subscriber:
  /// `add` puts the subscriber among a broadcaster's, under the broadcaster's lock, and says
  /// what that did; once the stream terminates, `remove` takes the subscriber's id away. A
  /// broadcaster that had finished ends the stream at once.
  static func stream<Output: Sendable>(
    buffering: StreamBuffering, _ transform: @escaping @Sendable (Element) -> Output,
    dropped: @escaping @Sendable () -> Void,
    addedBy add: (Subscriber) -> SubscribeAction,
    removedBy remove: @escaping @Sendable (Int) -> Void
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: buffering.policy())
    switch add(Subscriber(continuation, transform, dropped: dropped)) {
    case .subscribed(let id):
      continuation.onTermination = { _ in remove(id) }
    case .finished:
      continuation.finish()
    }
    return stream
  }
}

/// What subscribing did, decided under the broadcaster's lock and completed after it.
enum SubscribeAction {
  /// The stream is subscribed under `id`; remove it when the stream terminates.
  case subscribed(id: Int)
  /// The broadcaster has finished: end the stream at once.
  case finished
}

/// The subscribers of one broadcaster, kept in its locked state.
struct Subscribers<Element: Sendable> {
  private var byID: [Int: Subscriber<Element>] = [:]
  private var nextID = 0
  private(set) var isFinished = false

  var isEmpty: Bool { byID.isEmpty }

  /// How many streams are subscribed.
  var count: Int { byID.count }

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
