extension Duration {
  /// The package's one duration format, exact and total: seconds with every significant
  /// decimal down to the attosecond, trailing zeros removed, `-` before a negative value.
  ///
  /// `0s`, `1.5s`, `0.25s`, `30s`, `0.000000001s`, `-2.5s`. The same duration prints the same
  /// way on every platform. Every `Duration` prints exactly, including those whose seconds do
  /// not fit an `Int64` (where `components` would trap). Store events and virtual instants
  /// print with it.
  package var traceText: String {
    // Peel off whole blocks of 10^18 s until the rest fits `components`; a Duration holds
    // at most about 1.7 × 10^20 s, so this loops at most 171 times, and only for absurd values.
    let block = Duration.seconds(1_000_000_000_000_000_000)
    var rest = self
    var blocks = 0
    while rest >= block {
      rest -= block
      blocks += 1
    }
    while rest <= (.zero - block) {
      rest += block
      blocks += 1
    }
    let (seconds, attoseconds) = rest.components
    var wholeSeconds = String(seconds.magnitude)
    if blocks > 0 {
      wholeSeconds =
        String(blocks) + String(repeating: "0", count: 18 - wholeSeconds.count) + wholeSeconds
    }
    let sign = self < .zero ? "-" : ""
    guard attoseconds != 0 else { return sign + wholeSeconds + "s" }
    var fraction = String(attoseconds.magnitude)
    fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + wholeSeconds + "." + fraction + "s"
  }
}
