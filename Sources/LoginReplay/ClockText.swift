/// Clock times as replay output writes them: `0s`, `1.5s`, `30.25s`.
///
/// On the virtual clock every time is exact, so it is written in full. On the real clock
/// (`--auth URL`) it is cut to whole milliseconds: nanoseconds of jitter say nothing.
enum ClockText {
  /// `duration` as text; cut to milliseconds when `real`.
  static func text(_ duration: Duration, real: Bool) -> String {
    guard real else { return DurationLiteral.format(duration) }
    let (seconds, attoseconds) = duration.components
    let perMillisecond: Int64 = 1_000_000_000_000_000
    return DurationLiteral.format(
      Duration(
        secondsComponent: seconds,
        attosecondsComponent: attoseconds / perMillisecond * perMillisecond))
  }
}
