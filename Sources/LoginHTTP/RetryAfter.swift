import Foundation
import LoginFlow

/// The wait a refusal's `Retry-After` header asks for, read as RFC 9110 (section 10.2.3)
/// defines it: delay-seconds, or an HTTP-date counted from the response's `Date` header (the
/// server's own clock) when it has a usable one, else from the local wall clock.
///
/// A value that is neither, a wait of zero or less, or a date already past gives `nil`: the
/// core then waits ``LoginState/defaultRetryAfter``. A wait longer than
/// ``LoginState/maximumRetryAfter`` is cut to it. Header fields repeated by the server
/// reach us joined by commas (`7, 9`); the longest usable wait among them counts.
enum RetryAfter {
  /// The wait in `value` (the `Retry-After` field), with `date` the response's `Date` field
  /// and `now` the local wall clock.
  static func wait(in value: String?, date: String?, now: Date) -> Duration? {
    guard let value else { return nil }
    let reference = date.flatMap(httpDate) ?? now
    let waits = candidates(in: value).compactMap { candidate -> Duration? in
      if let seconds = delaySeconds(candidate) { return seconds }
      guard let when = httpDate(candidate) else { return nil }
      return .seconds((when.timeIntervalSince(reference)).rounded(.up))
    }
    guard let longest = waits.max(), longest > .zero else { return nil }
    return min(longest, LoginState.maximumRetryAfter)
  }

  /// The values in a field that may hold several joined by commas. An HTTP-date has a comma
  /// of its own after the day name, so a piece that is only a day name takes the next one.
  static func candidates(in value: String) -> [String] {
    var pieces = value.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }[...]
    var found: [String] = []
    while let piece = pieces.popFirst() {
      if dayNames.contains(piece) || longDayNames.contains(piece), let rest = pieces.popFirst() {
        found.append(piece + ", " + rest)
      } else {
        found.append(piece)
      }
    }
    return found
  }

  /// Delay-seconds: one or more ASCII digits and nothing else. A number too long for any
  /// clock is the longest wait there is.
  static func delaySeconds(_ text: String) -> Duration? {
    guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { return nil }
    guard let seconds = Int64(text), seconds <= maximumSeconds else {
      return LoginState.maximumRetryAfter
    }
    return .seconds(seconds)
  }

  /// An HTTP-date in any of its three forms: `Sun, 06 Nov 1994 08:49:37 GMT` (the one
  /// servers send), and the obsolete `Sunday, 06-Nov-94 08:49:37 GMT` and
  /// `Sun Nov  6 08:49:37 1994` that recipients must still accept.
  static func httpDate(_ text: String) -> Date? {
    let words = text.split(separator: " ").map(String.init)
    let parts: (day: String, month: String, year: String, time: String)
    switch words.count {
    case 6
    where words[5] == "GMT" && words[0].hasSuffix(",")
      && dayNames.contains(String(words[0].dropLast())):
      parts = (words[1], words[2], words[3], words[4])
    case 4
    where words[3] == "GMT" && words[0].hasSuffix(",")
      && longDayNames.contains(String(words[0].dropLast())):
      let date = words[1].split(separator: "-", omittingEmptySubsequences: false)
      guard date.count == 3, date[2].count == 2, let twoDigits = Int(date[2]) else { return nil }
      // RFC 9110: a two-digit year is in the past century that makes it at most 50 years on.
      let year = twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits
      parts = (String(date[0]), String(date[1]), String(year), words[2])
    case 5 where dayNames.contains(words[0]):
      parts = (words[2], words[1], words[4], words[3])
    default:
      return nil
    }
    guard let month = monthNames.firstIndex(of: parts.month) else { return nil }
    let time = parts.time.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = [parts.day, parts.year] + time.map(String.init)
    guard time.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isDigit) }),
      parts.day.count <= 2, parts.year.count == 4, time.allSatisfy({ $0.count == 2 }),
      let day = Int(parts.day), let year = Int(parts.year), let hour = Int(time[0]),
      let minute = Int(time[1]), let second = Int(time[2]),
      (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    guard let gmt = TimeZone(identifier: "GMT") else { return nil }
    calendar.timeZone = gmt
    let components = DateComponents(
      year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    // A day the month does not have (31 Feb) is not a date, not 3 March.
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date
  }

  /// Beyond this many seconds every wait is ``LoginState/maximumRetryAfter``; the bound keeps
  /// the count far from `Duration`'s limits.
  static let maximumSeconds: Int64 = 1_000_000_000

  static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  static let longDayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
