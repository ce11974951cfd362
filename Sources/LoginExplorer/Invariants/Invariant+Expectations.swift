import LoginReplay

extension Invariant {
  /// What the invariant states, as session-file expectations, with the values the
  /// specification gives after the same events: how a counterexample ends.
  ///
  /// The values come from ``Specification`` alone, never from the machine under test, so a
  /// counterexample fails on the build that broke the invariant and passes on a correct one.
  func expectations(_ specification: Specification) -> [SessionCommand.Expectation] {
    let phase = SessionCommand.Expectation.phase(specification.phase)
    let loading = SessionCommand.Expectation.loading(specification.phase == .submitting)
    let inFlight = SessionCommand.Expectation.requestsInFlight(specification.requestsInFlight)
    let retryIn = SessionCommand.Expectation.retryIn(specification.retryIn.map { .seconds($0) })
    let screen: [SessionCommand.Expectation] = [
      phase, .canSubmit(specification.canSubmit), loading,
      .passwordVisible(specification.isPasswordVisible), .error(specification.errorMessage),
      .emailError(specification.emailError),
      .resetSuggested(specification.suggestsPasswordReset),
      .passwordLength(specification.passwordLength), retryIn,
    ]
    // The code step's own facts, while it shows.
    let codeStep: [SessionCommand.Expectation] =
      specification.codeStep.map { step in
        [
          .code(step.code.text), .codeError(specification.codeErrorMessage),
          .canVerify(step.canVerify), .canResend(step.canResend),
          .resendIn(step.resendIn > 0 ? .seconds(step.resendIn) : nil),
        ]
      } ?? []
    // The device step's own facts, while it shows.
    let deviceStep: [SessionCommand.Expectation] =
      specification.deviceStep.map { step in
        [
          .userCode(step.userCode), .pollInterval(step.interval),
          .expiresIn(.seconds(step.shown)),
        ]
      } ?? []
    switch self {
    case .oneRequestInFlight: return [phase, loading, inFlight]
    case .staleAnswersChangeNothing:
      // A stale answer that reaches the machine is one the store did not drop; the screen
      // alone can agree again by the next answer.
      return screen + [.droppedAnswers(specification.droppedAnswers)]
    case .storeAddsNothing, .screenFollowsTheSpecification:
      return screen + codeStep + deviceStep
    case .logInEnabledOnlyWhenAllowed: return [phase, .canSubmit(specification.canSubmit)]
    case .errorsOnlyWhereTheyBelong:
      return [phase, .error(specification.errorMessage), .emailError(specification.emailError)]
    case .sessionLeavesNoSecret:
      return [phase, .passwordLength(specification.passwordLength)]
    case .secretsNeverShown: return [.secretsHidden(true)]
    case .everyRequestEndsOnce, .nothingAccumulates:
      return [
        inFlight, .storeRequests(specification.storeRequests),
        .droppedAnswers(specification.droppedAnswers),
      ]
    case .boundedLiveness: return [loading, inFlight]
    case .rememberedExactlyWhileLoggedIn:
      return [phase, .sessionRemembered(specification.sessionRemembered)]
    case .timersEndWithTheirRequests:
      return [inFlight, .storeTimers(specification.storeTimers)]
    case .checksOnlyWhenAllowed, .resendOnlyAfterCooldown:
      return [phase, inFlight] + codeStep
    case .noRequestWhileThrottled:
      return [phase, inFlight, .canSubmit(specification.canSubmit), retryIn]
    case .throttleEndsOnceAtItsDeadline: return [.canSubmit(specification.canSubmit), retryIn]
    case .countdownNeverGoesUp: return [retryIn]
    case .noTickWithoutCountdown: return [retryIn, .storeTimers(specification.storeTimers)]
    case .pollsKeepTheirInterval: return [phase, inFlight] + deviceStep
    case .noPollAfterTheStepEnds:
      return [phase, inFlight, .storeTimers(specification.storeTimers)]
    }
  }
}
