extension SecondFactorMachine {
  /// What the code step's table tells apart for one (step, action) pair.
  public enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The pair has one row.
    case always
    /// A change or a tap that leaves the code short of its length.
    case codeIncomplete
    /// A change or a tap with every digit of the code.
    case codeComplete
    /// A resend tap after the cooldown.
    case cooldownOver
    /// A resend tap during the cooldown.
    case cooldownRunning
    /// The answer to the request in flight.
    case current(Answer)
    /// An answer to a request other than the one in flight.
    case stale
    /// An answer while no request of its kind is in flight.
    case anyRequest

    /// What the answer to the request in flight says.
    public enum Answer: String, Hashable, Sendable {
      /// The code was accepted.
      case accepted
      /// The code was rejected, and fewer than three codes have been.
      case rejected
      /// The code was rejected for the third time.
      case lastRejection = "last rejection"
      /// The code had expired.
      case expired
      /// The check or resend failed with an error.
      case failed
      /// A new code was sent.
      case sent
    }

    /// The condition as the table writes it: `code complete`, `current, accepted`, ….
    public var description: String {
      switch self {
      case .always: "always"
      case .codeIncomplete: "code incomplete"
      case .codeComplete: "code complete"
      case .cooldownOver: "cooldown over"
      case .cooldownRunning: "cooldown running"
      case .current(let answer): "current, \(answer.rawValue)"
      case .stale: "stale"
      case .anyRequest: "any request"
      }
    }
  }

  /// The conditions the step's table tells apart for `action` in `phase`.
  public static func conditions(_ phase: PhaseKind, _ action: Action.Kind) -> [Condition] {
    let busy: Bool
    switch phase {
    case .checking, .resending: busy = true
    case .entering, .rejected, .expired, .failed: busy = false
    }
    switch action {
    case .codeChanged, .verifyTapped:
      switch phase {
      case .entering, .rejected, .failed: return [.codeIncomplete, .codeComplete]
      case .checking, .resending, .expired: return [.always]
      }
    case .resendTapped:
      return busy ? [.always] : [.cooldownOver, .cooldownRunning]
    case .verifyAnswer:
      switch phase {
      case .checking:
        return [.accepted, .rejected, .lastRejection, .expired, .failed].map(Condition.current)
          + [.stale]
      case .entering, .resending, .rejected, .expired, .failed: return [.anyRequest]
      }
    case .resendAnswer:
      switch phase {
      case .resending: return [.current(.sent), .current(.failed), .stale]
      case .entering, .checking, .rejected, .expired, .failed: return [.anyRequest]
      }
    case .backTapped, .codeExpired, .countdownTicked, .resendAvailable, .storeClosed:
      return [.always]
    }
  }

  /// The condition `action` meets in `state`.
  public static func condition(of action: Action, in state: State) -> Condition {
    let conditions = Self.conditions(phase(of: state), action.kind)
    guard conditions.count > 1 else { return conditions.first ?? .always }
    switch action {
    case .codeChanged(let text):
      let code = digits(of: text, upTo: state.challenge.codeLength)
      return code.utf8.count == state.challenge.codeLength ? .codeComplete : .codeIncomplete
    case .verifyTapped:
      return state.isCodeComplete ? .codeComplete : .codeIncomplete
    case .resendTapped:
      return state.resendIn <= .zero ? .cooldownOver : .cooldownRunning
    case .verifyAnswer(let request, let check):
      guard request == state.request else { return .stale }
      switch check {
      case .accepted: return .current(.accepted)
      case .rejected:
        let last = state.rejectedCodes + 1 >= State.maximumRejectedCodes
        return .current(last ? .lastRejection : .rejected)
      case .expired: return .current(.expired)
      case .failed: return .current(.failed)
      }
    case .resendAnswer(let request, let result):
      guard request == state.request else { return .stale }
      switch result {
      case .success: return .current(.sent)
      case .failure: return .current(.failed)
      }
    case .backTapped, .codeExpired, .countdownTicked, .resendAvailable, .storeClosed:
      return .always
    }
  }

  /// The challenge of the examples and of the explorer: a six-digit code that lives five
  /// seconds, with a two-second cooldown, so that every deadline falls within a few steps.
  public static let exampleChallenge = SecondFactorChallenge(
    id: "example-challenge", method: .totp, codeLength: 6, expiresIn: .seconds(5),
    resendAfter: .seconds(2))

  /// The request that asked for the example's code.
  static let exampleRequest = 4

  /// A state in the cell's phase that meets its condition, with ``exampleChallenge``, and an
  /// action in the cell.
  public static func example(of cell: TableCell<Self>) -> (state: State, action: Action) {
    var state = State(challenge: exampleChallenge, request: exampleRequest)
    state.code = "12345"
    switch cell.phase {
    case .entering: break
    case .checking:
      state.code = "123456"
      state.step = .checking
    case .resending:
      state.step = .resending
      state.resendIn = .zero
    case .rejected:
      state.step = .rejected
      state.code = ""
      state.rejectedCodes = 1
    case .expired:
      state.step = .expired
      state.isExpired = true
    case .failed: state.step = .failed(.networkUnavailable)
    }
    let request = state.request
    let session = AuthSession(token: "example-token")
    let action: Action
    switch cell.action {
    case .codeChanged:
      action = .codeChanged(cell.condition == .codeComplete ? "12 34 56" : "12")
    case .verifyTapped:
      if cell.condition == .codeComplete { state.code = "123456" }
      action = .verifyTapped
    case .resendTapped:
      if cell.condition == .cooldownOver { state.resendIn = .zero }
      action = .resendTapped
    case .backTapped: action = .backTapped
    case .verifyAnswer:
      switch cell.condition {
      case .current(.accepted): action = .verifyAnswer(request: request, .accepted(session))
      case .current(.lastRejection):
        state.rejectedCodes = State.maximumRejectedCodes - 1
        action = .verifyAnswer(request: request, .rejected)
      case .current(.rejected): action = .verifyAnswer(request: request, .rejected)
      case .current(.expired): action = .verifyAnswer(request: request, .expired)
      case .current(.failed), .current(.sent):
        action = .verifyAnswer(request: request, .failed(.serverError))
      case .stale, .anyRequest, .always, .codeIncomplete, .codeComplete, .cooldownOver,
        .cooldownRunning:
        action = .verifyAnswer(request: request - 1, .accepted(session))
      }
    case .resendAnswer:
      switch cell.condition {
      case .current(.sent): action = .resendAnswer(request: request, .success(CodeRenewal()))
      case .current(.accepted), .current(.rejected), .current(.lastRejection), .current(.expired),
        .current(.failed):
        action = .resendAnswer(request: request, .failure(.networkUnavailable))
      case .stale, .anyRequest, .always, .codeIncomplete, .codeComplete, .cooldownOver,
        .cooldownRunning:
        action = .resendAnswer(request: request - 1, .success(CodeRenewal()))
      }
    case .codeExpired: action = .codeExpired
    case .countdownTicked: action = .countdownTicked
    case .resendAvailable: action = .resendAvailable
    case .storeClosed: action = .storeClosed
    }
    return (state, action)
  }

  // MARK: Exploring

  /// The step as ``exampleChallenge`` starts it.
  public static var initialState: State {
    start(exampleChallenge, after: 1).state
  }

  /// A wrong code, the right one typed in two changes, the buttons, every answer to the
  /// request in flight (a stale one too) and the clock's arrivals.
  public static func alphabet(in state: State) -> [Action] {
    let request = state.request
    var actions: [Action] = [
      .codeChanged("123"), .codeChanged("123456"), .codeChanged("654321"), .verifyTapped,
      .resendTapped, .backTapped, .codeExpired, .countdownTicked, .resendAvailable,
    ]
    switch state.step {
    case .checking:
      actions += [
        .verifyAnswer(request: request, .accepted(AuthSession(token: "explored-token"))),
        .verifyAnswer(request: request, .rejected), .verifyAnswer(request: request, .expired),
        .verifyAnswer(request: request, .failed(.networkUnavailable)),
        .verifyAnswer(request: request - 1, .rejected),
      ]
    case .resending:
      actions += [
        .resendAnswer(request: request, .success(CodeRenewal())),
        .resendAnswer(request: request, .failure(.serverError)),
        .resendAnswer(request: request - 1, .success(CodeRenewal())),
      ]
    case .entering, .rejected, .expired, .failed: break
    }
    return actions
  }
}
