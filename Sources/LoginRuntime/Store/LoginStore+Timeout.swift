extension LoginStore {
  /// The request timeout when none is given: 30 seconds.
  public static let defaultTimeout = Duration.seconds(30)

  /// The request timeouts a store honours: from one nanosecond to one day.
  ///
  /// A timeout outside is clamped into this range rather than refused: zero or a negative
  /// value becomes the lower bound, and anything longer than a day (up to
  /// `.seconds(Int64.max)`, which would overflow the clock's deadline) becomes a day.
  /// `LoginHTTP` uses the same ceiling for its own request timer.
  public static let timeoutRange: ClosedRange<Duration> = .nanoseconds(1) ... .seconds(86_400)

  /// `timeout` clamped into ``timeoutRange``.
  package static func clampedTimeout(_ timeout: Duration) -> Duration {
    min(max(timeout, timeoutRange.lowerBound), timeoutRange.upperBound)
  }
}
