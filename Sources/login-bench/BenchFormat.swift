/// How `login-bench` writes numbers and durations, without Foundation's formatters: a fixed
/// number of decimals for the tables, JSON numbers and strings, and limits as people write
/// them (`100,000`, `1.2`).
enum BenchFormat {
  /// `value` with `digits` decimals, rounded; `nan` when it is not finite.
  static func number(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "nan" }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    let fraction = String(magnitude % scale)
    return sign + "\(magnitude / scale)." + String(repeating: "0", count: digits - fraction.count)
      + fraction
  }

  /// A statistic for the table: three significant figures at least, never more than needed
  /// (`0.412`, `17.4`, `119,672`).
  static func statistic(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let magnitude = abs(value)
    if magnitude >= 1_000 { return grouped(Int(value.rounded())) }
    if magnitude >= 100 { return number(value, digits: 1) }
    if magnitude >= 1 { return number(value, digits: 2) }
    if magnitude >= 0.01 { return number(value, digits: 3) }
    return number(value, digits: 5)
  }

  /// A limit as people write it: a whole number grouped by thousands (`100,000`), else with
  /// the decimals it has (`1.2`).
  static func limit(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return grouped(Int(value)) }
    var text = number(value, digits: 3)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// `value` with a comma between each group of three digits.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index).isMultiple(of: 3) { text.append(",") }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// A JSON number with up to six decimals (`null` when not finite).
  static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    var text = number(value, digits: 6)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A JSON string: `text` quoted, with `"`, `\` and control characters escaped.
  static func json(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// A duration in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double { seconds(duration) * 1e3 }

  /// A duration in microseconds.
  static func microseconds(_ duration: Duration) -> Double { seconds(duration) * 1e6 }

  /// `text` with spaces after it up to `width` characters.
  static func padded(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` with spaces before it up to `width` characters.
  static func leftPadded(_ text: String, to width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
