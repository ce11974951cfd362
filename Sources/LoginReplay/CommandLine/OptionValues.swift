import Foundation
import LoginHTTP
import LoginRuntime

/// The values of the options `login-replay` and `login-tui` share, parsed and checked the
/// same way for both: `--auth`, `--auth-format`, `--timeout`, `--client-id`, and any other
/// duration.
public enum OptionValues {
  /// A value among a fixed list, such as `--auth-format oauth2`.
  ///
  /// - Throws: ``UsageError/Kind/badValue(option:expected:suggestion:)``, with the closest
  ///   allowed value when one is close.
  public static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String, for option: String
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw UsageError(
        .badValue(
          option: option, expected: names.joined(separator: " or "),
          suggestion: Suggestion.closest(to: value, among: names)))
    }
    return choice
  }

  /// `--auth`: `demo`, or an `http` or `https` URL with a host.
  ///
  /// - Throws: ``UsageError/Kind/badAuth(shown:)``, which never repeats a bare word.
  public static func auth(_ value: String) throws(UsageError) -> ReplayOptions.Auth {
    if value == ReplayOptions.Auth.demoName { return .demo }
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      // Shown only when it has a scheme and a host, and then without user info, query or
      // fragment: a bare word could be a password pasted into the wrong place.
      let shown = URL(string: value).flatMap { url in
        url.scheme != nil && !(url.host ?? "").isEmpty
          ? HTTPAuthService.Configuration.describe(url) : nil
      }
      throw UsageError(.badAuth(shown: shown))
    }
    return .url(url)
  }

  /// `--client-id`: printable ASCII without blanks, not empty.
  public static func clientID(_ value: String) throws(UsageError) -> String {
    let printable = value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard !value.isEmpty, printable else {
      throw UsageError(
        .badValue(
          option: "--client-id",
          expected: "a non-empty client id of printable ASCII without blanks",
          suggestion: nil))
    }
    return value
  }

  /// `--timeout`: a duration within the store's whole timeout range, so that no value is
  /// silently clamped.
  public static func timeout(_ value: String) throws(UsageError) -> Duration {
    try duration(value, for: "--timeout", in: LoginStore.timeoutRange)
  }

  /// A duration literal (`30s`, `500ms`) within `range`, for `option`.
  public static func duration(
    _ value: String, for option: String, in range: ClosedRange<Duration>
  ) throws(UsageError) -> Duration {
    guard case .success(let duration) = DurationLiteral.parse(value), range.contains(duration)
    else {
      throw UsageError(
        .badValue(option: option, expected: expectation(for: range), suggestion: nil))
    }
    return duration
  }

  /// What a duration option accepts, in words.
  static func expectation(for range: ClosedRange<Duration>) -> String {
    "a duration from \(rangeBound(range.lowerBound)) to \(rangeBound(range.upperBound)): a "
      + "number followed by ms or s, as in 30s"
  }

  /// A bound as written, with the store's two bounds named in words too.
  private static func rangeBound(_ duration: Duration) -> String {
    let text = DurationLiteral.format(duration)
    switch duration {
    case .nanoseconds(1): return text + " (1 ns)"
    case .seconds(86_400): return text + " (1 day)"
    default: return text
    }
  }
}
