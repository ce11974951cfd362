import LoginCommandLine
import Testing

@testable import LoginReplay

/// The real clock's times are written as durations are: exactly, for any value.
@Suite struct ClockTextTests {
  static let int64Max = Duration.seconds(Int64.max)

  /// `Duration.components` traps beyond Int64 seconds; the clock's text must not.
  @Test(arguments: [
    (int64Max, "9223372036854775807s"),
    (int64Max * 10 + Duration.milliseconds(5), "92233720368547758070.005s"),
    (Duration.zero - int64Max * 10, "-92233720368547758070s"),
    (Duration.milliseconds(1_500), "1.5s"),
  ])
  func theRealClockIsWrittenAsADuration(_ duration: Duration, _ text: String) {
    #expect(ReplayFormatter.clockText(duration, real: true) == text)
    #expect(DurationLiteral.format(duration) == text)
  }
}
