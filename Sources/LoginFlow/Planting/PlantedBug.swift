#if LOGINFLOW_PLANTED_BUGS
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

/// A bug that a build made to prove the explorer can plant in the machine, one for each of
/// the explorer's invariants (named after it), so that a user can see a counterexample fail
/// on the broken build and pass on the real one.
///
/// Only a build compiled with `-DLOGINFLOW_PLANTED_BUGS` has bugs, and then only the one
/// named by the environment variable `LOGINFLOW_PLANTED_BUG`; in every other build
/// ``isPlanted(_:)`` is `false`, a constant the optimiser removes with the code it guards.
package enum PlantedBug: String, CaseIterable, Sendable {
  /// Cancel forgets to ask for the request to be cancelled.
  case oneRequestInFlight = "one-request-in-flight"
  /// The reducer applies any answer while submitting, and the store hands it late ones.
  case staleAnswersChangeNothing = "stale-answers-change-nothing"
  /// Log In stays enabled while a request is in flight.
  case logInEnabledOnlyWhenAllowed = "log-in-enabled-only-when-allowed"
  /// An empty email is reported as invalid.
  case errorsOnlyWhereTheyBelong = "errors-only-where-they-belong"
  /// A login keeps the password in the form.
  case sessionLeavesNoSecret = "session-leaves-no-secret"
  /// The state's description shows the password.
  case secretsNeverShown = "secrets-never-shown"
  /// The store applies an answer to a request that ended instead of dropping it.
  case everyRequestEndsOnce = "every-request-ends-once"
  /// The timeout does not cancel the call.
  case boundedLiveness = "bounded-liveness"
  /// The store empties the password itself when a request times out.
  case storeAddsNothing = "store-adds-nothing"
  /// A dropped late answer leaves its request's record in the store's books.
  case nothingAccumulates = "nothing-accumulates"
  /// Logout forgets to forget the remembered session.
  case rememberedExactlyWhileLoggedIn = "remembered-exactly-while-logged-in"
  /// An answered request's timeout is left running.
  case timersEndWithTheirRequests = "timers-end-with-their-requests"
  /// The code step checks the code at every digit, not only at the last.
  case checksOnlyWhenAllowed = "checks-only-when-allowed"
  /// Resend code works during the cooldown.
  case resendOnlyAfterCooldown = "resend-only-after-cooldown"
  /// Log In sends a login while a throttle holds requests (the Return key's path forgets it).
  case noRequestWhileThrottled = "no-request-while-throttled"
  /// The throttle's countdown ends a second before its deadline: the button comes back early.
  case throttleEndsOnceAtItsDeadline = "throttle-ends-once-at-its-deadline"
  /// Dismissing a refusal while its throttle runs starts the countdown again from the start.
  case countdownNeverGoesUp = "countdown-never-goes-up"
  /// The throttle's countdown goes on ticking after it ended.
  case noTickWithoutCountdown = "no-tick-without-countdown"
  /// A failure hides the password the user had made visible.
  case screenFollowsTheSpecification = "screen-follows-the-specification"
  /// A `slow_down` answer does not grow the interval: the next poll comes as soon as before.
  case pollsKeepTheirInterval = "polls-keep-their-interval"
  /// Cancel in the device step forgets to cancel the poll in flight.
  case noPollAfterTheStepEnds = "no-poll-after-the-step-ends"

  /// The environment variable that names the bug a planted build runs with.
  package static let environmentVariable = "LOGINFLOW_PLANTED_BUG"

  /// Whether this build runs with `bug` planted.
  @inlinable package static func isPlanted(_ bug: PlantedBug) -> Bool {
    #if LOGINFLOW_PLANTED_BUGS
      return active == bug
    #else
      return false
    #endif
  }

  #if LOGINFLOW_PLANTED_BUGS
    /// The bug the environment names, read once.
    @usableFromInline static let active: PlantedBug? = getenv(environmentVariable).flatMap {
      PlantedBug(rawValue: String(cString: $0))
    }
  #endif
}
