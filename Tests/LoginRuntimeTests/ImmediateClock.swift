import LoginRuntime

/// A clock whose sleeps return at once, moving its time forward, as swift-clocks'
/// `ImmediateClock` does in apps' tests: a service's delay costs nothing.
final class ImmediateClock: Clock, Sendable {
  struct Instant: InstantProtocol, Sendable {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let time = Locked(Instant(offset: .zero))

  var now: Instant { time.withLock { $0 } }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    time.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
