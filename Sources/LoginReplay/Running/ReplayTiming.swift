import LoginRuntime

/// Where a replay's time comes from, and so what `wait`, `settle` and `respond` do.
enum ReplayTiming {
  /// The virtual clock and the scripted service (`--auth demo`): deterministic, no sleeping.
  case virtual(VirtualClock, ScriptedAuthService)
  /// The real clock (`--auth URL`), started with the store: `wait` sleeps for real.
  case real(start: ContinuousClock.Instant)

  /// The time since the store was created.
  var elapsed: Duration {
    switch self {
    case .virtual(let clock, _): clock.now.offset
    case .real(let start): start.duration(to: .now)
    }
  }

  /// Whether times are real (and printed to the millisecond).
  var isReal: Bool {
    switch self {
    case .virtual: false
    case .real: true
    }
  }
}
