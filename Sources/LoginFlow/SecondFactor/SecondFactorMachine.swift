/// The code step as a machine: after a correct email and password the server may ask for a
/// one-time code, and this child of the login machine asks the user for it, checks it,
/// sends a new one when the cooldown allows, and ends with an ``Outcome`` its parent maps.
///
/// Its table is `Docs/SecondFactorTable.md`, checked against ``step(_:_:)`` by a test.
public enum SecondFactorMachine: ChildMachine, ExplorableMachine, ScreenMachine {
  /// The code step's state.
  public typealias State = SecondFactorState
  /// What happens in the code step.
  public typealias Action = SecondFactorAction
  /// What the code step asks its runtime to do.
  public typealias Effect = SecondFactorEffect

  /// How the code step ends.
  public enum Outcome: Equatable, Sendable, CustomStringConvertible {
    /// The code was accepted: signed in with this session.
    case signedIn(AuthSession)
    /// The user went back to the login form.
    case abandoned
    /// The step ended with this error (too many rejected codes).
    case failed(AuthError)

    /// `signed in`, `abandoned` or `failed(too-many-codes)`, as the step's table writes it;
    /// never a token.
    public var description: String {
      switch self {
      case .signedIn: "signed in"
      case .abandoned: "abandoned"
      case .failed(let error): "failed(\(error.name))"
      }
    }
  }

  /// The step's phases: ``SecondFactorState/Step`` without its data.
  public enum PhaseKind: String, CaseIterable, Hashable, Sendable {
    /// ``SecondFactorState/Step/entering``: the code being typed.
    case entering
    /// ``SecondFactorState/Step/checking``: a code check in flight.
    case checking
    /// ``SecondFactorState/Step/resending``: a request for a new code in flight.
    case resending
    /// ``SecondFactorState/Step/rejected``: the last code was wrong.
    case rejected
    /// ``SecondFactorState/Step/expired``: the code expired before it was accepted.
    case expired
    /// ``SecondFactorState/Step/failed(_:)``: the last check or resend failed.
    case failed
  }

  /// `second-factor`.
  public static let name = "second-factor"

  /// The step's phase; a code that expired shows as `expired` whatever error came after it,
  /// until a request is in flight.
  public static func phase(of state: State) -> PhaseKind {
    if state.isExpired, !state.isBusy { return .expired }
    switch state.step {
    case .entering: return .entering
    case .checking: return .checking
    case .resending: return .resending
    case .rejected: return .rejected
    case .expired: return .expired
    case .failed: return .failed
    }
  }

  /// The action's kind.
  public static func kind(of action: Action) -> Action.Kind { action.kind }

  // MARK: The screen

  /// The code field.
  public static let code = FormField<State, Action>(
    "code", read: \.code, change: SecondFactorAction.codeChanged)
  /// The step's one field.
  public static let fields = [code]
  /// Verify.
  public static let verify = FormButton("verify", sends: SecondFactorAction.verifyTapped)
  /// Resend code.
  public static let resend = FormButton("resend", sends: SecondFactorAction.resendTapped)
  /// Back to the login form.
  public static let back = FormButton("back", sends: SecondFactorAction.backTapped)
  /// The step's buttons.
  public static let buttons = [verify, resend, back]

  // MARK: The machine

  /// The step a challenge asked for by request `request` starts in, and the deadlines it
  /// schedules: the code's expiry and the resend countdown.
  public static func start(
    _ challenge: SecondFactorChallenge, after request: Int
  ) -> (state: State, effects: [Effect]) {
    let state = State(challenge: challenge, request: request)
    return (state, [.scheduleExpiry(after: challenge.expiresIn)] + countdown(from: state.resendIn))
  }

