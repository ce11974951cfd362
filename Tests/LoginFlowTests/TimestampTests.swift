import LoginFlow
import Testing

/// Wall-clock moments and remembered sessions: exact, total and redacted.
@Suite struct TimestampTests {
  @Test(arguments: [
    (Duration.zero, "1970-01-01T00:00:00Z"),
    (.seconds(604_801), "1970-01-08T00:00:01Z"),
    (.seconds(1.5), "1970-01-01T00:00:01.5Z"),
    (.nanoseconds(1), "1970-01-01T00:00:00.000000001Z"),
    (.seconds(1_709_164_800), "2024-02-29T00:00:00Z"),
    (.seconds(1_735_689_599), "2024-12-31T23:59:59Z"),
    (.seconds(951_782_400), "2000-02-29T00:00:00Z"),
    (.seconds(-1), "1969-12-31T23:59:59Z"),
    (.seconds(-0.25), "1969-12-31T23:59:59.75Z"),
    (.seconds(253_402_300_800), "10000-01-01T00:00:00Z"),
  ])
  func iso8601(_ sinceEpoch: Duration, _ text: String) {
    #expect(Timestamp(sinceEpoch: sinceEpoch).description == text)
  }

  @Test func wholeSecondsRoundDown() {
    #expect(Timestamp(sinceEpoch: .seconds(10.9)).wholeSecondsSinceEpoch == 10)
    #expect(Timestamp(sinceEpoch: .seconds(-0.5)).wholeSecondsSinceEpoch == -1)
    #expect(Timestamp(sinceEpoch: .seconds(-2)).wholeSecondsSinceEpoch == -2)
  }

  @Test func arithmeticSaturatesInsteadOfTrapping() {
    let far = Timestamp(sinceEpoch: .seconds(Int64.max))
    #expect(far.sinceEpoch == Timestamp.limit)
    #expect(far.advanced(by: .seconds(Int64.max)).sinceEpoch == Timestamp.limit)
    #expect(
      Timestamp.epoch.advanced(by: .zero - .seconds(Int64.max)).sinceEpoch == .zero
        - Timestamp.limit)
    #expect(!far.description.isEmpty)
    #expect(Timestamp(sinceEpoch: .zero - Timestamp.limit).description.hasPrefix("-"))
    #expect(Timestamp.epoch.duration(to: Timestamp(secondsSinceEpoch: 3)) == .seconds(3))
  }

  @Test func aRememberedSessionExpiresWhenTheBackendSaidOrAfterTheDefault() {
    let now = Timestamp(sinceEpoch: .seconds(100.75))
    let given = AuthSession(token: "t", expiresIn: .seconds(60), refreshToken: "r")
    let stored = StoredSession(remembering: given, at: now, defaultLifetime: .seconds(3600))
    #expect(
      stored
        == StoredSession(token: "t", refreshToken: "r", expiresAt: .init(secondsSinceEpoch: 160)))
    let unbounded = StoredSession(
      remembering: AuthSession(token: "t"), at: now, defaultLifetime: .seconds(3600))
    #expect(unbounded.expiresAt == Timestamp(secondsSinceEpoch: 3700))
    #expect(unbounded.refreshToken == nil)
  }

  @Test func aRememberedSessionExpiresAtItsExpiryNotAfter() {
    let stored = StoredSession(token: "t", expiresAt: Timestamp(secondsSinceEpoch: 10))
    #expect(!stored.isExpired(at: Timestamp(sinceEpoch: .seconds(10) - .nanoseconds(1))))
    #expect(stored.isExpired(at: Timestamp(secondsSinceEpoch: 10)))
    #expect(stored.isExpired(at: Timestamp(secondsSinceEpoch: 11)))
    #expect(
      stored.session(at: Timestamp(secondsSinceEpoch: 4))
        == AuthSession(token: "t", expiresIn: .seconds(6)))
  }
}
