/// What a stream of the store (``LoginStore/states(buffering:)``,
/// ``LoginStore/events(buffering:)``) keeps for a subscriber that has not read yet.
///
/// A subscriber reads at its own pace while the store goes on; whatever it has not read waits
/// in its stream's buffer. The choice is per subscription, so a screen and a logger of the
/// same store can differ.
public enum StreamBuffering: Hashable, Sendable {
  /// Only the newest value not read yet: a new one replaces it. Memory stays flat however far
  /// the subscriber lags, and what it reads next is always the latest. For screens: a state
  /// is the whole screen, so the newest makes every older one moot.
  case newest
  /// Every value, in order, however many: a subscriber that lags holds them all until it
  /// reads them. For tests, replays and logs, which must see each step.
  case all
  /// The newest `count` values not read yet (at least one): a subscriber that lags further
  /// loses the oldest, and the loss is counted (``LoginStore/droppedEventCount``). Memory
  /// stays bounded however far it lags. The event streams' default, with
  /// ``LoginStore/defaultEventBuffer``.
  case latest(Int)

  /// The `AsyncStream` policy that keeps what this choice says.
  func policy<Element>() -> AsyncStream<Element>.Continuation.BufferingPolicy {
    switch self {
    case .newest: .bufferingNewest(1)
    case .all: .unbounded
    case .latest(let count): .bufferingNewest(max(1, count))
    }
  }
}
