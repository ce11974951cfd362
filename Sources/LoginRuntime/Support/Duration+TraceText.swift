extension Duration {
  /// A short, exact rendering for traces: `0s`, `1.5s`, `30s`, `0.000000001s`.
  ///
  /// Seconds with up to nine decimals (nanoseconds), trailing zeros removed, so the same
  /// duration always prints the same way on every platform. Durations beyond ±Int64.max
  /// seconds (where `components` would trap) print as that bound.
  var traceText: String {
    let bound = Duration.seconds(Int64.max)
    let (seconds, attoseconds) = min(max(self, .zero - bound), bound).components
    let negative = seconds < 0 || attoseconds < 0
    let wholeSeconds = seconds.magnitude
    let nanoseconds = attoseconds.magnitude / 1_000_000_000
    var text = (negative ? "-" : "") + String(wholeSeconds)
    if nanoseconds > 0 {
      var fraction = String(nanoseconds)
      fraction = String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "s"
  }
}
