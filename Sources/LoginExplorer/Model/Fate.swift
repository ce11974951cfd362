import LoginCommandLine
import LoginFlow
import LoginRuntime
import LoginSimulation

/// What the server answers a request, and when relative to the store's timeout `T`.
public struct Fate: Hashable, Sendable, CustomStringConvertible {
  /// When the answer arrives: a fraction of `T` after the request starts, or never.
  public struct Timing: Hashable, Sendable, CustomStringConvertible {
    /// `numerator / denominator` of `T`, in lowest terms; `nil` for never.
    public let fraction: (numerator: Int, denominator: Int)?

    /// The answer arrives `numerator / denominator` of `T` after the request starts (both
    /// positive).
    public init(_ numerator: Int, over denominator: Int) {
      var (a, b) = (numerator, denominator)
      while b != 0 { (a, b) = (b, a % b) }
      let divisor = max(a, 1)
      fraction = (numerator / divisor, denominator / divisor)
    }

    private init(never: Void) {
      fraction = nil
    }

    /// Never within any session (the longest duration a session can name).
    public static let never = Timing(never: ())
    /// At `T/2`: before the timeout.
    public static let early = Timing(1, over: 2)
    /// At exactly `T`: tied with the timeout, which wins.
    public static let tie = Timing(1, over: 1)
    /// At `3T/2`: after the timeout, a late answer.
    public static let late = Timing(3, over: 2)

    /// The three timings of the narrow alphabet: `T/2`, `T`, `3T/2`.
    public static let standard: [Timing] = [.early, .tie, .late]
    /// The default alphabet's timings, wider where the order of answers and timeouts can
    /// change: `T/4`, `T/2`, `3T/4`, `T`, `5T/4`, `3T/2`.
    public static let wide: [Timing] = [
      Timing(1, over: 4), .early, Timing(3, over: 4), .tie, Timing(5, over: 4), .late,
    ]

    /// Whether the answer comes before the store's timeout, so the store applies it.
    public var isBeforeTimeout: Bool {
      fraction.map { $0.numerator < $0.denominator } ?? false
    }

    /// `T/2`, `T`, `3T/2`, or `never`.
    public var description: String {
      guard let (numerator, denominator) = fraction else { return "never" }
      let times = numerator == 1 ? "T" : "\(numerator)T"
      return denominator == 1 ? times : "\(times)/\(denominator)"
    }

    /// Equal fractions of `T` (both in lowest terms), or both never.
    public static func == (lhs: Timing, rhs: Timing) -> Bool {
      lhs.fraction?.numerator == rhs.fraction?.numerator
        && lhs.fraction?.denominator == rhs.fraction?.denominator
    }

