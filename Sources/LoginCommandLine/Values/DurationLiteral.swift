import LoginRuntime

/// Durations as session files and the command line write them: `0s`, `250ms`, `1.5s`.
///
/// A duration is a decimal number (digits, optionally a `.` and more digits) followed by
/// `ms` or `s`, converted exactly (no floating point) to a `Duration`. Parsing is shared by
/// the session parser and `--timeout`, so both accept and reject exactly the same text.
///
/// A duration may be at most ``maximum`` (1,000,000 s, about 11.6 days): far more than any
/// session needs, and small enough that no sum of them the runner can reach overflows.
public enum DurationLiteral {
  /// The longest duration a session file or `--timeout` may name: 1,000,000 seconds.
  public static let maximum = Duration.seconds(1_000_000)

  /// Why a text is not a duration.
  public enum Problem: Error, Equatable, Sendable {
    /// The text starts with `-`.
    case negative
    /// A number with no unit after it.
    case missingUnit
    /// A number followed by something other than `ms` or `s`.
    case unknownUnit
    /// Not a number followed by a unit at all.
    case malformed
    /// Longer than ``DurationLiteral/maximum``.
    case tooLarge
    /// More decimals than an attosecond.
    case tooPrecise
  }

  /// Parses `text` into a duration, or says why it is not one.
  public static func parse(_ text: String) -> Result<Duration, Problem> {
    if let duration = shortDuration(text) { return .success(duration) }
    return parseScalars(text)
  }

  /// A duration as sessions write it (`1.5s`, `250ms`: up to 7 integer digits, up to 15
  /// decimals, `s` or `ms`) read from its bytes with no allocation; `nil` for any other text,
  /// valid or not, which ``parseScalars(_:)`` decides.
  private static func shortDuration(_ text: String) -> Duration? {
    let bytes = text.utf8
    var index = bytes.startIndex
    func digits(atMost limit: Int) -> (value: Int64, count: Int)? {
      var value: Int64 = 0
      var count = 0
      while index != bytes.endIndex, case let byte = bytes[index], byte >= 0x30, byte <= 0x39 {
        count += 1
        guard count <= limit else { return nil }
        value = value * 10 + Int64(byte - 0x30)
        bytes.formIndex(after: &index)
      }
      return count == 0 ? nil : (value, count)
    }
    guard let integer = digits(atMost: 7) else { return nil }
    var fraction: (value: Int64, count: Int) = (0, 0)
    if index != bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
      bytes.formIndex(after: &index)
      guard let decimals = digits(atMost: 15) else { return nil }
      fraction = decimals
    }
    let unit = text.utf8[index...]
    let duration: Duration
    if unit.elementsEqual("s".utf8) {
      duration = Duration(
        secondsComponent: integer.value,
        attosecondsComponent: fraction.value * power(of: 10, 18 - fraction.count))
    } else if unit.elementsEqual("ms".utf8) {
      duration = Duration(
        secondsComponent: integer.value / 1_000,
        attosecondsComponent: integer.value % 1_000 * power(of: 10, 15)
          + fraction.value * power(of: 10, 15 - fraction.count))
    } else {
      return nil
    }
    return duration <= maximum ? duration : nil
  }

  private static func power(of base: Int64, _ exponent: Int) -> Int64 {
    var result: Int64 = 1
    for _ in 0..<exponent { result *= base }
    return result
  }

  /// ``parse(_:)`` over Unicode scalars: the reference for every text, and its errors.
  static func parseScalars(_ text: String) -> Result<Duration, Problem> {
    let scalars = Array(text.unicodeScalars)
    if scalars.first == "-" { return .failure(.negative) }
    var index = 0
    let integerStart = index
    while index < scalars.count, isDigit(scalars[index]) { index += 1 }
    let integerDigits = Array(scalars[integerStart..<index])
    guard !integerDigits.isEmpty else { return .failure(.malformed) }
    var fractionDigits: [Unicode.Scalar] = []
    if index < scalars.count, scalars[index] == "." {
      index += 1
      let fractionStart = index
      while index < scalars.count, isDigit(scalars[index]) { index += 1 }
      fractionDigits = Array(scalars[fractionStart..<index])
      guard !fractionDigits.isEmpty else { return .failure(.malformed) }
    }
    var unit = String.UnicodeScalarView()
    unit.append(contentsOf: scalars[index...])
    let unitText = String(unit)
    switch unitText {
    case "s": return exact(integerDigits, fractionDigits, unitExponent: 0)
    case "ms": return exact(integerDigits, fractionDigits, unitExponent: 3)
    case "": return .failure(.missingUnit)
    default:
      if let first = unit.first, !first.properties.isAlphabetic { return .failure(.malformed) }
      return .failure(.unknownUnit)
    }
  }

  /// The shortest exact text for `duration` in seconds, such as `0s`, `1.5s` or `0.25s`;
  /// negative durations get a leading `-`. `parse(format(d))` gives `d` back for
  /// 0 ≤ d ≤ ``maximum``.
  ///
  /// Total: it writes every `Duration` exactly, even those whose seconds do not fit in an
  /// `Int64` (where `Duration.components` would trap).
  public static func format(_ duration: Duration) -> String {
    duration.traceText
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  /// Builds the duration `integer.fraction × 10^-unitExponent` seconds without rounding.
  private static func exact(
    _ integerDigits: [Unicode.Scalar], _ fractionDigits: [Unicode.Scalar], unitExponent: Int
  ) -> Result<Duration, Problem> {
    // All digits as one decimal number of attoseconds: value × 10^(18 - unitExponent).
    let scale = 18 - unitExponent
    var significant = fractionDigits
    while significant.count > scale, significant.last == "0" { significant.removeLast() }
    guard significant.count <= scale else { return .failure(.tooPrecise) }
    let digits =
      integerDigits + significant
      + Array(repeating: "0" as Unicode.Scalar, count: scale - significant.count)
    // Split into whole seconds (all but the last 18 digits) and attoseconds (the last 18).
    let secondsDigits = digits.dropLast(18).drop { $0 == "0" }
    let attoDigits = digits.suffix(18)
    // More than 7 digits of seconds is over the maximum (and kept out of Int64's reach).
    guard secondsDigits.count <= 7 else { return .failure(.tooLarge) }
    var seconds: Int64 = 0
    for digit in secondsDigits { seconds = seconds * 10 + Int64(digit.value - 0x30) }
    var attoseconds: Int64 = 0
    for digit in attoDigits { attoseconds = attoseconds * 10 + Int64(digit.value - 0x30) }
    let duration = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    guard duration <= maximum else { return .failure(.tooLarge) }
    return .success(duration)
  }
}

extension DurationLiteral.Problem {
  /// The part of a message that says what was expected instead, such as
  /// `expected a unit after the number: ms or s, as in 250ms or 1.5s`.
  public var explanation: String {
    switch self {
    case .negative: "expected a duration of zero or more; it cannot be negative"
    case .missingUnit: "expected a unit after the number: ms or s, as in 250ms or 1.5s"
    case .unknownUnit: "expected the unit ms or s, as in 250ms or 1.5s"
    case .malformed: "expected a decimal number followed by ms or s, as in 0s, 250ms or 1.5s"
    case .tooLarge:
      "expected at most \(DurationLiteral.format(DurationLiteral.maximum)) (about 11.6 days)"
    case .tooPrecise: "expected at most 18 decimals of a second (attoseconds)"
    }
  }
}
