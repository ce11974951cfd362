/// A moment in wall-clock time: how long after the Unix epoch (1970-01-01 00:00:00 UTC).
///
/// The core reads no clock. The runtime reads the time and passes it in with the action that
/// needs it (``LoginAction/sessionRestored(_:now:)``), and a remembered session's expiry is
/// one (``StoredSession/expiresAt``), so whether a session has expired is decided by
/// ``reduce(_:_:)`` from its arguments alone.
///
/// Arithmetic saturates about 146 billion years either side of the epoch instead of trapping,
/// so no stored expiry or lifetime can crash a comparison.
public struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The time since the Unix epoch; negative before it.
  public var sinceEpoch: Duration

  /// The farthest a timestamp lies from the epoch, either way: half of `Int64.max` seconds,
  /// so that the sum of two timestamps' offsets never overflows.
  public static let limit = Duration.seconds(Int64.max / 2)

  /// The Unix epoch itself: 1970-01-01T00:00:00Z.
  public static let epoch = Timestamp(sinceEpoch: .zero)

  /// The moment `sinceEpoch` after the epoch, kept within ``limit``.
  public init(sinceEpoch: Duration) {
    self.sinceEpoch = min(max(sinceEpoch, .zero - Self.limit), Self.limit)
  }

  /// The moment `seconds` whole seconds after the epoch.
  public init(secondsSinceEpoch seconds: Int64) {
    self.init(sinceEpoch: .seconds(seconds))
  }

  /// The whole seconds since the epoch, rounded down: how the session file writes an expiry.
  public var wholeSecondsSinceEpoch: Int64 {
    let (seconds, attoseconds) = sinceEpoch.components
    return attoseconds < 0 ? seconds - 1 : seconds
  }

  /// The moment `duration` later (earlier for a negative one), saturating at ``limit``.
  public func advanced(by duration: Duration) -> Timestamp {
    let bounded = min(max(duration, .zero - Self.longestStep), Self.longestStep)
    return Timestamp(sinceEpoch: sinceEpoch + bounded)
  }

  /// The longest step ``advanced(by:)`` takes, from one limit to the other: computed once
  /// (a login saves a session's expiry, and a `Duration`'s product is 128-bit arithmetic).
  private static let longestStep = limit * 2

  /// The time from this moment to `other`; negative when `other` comes first.
  public func duration(to other: Timestamp) -> Duration {
    other.sinceEpoch - sinceEpoch
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.sinceEpoch < rhs.sinceEpoch
  }

  /// The moment in ISO 8601, in UTC: `1970-01-08T00:00:01Z`, with a fraction of a second only
  /// when there is one (`2025-03-01T12:00:00.5Z`).
  public var description: String {
    var (seconds, attoseconds) = sinceEpoch.components
    if attoseconds < 0 {
      seconds -= 1
      attoseconds += 1_000_000_000_000_000_000
    }
    let secondsPerDay: Int64 = 86_400
    var days = seconds / secondsPerDay
    var secondOfDay = seconds % secondsPerDay
    if secondOfDay < 0 {
      days -= 1
      secondOfDay += secondsPerDay
    }
    let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
    var text =
      "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
      + "T\(Self.padded(secondOfDay / 3600, 2)):\(Self.padded(secondOfDay / 60 % 60, 2))"
      + ":\(Self.padded(secondOfDay % 60, 2))"
    let nanoseconds = attoseconds / 1_000_000_000
    if nanoseconds > 0 {
      var fraction = Self.padded(nanoseconds, 9)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "Z"
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `value` in decimal with leading zeros to `width` digits (a minus sign before them).
  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
