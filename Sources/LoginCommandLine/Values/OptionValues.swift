import Foundation
import LoginHTTP
import LoginRuntime

/// The values of options, parsed and checked the same way for every program: a choice among
/// keywords, `--auth`, `--client-id`, `--timeout` and any other duration, whole numbers and
/// file paths. Each throws the ``UsageError/Kind`` alone; the scanner names the command.
package enum OptionValues {
  /// A value among a fixed list, such as `--auth-format oauth2`.
  ///
  /// - Throws: ``UsageError/Kind/badValue(option:expected:suggestion:)``, with the closest
  ///   allowed value when one is close.
  package static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String, for option: String
  ) throws(UsageError.Kind) -> Choice where Choice.RawValue == String {
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw .badValue(
        option: option, expected: names.joined(separator: " or "),
        suggestion: Suggestion.closest(to: value, among: names))
    }
    return choice
  }

  /// `--auth`: `demo`, or an `http` or `https` URL with a host.
  ///
  /// - Throws: ``UsageError/Kind/badAuth(shown:)``, which never repeats a bare word.
  package static func auth(_ value: String) throws(UsageError.Kind) -> AuthChoice {
    if value == AuthChoice.demoName { return .demo }
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      // Shown only when it has a scheme and a host, and then without user info, query or
      // fragment: a bare word could be a password pasted into the wrong place.
      let shown = URL(string: value).flatMap { url in
        url.scheme != nil && !(url.host ?? "").isEmpty
          ? HTTPAuthService.Configuration.describe(url) : nil
      }
      throw .badAuth(shown: shown)
    }
    return .url(url)
  }

  /// `--client-id`: printable ASCII without blanks, not empty.
  package static func clientID(_ value: String) throws(UsageError.Kind) -> String {
    let printable = value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard !value.isEmpty, printable else {
      throw .badValue(
        option: CommonOption.clientID.name,
        expected: "a non-empty client id of printable ASCII without blanks",
        suggestion: nil)
    }
    return value
  }

  /// `--device-url`: an `http` or `https` URL with a host, shown in an error only as
  /// `--auth`'s is.
  package static func deviceURL(_ value: String) throws(UsageError.Kind) -> URL {
    guard case .url(let url) = try? auth(value) else {
      throw .badValue(
        option: CommonOption.deviceURL.name, expected: "an http:// or https:// URL with a host",
        suggestion: nil)
    }
    return url
  }

  /// `--scope`: printable ASCII, scopes separated by single spaces (RFC 6749 §3.3), not
  /// empty.
  package static func scope(_ value: String) throws(UsageError.Kind) -> String {
    let printable = value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
    let words = value.split(separator: " ", omittingEmptySubsequences: false)
    guard printable, !words.isEmpty, words.allSatisfy({ !$0.isEmpty }) else {
      throw .badValue(
        option: CommonOption.scope.name,
        expected: "scopes of printable ASCII separated by single spaces", suggestion: nil)
    }
    return value
  }

  /// The check both programs make once every option is read: device login over HTTP needs
  /// its device authorization endpoint.
  package static func checkDeviceLogin(
    auth: AuthChoice, format: AuthFormat, deviceURL: URL?
  ) throws(UsageError.Kind) {
    guard case .url = auth, format == .device, deviceURL == nil else { return }
    throw .missingOption(
      option: CommonOption.deviceURL.name,
      neededBy: "\(CommonOption.authFormat.name) \(AuthFormat.device.rawValue)")
  }

  /// `--timeout`: a duration within the store's whole timeout range, so that no value is
  /// silently clamped; the same range for every program.
  package static func timeout(_ value: String) throws(UsageError.Kind) -> Duration {
    try duration(value, for: CommonOption.timeout.name, in: LoginStore.timeoutRange)
  }

  /// A duration literal (`30s`, `500ms`) within `range`, for `option`.
  package static func duration(
    _ value: String, for option: String, in range: ClosedRange<Duration>
  ) throws(UsageError.Kind) -> Duration {
    guard case .success(let duration) = DurationLiteral.parse(value), range.contains(duration)
    else {
      throw .badValue(option: option, expected: expectation(for: range), suggestion: nil)
    }
    return duration
  }

  /// A whole number of decimal digits within `range`, for `option`, such as `--width 40`.
  package static func wholeNumber(
    _ value: String, for option: String, in range: ClosedRange<Int>
  ) throws(UsageError.Kind) -> Int {
    guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
      let number = Int(value), range.contains(number)
    else {
      throw .badValue(
        option: option,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
        suggestion: nil)
    }
    return number
  }

  /// The path of a file to write, for `option`: not empty, not ending in `/`, without NUL.
  /// `example` is shown in the error, as in `/tmp/login/session.json`.
  package static func filePath(
    _ value: String, for option: String, example: String
  ) throws(UsageError.Kind) -> String {
    guard !value.isEmpty, !value.hasSuffix("/"), !value.contains("\0") else {
      throw .badValue(
        option: option, expected: "the path of a file, such as \(example)", suggestion: nil)
    }
    return value
  }

  /// A list of keywords separated by commas, each among `keywords`, such as
  /// `--only keystroke_raw,actor_hop`.
  ///
  /// - Throws: ``UsageError/Kind/badValue(option:expected:suggestion:)`` for an empty list
  ///   or an unknown keyword, with the keyword closest to the first unknown one.
  package static func keywords(
    _ value: String, for option: String, among keywords: [String], listedIn place: String
  ) throws(UsageError.Kind) -> [String] {
    let words = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if let unknown = words.first(where: { !keywords.contains($0) }) {
      throw .badValue(
        option: option, expected: "names separated by commas, as \(place) lists them",
        suggestion: Suggestion.closest(to: unknown, among: keywords))
    }
    return words
  }

  /// What a duration option accepts, in words.
  package static func expectation(for range: ClosedRange<Duration>) -> String {
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
