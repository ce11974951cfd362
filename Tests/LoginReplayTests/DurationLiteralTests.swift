import Testing

@testable import LoginReplay

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
    ("999999999999999999s", .seconds(999_999_999_999_999_999)),
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
    ("2m", .unknownUnit("m")),
    ("1min", .unknownUnit("min")),
    ("1S", .unknownUnit("S")),
    ("100us", .unknownUnit("us")),
    ("1000000000000000000s", .tooLarge),
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
}
