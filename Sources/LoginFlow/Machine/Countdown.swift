/// The next arrival of a countdown a screen shows in whole seconds, rounded up ("0:42"): a
/// tick when the seconds shown next change, or the end in the last second; none once it is
/// over, so that no timer runs while no countdown shows. The resend cooldown and the
/// throttle count down this way.
enum Countdown: Equatable {
  /// The seconds shown change after this long.
  case tick(after: Duration)
  /// The countdown ends after this long.
  case end(after: Duration)

  /// The arrival after which a countdown with `left` to go changes what it shows.
  static func next(from left: Duration) -> Countdown? {
    guard left > .zero else { return nil }
    let shown = SecondFactorState.wholeSeconds(roundingUp: left)
    guard shown > 1 else { return .end(after: left) }
    return .tick(after: left - .seconds(shown - 1))
  }

  /// What is left of a countdown with `left` to go once its next tick came: the whole
  /// seconds shown, less one.
  static func afterTick(_ left: Duration) -> Duration {
    .seconds(SecondFactorState.wholeSeconds(roundingUp: left) - 1)
  }
}
