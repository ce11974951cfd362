import LoginTestSupport
import Testing

@testable import LoginCommandLine

/// Durations convert exactly, and every malformed text says why.
@Suite struct DurationLiteralTests {
  static let valid: [(String, Duration)] = [
    ("0s", .zero),
    ("0ms", .zero),
    ("0.0s", .zero),
    ("250ms", .milliseconds(250)),
    ("1.5s", .milliseconds(1_500)),
    ("30s", .seconds(30)),
    ("007s", .seconds(7)),
    ("0.001s", .milliseconds(1)),
    ("1.25ms", .microseconds(1_250)),
    ("0.1s", .milliseconds(100)),
    ("2.50000s", .milliseconds(2_500)),
    ("0.000000000000000001s", Duration(secondsComponent: 0, attosecondsComponent: 1)),
    ("1.000000000000000001s", Duration(secondsComponent: 1, attosecondsComponent: 1)),
    ("0.000000000000001ms", Duration(secondsComponent: 0, attosecondsComponent: 1)),
    (
      "123456.789ms", Duration(secondsComponent: 123, attosecondsComponent: 456_789_000_000_000_000)
    ),
    ("1000000s", .seconds(1_000_000)),
    ("1000000000ms", .seconds(1_000_000)),
    ("1000000.000s", .seconds(1_000_000)),
    ("0000001000000s", .seconds(1_000_000)),
  ]

  static let invalid: [(String, DurationLiteral.Problem)] = [
    ("", .malformed),
    ("s", .malformed),
    ("ms", .malformed),
    ("abc", .malformed),
    ("+1s", .malformed),
    (".5s", .malformed),
    ("1.s", .malformed),
    ("1.5.s", .malformed),
    ("1,5s", .malformed),
    ("15", .missingUnit),
    ("1.5", .missingUnit),
    ("-1s", .negative),
    ("-0s", .negative),
    ("2m", .unknownUnit),
    ("1min", .unknownUnit),
    ("1S", .unknownUnit),
    ("100us", .unknownUnit),
    ("1000000000000000000s", .tooLarge),
    ("999999999999999999s", .tooLarge),
    ("1000001s", .tooLarge),
    ("1000000.000000000000000001s", .tooLarge),
    ("1000000001ms", .tooLarge),
    ("99999999999999999999999999999s", .tooLarge),
    ("0.0000000000000000001s", .tooPrecise),
  ]

  @Test(arguments: valid)
  func parses(_ text: String, _ expected: Duration) {
    #expect(DurationLiteral.parse(text) == .success(expected))
  }

  @Test(arguments: invalid)
  func rejects(_ text: String, _ problem: DurationLiteral.Problem) {
    #expect(DurationLiteral.parse(text) == .failure(problem))
  }

  @Test func formatsExactlyAndRoundTrips() {
    #expect(DurationLiteral.format(.zero) == "0s")
    #expect(DurationLiteral.format(.milliseconds(1_500)) == "1.5s")
    #expect(DurationLiteral.format(.milliseconds(250)) == "0.25s")
    #expect(DurationLiteral.format(.seconds(30)) == "30s")
    #expect(DurationLiteral.format(.milliseconds(-1_500)) == "-1.5s")
    for (_, duration) in Self.valid {
      #expect(DurationLiteral.parse(DurationLiteral.format(duration)) == .success(duration))
    }
  }

  @Test func theMaximumIsNamedInTheMessage() {
    #expect(DurationLiteral.maximum == .seconds(1_000_000))
    #expect(
      DurationLiteral.Problem.tooLarge.explanation == "expected at most 1000000s (about 11.6 days)")
  }

  static let block = Duration.seconds(1_000_000_000_000_000_000)
  static let int64Max = Duration.seconds(Int64.max)
  static let huge: [(Duration, String)] = [
    (int64Max, "9223372036854775807s"),
    (int64Max * 10, "92233720368547758070s"),
    (int64Max * 10 + Duration.milliseconds(5), "92233720368547758070.005s"),
    (block * 3, "3000000000000000000s"),
    (block + Duration.seconds(7), "1000000000000000007s"),
    (Duration.zero - int64Max * 10, "-92233720368547758070s"),
  ]

  /// `Duration.components` traps beyond Int64 seconds; `format` must not, for any value.
  @Test(arguments: huge)
  func formatIsTotalForHugeDurations(_ duration: Duration, _ text: String) {
    #expect(DurationLiteral.format(duration) == text)
  }

  @Test("the byte path agrees with the scalar parse on 200,000 random texts")
  func bytePathAgreesWithScalars() {
    // Digits, dots, units, signs and look-alikes, up to 24 characters: every accepted text
    // and every error must come out the same whichever path decides it.
    var generator = SeededGenerator(seed: 17)
    let pieces = ["0", "1", "5", "9", "0", "7", "3", ".", "s", "m", "-", "x", "µ", "١", " "]
    let units = ["s", "ms", "", "m", "µs", "S", "sm"]
    var parsed = 0
    for _ in 0..<200_000 {
      let text =
        (0..<Int(generator.next() % 24)).map { _ in
          pieces[Int(generator.next() % UInt64(pieces.count))]
        }.joined() + units[Int(generator.next() % UInt64(units.count))]
      let result = DurationLiteral.parse(text)
      #expect(result == DurationLiteral.parseScalars(text), "\(String(reflecting: text))")
      if case .success = result { parsed += 1 }
    }
    #expect(parsed > 1_000)
  }

  @Test func formatHandlesTheExtremes() {
    // The largest and smallest Durations: 128-bit attoseconds, about ±1.7 × 10^20 s.
    let largest = Duration(secondsComponent: Int64.max, attosecondsComponent: 0) * 18
    #expect(DurationLiteral.format(largest).hasSuffix("s"))
    #expect(DurationLiteral.format(.zero - largest).hasPrefix("-"))
  }
}