    /// Hashes the fraction, as ``==`` compares it.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(fraction?.numerator)
      hasher.combine(fraction?.denominator)
    }
  }

  /// The answer.
  public var outcome: ScriptedOutcome
  /// When it arrives.
  public var timing: Timing

  /// Every fate of a login for `timings`: each of ``loginOutcomes(timeout:)`` at each
  /// timing, and `never` once (its outcome is never seen).
  public static func all(timings: [Timing], timeout: Duration) -> [Fate] {
    all(of: loginOutcomes(timeout: timeout), timings: timings)
  }

  /// Every fate of `outcomes` at `timings`, and `never` once.
  static func all(of outcomes: [ScriptedOutcome], timings: [Timing]) -> [Fate] {
    timings.filter { $0 != .never }.flatMap { timing in
      outcomes.map { Fate(outcome: $0, timing: timing) }
    } + [Fate(outcome: outcomes[0], timing: .never)]
  }

  /// What the server may answer a login with: a session, each error (a refusal with the
  /// explorer's ``refusalWait``), and the explorer's challenge.
  public static func loginOutcomes(timeout: Duration) -> [ScriptedOutcome] {
    ScriptedOutcome.loginOutcomes.map { outcome in
      outcome == .failure(.rateLimited(retryAfter: nil)) ? refusal : outcome
    } + [.secondFactor(challenge(timeout: timeout))]
  }

  /// The wait the explorer's refusals ask for: two seconds, one tick of the throttle's
  /// countdown and then its end, as short as a countdown that ticks can be.
  public static let refusalWait: Duration = .seconds(2)

  /// The explorer's refusal: rate limited for ``refusalWait``.
  public static let refusal = ScriptedOutcome.failure(.rateLimited(retryAfter: refusalWait))

  /// The explorer's challenge for a store timeout `T`: a six-digit code that expires `T`
  /// after it is sent (so that its expiry can tie with a check's answer and timeout), and a
  /// two-second cooldown (one tick of the countdown, then Resend comes back).
  public static func challenge(timeout: Duration) -> SecondFactorChallenge {
    SecondFactorChallenge(
      id: DemoAuthService.challengeID, codeLength: CodeSample.complete.text.count,
      expiresIn: timeout, resendAfter: .seconds(2))
  }

  /// What the server may answer a check with: accepted, rejected, expired, or a server
  /// error (every error takes the same row of the code step's table).
  public static let checkOutcomes: [ScriptedOutcome] = [
    .codeAccepted, .codeRejected, .codeExpired, .failure(.serverError),
  ]

  /// The explorer's device authorization: a one-second interval, and codes that last six
  /// seconds, long enough for two polls, a `slow_down` and a timeout to happen before they
  /// expire, short enough that the countdown's ticks stay few.
  /// Its device code and page are the session format's (`respond device-code` keeps them),
  /// so that a counterexample's `respond` line gives the replay these very codes.
  public static let deviceAuthorization = DeviceAuthorization(
    deviceCode: ScriptedOutcome.defaultDeviceCodes.deviceCode, userCode: "EXPLORER",
    verificationURI: ScriptedOutcome.defaultDeviceCodes.verificationURI,
    expiresIn: .seconds(6), interval: .seconds(1))

  /// What the server may answer the request for device login's codes with: the codes, or a
  /// server error.
  public static let authorizationOutcomes: [ScriptedOutcome] = [
    .deviceCode(deviceAuthorization), .failure(.serverError),
  ]

  /// Every fate of the request for device login's codes at `timings`.
  static func authorization(timings: [Timing]) -> [Fate] {
    all(of: authorizationOutcomes, timings: timings)
  }

  /// What the server may answer a poll with before the timeout: approval, each RFC 8628
  /// answer, and a server error (which a network error follows too).
  public static let pollOutcomes: [ScriptedOutcome] = [
    .success, .pending, .slowDown, .denied, .expiredToken, .failure(.serverError),
  ]

  /// Every fate of a poll: each of ``pollOutcomes`` at `T/2`, and one that comes after the
  /// timeout (the poll times out, the interval doubles, the late answer is dropped).
  public static let pollFates: [Fate] =
    pollOutcomes.map { Fate(outcome: $0, timing: .early) }
    + [Fate(outcome: .pending, timing: .late)]

  /// The fate of a poll whose deadline an event other than ``ExplorerEvent/advancePolling(_:)``
  /// reaches (a wait, a drain): the server answers `pending` at `T/2`.
  public static let defaultPoll = Fate(outcome: .pending, timing: .early)

  /// What the server may answer a resend with: a new code, or a server error.
  public static let resendOutcomes: [ScriptedOutcome] = [.codeSent, .failure(.serverError)]

  /// Every fate of a check (`resend` false) or a resend at `timings`.
  static func codeRequest(resend: Bool, timings: [Timing]) -> [Fate] {
    all(of: resend ? resendOutcomes : checkOutcomes, timings: timings)
  }

  /// How long after the request starts the answer arrives, for a store timeout `timeout`.
  public func delay(timeout: Duration) -> Duration {
    guard let (numerator, denominator) = timing.fraction else { return DurationLiteral.maximum }
    return timeout * numerator / denominator
  }

  /// The fate in words, such as `answers success at T/2`.
  public var description: String {
    guard timing != .never else { return "never answers" }
    let when =
      timing == .tie
      ? "T, tied with the timeout"
      : timing.isBeforeTimeout ? "\(timing)" : "\(timing), after the timeout"
    return "answers \(outcome.name) at \(when)"
  }
}
