import LoginRuntime

/// A clock that wraps a `VirtualClock` behind its own instant type, as a type-erasing clock
/// or an app's own test clock does: nothing in its type says a virtual clock is inside.
struct WrappedClock: Clock {
  struct Instant: InstantProtocol, Sendable {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let base: VirtualClock

  var now: Instant { Instant(offset: base.now.offset) }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: VirtualClock.Instant(offset: deadline.offset), tolerance: tolerance)
  }
}