  /// The code step itself: the state after `action`, the effects it asks for, and how the
  /// step ends, when the action ends it. `Docs/SecondFactorTable.md` is this, row by row.
  public static func step(_ state: inout State, _ action: Action) -> ChildStep<Self> {
    switch action {
    // Digits only, at most the code's length; the last digit starts the check. Locked while
    // a request is in flight.
    case .codeChanged(let text):
      guard !state.isBusy else { return ChildStep() }
      state.code = digits(of: text, upTo: state.challenge.codeLength)
      switch state.step {
      case .rejected, .failed: state.step = state.isExpired ? .expired : .entering
      case .entering, .expired, .checking, .resending: break
      }
      let checks =
        state.canVerify
        || (PlantedBug.isPlanted(.checksOnlyWhenAllowed) && !state.code.isEmpty
          && !state.isBusy)
      return checks ? ChildStep(effects: startCheck(&state)) : ChildStep()

    case .verifyTapped:
      return state.canVerify ? ChildStep(effects: startCheck(&state)) : ChildStep()

    case .resendTapped:
      guard state.canResend || (PlantedBug.isPlanted(.resendOnlyAfterCooldown) && !state.isBusy)
      else { return ChildStep() }
      state.request += 1
      state.step = .resending
      return ChildStep(effects: [.sendCode(request: state.request, challenge: state.challenge.id)])

    case .backTapped:
      let effects = cancelInFlight(state) + [.cancelExpiry, .cancelCountdown]
      return ChildStep(effects: effects, outcome: .abandoned)

    case .verifyAnswer(let request, let check):
      guard case .checking = state.step, request == state.request else { return ChildStep() }
      switch check {
      case .accepted(let session):
        return ChildStep(effects: [.cancelExpiry, .cancelCountdown], outcome: .signedIn(session))
      case .rejected:
        state.rejectedCodes += 1
        state.code = ""
        guard state.rejectedCodes < State.maximumRejectedCodes else {
          return ChildStep(
            effects: [.cancelExpiry, .cancelCountdown], outcome: .failed(.tooManyCodes))
        }
        state.step = state.isExpired ? .expired : .rejected
        return ChildStep()
      case .expired:
        state.isExpired = true
        state.step = .expired
        return ChildStep(effects: [.cancelExpiry])
      case .failed(let error):
        state.step = state.isExpired ? .expired : .failed(error)
        return ChildStep()
      }

    case .resendAnswer(let request, let result):
      guard case .resending = state.step, request == state.request else { return ChildStep() }
      switch result {
      case .success(let renewal):
        state.challenge.expiresIn = renewal.expiresIn ?? state.challenge.expiresIn
        state.challenge.resendAfter = renewal.resendAfter ?? state.challenge.resendAfter
        state.code = ""
        state.isExpired = false
        state.step = .entering
        state.resendIn = state.challenge.resendAfter
        return ChildStep(
          effects: [.scheduleExpiry(after: state.challenge.expiresIn)]
            + countdown(from: state.resendIn))
      case .failure(let error):
        state.step = .failed(error)
        return ChildStep()
      }

    // The clock's arrivals.
    case .codeExpired:
      guard !state.isExpired else { return ChildStep() }
      state.isExpired = true
      switch state.step {
      case .entering, .rejected, .failed: state.step = .expired
      case .checking, .resending, .expired: break
      }
      return ChildStep()
    case .countdownTicked:
      guard state.resendIn > .zero else { return ChildStep() }
      state.resendIn = Countdown.afterTick(state.resendIn)
      return ChildStep(effects: countdown(from: state.resendIn))
    case .resendAvailable:
      guard state.resendIn > .zero else { return ChildStep() }
      state.resendIn = .zero
      return ChildStep()

    case .storeClosed:
      let effects = cancelInFlight(state)
      switch state.step {
      case .checking, .resending: state.step = state.isExpired ? .expired : .entering
      case .entering, .rejected, .expired, .failed: break
      }
      return ChildStep(effects: effects)
    }
  }

  /// Starts a check of the code as the next request.
  private static func startCheck(_ state: inout State) -> [Effect] {
    state.request += 1
    state.step = .checking
    return [.checkCode(request: state.request, challenge: state.challenge.id, code: state.code)]
  }

  /// The cancel of the request in flight, if one is.
  private static func cancelInFlight(_ state: State) -> [Effect] {
    switch state.step {
    case .checking: [.cancelCheck(request: state.request)]
    case .resending: [.cancelSend(request: state.request)]
    case .entering, .rejected, .expired, .failed: []
    }
  }

  /// The resend countdown's next arrival with `left` of the cooldown to go (``Countdown``).
  static func countdown(from left: Duration) -> [Effect] {
    switch Countdown.next(from: left) {
    case nil: []
    case .tick(let delay): [.scheduleCountdown(.countdownTicked, after: delay)]
    case .end(let delay): [.scheduleCountdown(.resendAvailable, after: delay)]
    }
  }

  /// The ASCII digits of `text`, at most `length` of them.
  static func digits(of text: String, upTo length: Int) -> String {
    var kept = ""
    for scalar in text.unicodeScalars where ("0"..."9").contains(scalar) {
      guard kept.utf8.count < length else { break }
      kept.unicodeScalars.append(scalar)
    }
    return kept
  }
}
