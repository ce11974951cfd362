extension DeviceLoginMachine {
  /// What the device step's table tells apart for one (step, action) pair.
  public enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The pair has one row.
    case always
    /// The answer to the poll in flight.
    case current(Answer)
    /// An answer to a poll other than the one in flight.
    case stale
    /// An answer while no poll is in flight.
    case anyRequest

    /// What the answer to the poll in flight says.
    public enum Answer: String, CaseIterable, Hashable, Sendable {
      /// Approved: a token.
      case approved
      /// `authorization_pending`.
      case pending
      /// `slow_down`.
      case slowDown = "slow down"
      /// `access_denied`.
      case denied
      /// `expired_token`.
      case expired
      /// A failure that polling again may mend (network, timeout, server, rate limit).
      case retried = "failed, retried"
      /// A failure that ends the step (the client refused, the account locked).
      case refused = "failed, refused"
    }

    /// The condition as the table writes it: `current, slow down`, `stale`, ….
    public var description: String {
      switch self {
      case .always: "always"
      case .current(let answer): "current, \(answer.rawValue)"
      case .stale: "stale"
      case .anyRequest: "any request"
      }
    }
  }

  /// The conditions the step's table tells apart for `action` in `phase`.
  public static func conditions(_ phase: PhaseKind, _ action: Action.Kind) -> [Condition] {
    switch action {
    case .pollAnswer:
      switch phase {
      case .polling: return Condition.Answer.allCases.map(Condition.current) + [.stale]
      case .waiting: return [.anyRequest]
      }
    case .pollDue, .countdownTicked, .codesExpired, .cancelTapped, .storeClosed:
      return [.always]
    }
  }

  /// The condition `action` meets in `state`.
  public static func condition(of action: Action, in state: State) -> Condition {
    switch action {
    case .pollAnswer(let request, let poll):
      guard state.isPolling else { return .anyRequest }
      guard request == state.request else { return .stale }
      switch poll {
      case .approved: return .current(.approved)
      case .pending: return .current(.pending)
      case .slowDown: return .current(.slowDown)
      case .denied: return .current(.denied)
      case .expired: return .current(.expired)
      case .failed(let error):
        var probe = state
        return retryDelay(after: error, in: &probe) == nil ? .current(.refused) : .current(.retried)
      }
    case .pollDue, .countdownTicked, .codesExpired, .cancelTapped, .storeClosed:
      return .always
    }
  }

  /// The authorization of the examples and of the explorer: codes that live twelve seconds
  /// with polls five seconds apart, so that a `slow_down`, a poll and the expiry all fall
  /// within a few steps.
  public static let exampleAuthorization = DeviceAuthorization(
    deviceCode: "example-device-code", userCode: "WDJB-MJHT",
    verificationURI: "https://example.com/device",
    verificationURIComplete: "https://example.com/device?user_code=WDJB-MJHT",
    expiresIn: .seconds(12), interval: .seconds(5))

  /// The request that asked for the example's authorization.
  static let exampleRequest = 4

  /// A state in the cell's phase that meets its condition, with ``exampleAuthorization``, and
  /// an action in the cell.
  public static func example(of cell: TableCell<Self>) -> (state: State, action: Action) {
    var state = State(authorization: exampleAuthorization, request: exampleRequest)
    switch cell.phase {
    case .waiting: break
    case .polling:
      state.request += 1
      state.step = .polling
    }
    let request = state.request
    let action: Action
    switch cell.action {
    case .pollDue: action = .pollDue
    case .pollAnswer:
      switch cell.condition {
      case .current(.approved):
        action = .pollAnswer(request: request, .approved(AuthSession(token: "example-token")))
      case .current(.pending): action = .pollAnswer(request: request, .pending)
      case .current(.slowDown): action = .pollAnswer(request: request, .slowDown)
      case .current(.denied): action = .pollAnswer(request: request, .denied)
      case .current(.expired): action = .pollAnswer(request: request, .expired)
      case .current(.retried): action = .pollAnswer(request: request, .failed(.timedOut))
      case .current(.refused):
        action = .pollAnswer(request: request, .failed(.invalidCredentials))
      case .stale, .anyRequest, .always:
        action = .pollAnswer(request: request - 1, .pending)
      }
    case .countdownTicked: action = .countdownTicked
    case .codesExpired: action = .codesExpired
    case .cancelTapped: action = .cancelTapped
    case .storeClosed: action = .storeClosed
    }
    return (state, action)
  }

  // MARK: Exploring

  /// The step as ``exampleAuthorization`` starts it.
  public static var initialState: State {
    start(exampleAuthorization, after: 1).state
  }

  /// The clock's arrivals, Cancel, the store closing, and every answer to the poll in flight
  /// (a stale one too), or while none is, a late answer to the last one.
  public static func alphabet(in state: State) -> [Action] {
    var actions: [Action] = [
      .pollDue, .countdownTicked, .codesExpired, .cancelTapped, .storeClosed,
    ]
    if !state.isPolling {
      actions.append(.pollAnswer(request: state.request, .approved(AuthSession(token: "late"))))
    } else {
      let request = state.request
      actions += [
        .pollAnswer(request: request, .approved(AuthSession(token: "explored-token"))),
        .pollAnswer(request: request, .pending), .pollAnswer(request: request, .slowDown),
        .pollAnswer(request: request, .denied), .pollAnswer(request: request, .expired),
        .pollAnswer(request: request, .failed(.networkUnavailable)),
        .pollAnswer(request: request, .failed(.timedOut)),
        .pollAnswer(request: request, .failed(.invalidCredentials)),
        .pollAnswer(request: request - 1, .pending),
      ]
    }
    return actions
  }
}
