/// A property every reachable state of the login system must have.
///
/// Each is checked at every state the explorer reaches (7, 8 and 10 also from that state, by
/// running the clock on); `Docs/Explorer.md` says why each matters.
public enum Invariant: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// At most one request of any kind in flight, and only in the phase that owns it:
  /// `submitting` for a login, the code step's checking or resending for its requests.
  case oneRequestInFlight = 1
  /// An answer to any request other than the one in flight leaves the state unchanged.
  case staleAnswersChangeNothing
  /// The Log In button is enabled only for a valid form while the form shows (`idle`,
  /// `editing`, `failed`).
  case logInEnabledOnlyWhenAllowed
  /// An error message only in `failed`; the inline email error only for a non-empty invalid
  /// email.
  case errorsOnlyWhereTheyBelong
  /// After success the password field is empty; after logout nothing of the session remains.
  case sessionLeavesNoSecret
  /// The password, the token, the one-time code and the challenge's id appear in no
  /// description, trace line, JSON line or screen, except the screen's password field while
  /// it is visible and its code field.
  case secretsNeverShown
  /// Every request ends exactly once (finished, cancelled or timed out), a late answer is
  /// dropped at most once and only after that, and the event stream says so.
  case everyRequestEndsOnce
  /// From every state, advancing the clock by the timeout leaves no request in flight.
  case boundedLiveness
  /// The store's state equals `reduce` folded over the actions it reports applying.
  case storeAddsNothing
  /// Once every pending answer has come, the store holds no request and the clock no sleeper.
  case nothingAccumulates
  /// The session store keeps a session exactly while the user is logged in with a session
  /// that was saved, and it is that session; a relaunch restores one only before it expires.
  case rememberedExactlyWhileLoggedIn
  /// The store runs a timeout only for a request it still waits for: no timer outlives its
  /// request.
  case timersEndWithTheirRequests
  /// A check of a code is sent only with every digit typed, before the code expires, and
  /// while the code step shows (never after Back).
  case checksOnlyWhenAllowed
  /// A new code is asked for only once the resend cooldown is over.
  case resendOnlyAfterCooldown
  /// No login, code check or resend is sent while a throttle holds requests.
  case noRequestWhileThrottled
  /// A throttle ends exactly once for each refusal, and only at its deadline.
  case throttleEndsOnceAtItsDeadline
  /// The throttle's countdown never goes up between two of its ticks.
  case countdownNeverGoesUp
  /// No throttle timer runs and no tick is delivered while no throttle runs.
  case noTickWithoutCountdown
  /// What the screen shows is what the specification says after the same events (the
  /// explorer's own oracle, ``Specification``): every fact of the transition tables
  /// the other invariants do not state; checked last, as the one that catches what no other
  /// names.
  case screenFollowsTheSpecification
  /// Device login's polls are never closer together than the interval, as every `slow_down`
  /// grew it: each comes no sooner than the interval after the previous answer.
  case pollsKeepTheirInterval
  /// No poll is sent, or left in flight, once the device step ended (Cancel, expiry,
  /// denial, approval, a reset).
  case noPollAfterTheStepEnds

  /// The invariant's name in output, such as `one-request-in-flight`.
  public var name: String {
    switch self {
    case .oneRequestInFlight: "one-request-in-flight"
    case .staleAnswersChangeNothing: "stale-answers-change-nothing"
    case .logInEnabledOnlyWhenAllowed: "log-in-enabled-only-when-allowed"
    case .errorsOnlyWhereTheyBelong: "errors-only-where-they-belong"
    case .sessionLeavesNoSecret: "session-leaves-no-secret"
    case .secretsNeverShown: "secrets-never-shown"
    case .everyRequestEndsOnce: "every-request-ends-once"
    case .boundedLiveness: "bounded-liveness"
    case .storeAddsNothing: "store-adds-nothing"
    case .nothingAccumulates: "nothing-accumulates"
    case .rememberedExactlyWhileLoggedIn: "remembered-exactly-while-logged-in"
    case .timersEndWithTheirRequests: "timers-end-with-their-requests"
    case .checksOnlyWhenAllowed: "checks-only-when-allowed"
    case .resendOnlyAfterCooldown: "resend-only-after-cooldown"
    case .noRequestWhileThrottled: "no-request-while-throttled"
    case .throttleEndsOnceAtItsDeadline: "throttle-ends-once-at-its-deadline"
    case .countdownNeverGoesUp: "countdown-never-goes-up"
    case .noTickWithoutCountdown: "no-tick-without-countdown"
    case .screenFollowsTheSpecification: "screen-follows-the-specification"
    case .pollsKeepTheirInterval: "polls-keep-their-interval"
    case .noPollAfterTheStepEnds: "no-poll-after-the-step-ends"
    }
  }

  /// `N. name`.
  public var description: String { "\(rawValue). \(name)" }
}

/// A state that breaks an invariant, and how.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// The invariant broken.
  public var invariant: Invariant
  /// What was seen, in words; never a secret.
  public var detail: String

  /// `invariant N. name violated: detail`.
  public var description: String { "invariant \(invariant) violated: \(detail)" }
}
