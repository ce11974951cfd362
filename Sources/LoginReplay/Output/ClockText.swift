/// Clock times as replay output writes them: `0s`, `1.5s`, `30.25s`.
///
/// On the virtual clock every time is exact, so it is written in full. On the real clock
/// (`--auth URL`) it is cut to whole milliseconds: nanoseconds of jitter say nothing. Total:
/// no `Duration` makes it trap.
enum ClockText {
  /// `duration` as text; cut to milliseconds when `real`.
  static func text(_ duration: Duration, real: Bool) -> String {
    // `components` traps beyond Int64 seconds; a real clock never gets near that, and
    // `format` writes such values exactly.
    let limit = Duration.seconds(1_000_000_000_000_000_000)
    guard real, (.zero - limit) < duration, duration < limit else {
      return DurationLiteral.format(duration)
    }
    let (seconds, attoseconds) = duration.components
    let perMillisecond: Int64 = 1_000_000_000_000_000
    return DurationLiteral.format(
      Duration(
        secondsComponent: seconds,
        attosecondsComponent: attoseconds / perMillisecond * perMillisecond))
  }
}
