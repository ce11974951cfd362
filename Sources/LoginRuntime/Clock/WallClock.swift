import LoginFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the store reads the wall-clock time it passes in with a restored session and adds
/// to a saved session's lifetime: real time in production, the virtual clock's in tests and
/// replays.
///
/// The store's `Clock` measures durations (timeouts, delays) and need not say what day it
/// is; a remembered session's expiry is a date, so it comes from here.
public struct WallClock: Sendable {
  /// The current wall-clock time.
  public let now: @Sendable () -> Timestamp

  /// A wall clock that reads `now`.
  public init(now: @escaping @Sendable () -> Timestamp) {
    self.now = now
  }

  /// The system's real time (`CLOCK_REALTIME`).
  public static let system = WallClock {
    var time = timespec()
    _ = clock_gettime(CLOCK_REALTIME, &time)
    return Timestamp(
      sinceEpoch: .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec)))
  }

  /// The time on `clock`, a ``VirtualClock``, read as `start` plus its offset: by default its
  /// zero is the Unix epoch, so a replay's dates are the same on every run.
  public static func virtual(_ clock: VirtualClock, start: Timestamp = .epoch) -> WallClock {
    WallClock { start.advanced(by: clock.now.offset) }
  }
}
