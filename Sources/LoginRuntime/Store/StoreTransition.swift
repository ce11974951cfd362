import LoginFlow

/// One action as the store applied it: the phase before and after, and the effects emitted.
///
/// Built from the action, the two states and the effects, but holding none of them, so it
/// cannot leak the password or a token.
public struct StoreTransition: Sendable, Equatable, CustomStringConvertible {
  /// The kind of action applied.
  public var action: LoginAction.Kind
  /// The action's redacted description, such as `passwordChanged(<redacted> 8 characters)`.
  public var actionDescription: String
  /// The phase before the action.
  public var from: LoginPhase.Kind
  /// The phase after the action.
  public var to: LoginPhase.Kind
  /// A short label of the phase before: `idle`, `submitting(2)`, `failed(timeout)`, …
  public var fromLabel: String
  /// A short label of the phase after.
  public var toLabel: String
  /// The effects the action emitted, in order.
  public var effects: [EffectSummary]
  /// Whether the state changed at all; `false` means the action was ignored.
  public var changedState: Bool
  /// For an answer (to a login, a check or a resend), which request it answers and how,
  /// without what it carries; `nil` for every other action. It lets a checker rebuild the action applied.
  public var response: Response?
  /// The transition table's cell the action fell in, classified from the action and the
  /// state before it: what `login-replay --coverage` counts.
  public var cell: TransitionCell
  /// The code step's cell, for a code step action applied while the step was shown.
  public var secondFactorCell: TableCell<SecondFactorMachine>?
  /// The device step's cell the action exercised, when the step was shown and the action
  /// went to it.
  public var deviceLoginCell: TableCell<DeviceLoginMachine>?

  /// The request an applied answer is for, and its outcome.
  public struct Response: Sendable, Equatable, Hashable {
    /// The request the answer is for.
    public var request: RequestID
    /// The answer, without its session.
    public var outcome: AuthOutcome
  }

  /// An effect without its credentials or session: its kind, and its request if it has one.
  public struct EffectSummary: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The kind of effect.
    public var kind: LoginEffect.Kind
    /// The request it starts or cancels; `nil` for the session effects.
    public var request: RequestID?

    /// Summarizes `effect`.
    public init(_ effect: LoginEffect) {
      kind = effect.kind
      request = effect.request
    }

    /// The session-file name of the effect: `authenticate`, `cancel-authentication`,
    /// `save-session`, `clear-session`.
    public var name: String { kind.name }

    /// `authenticate(1)`, `cancel-authentication(1)`, `save-session` or `clear-session`.
    public var description: String { request.map { "\(name)(\($0.number))" } ?? name }
  }

  /// Describes `action` taking `before` to `after` with `effects`.
  public init(
    action: LoginAction, before: LoginState, after: LoginState, effects: [LoginEffect]
  ) {
    self.action = action.kind
    actionDescription = action.description
    from = before.phase.kind
    to = after.phase.kind
    fromLabel = Self.label(before)
    toLabel = Self.label(after)
    self.effects = effects.map(EffectSummary.init)
    changedState = before != after
    cell = TransitionCell(applying: action, to: before)
    if let childAction = LoginMachine.secondFactorAction(forwarding: action),
      let child = before.secondFactor
    {
      secondFactorCell = SecondFactorMachine.cell(applying: childAction, to: child)
    }
    if let childAction = LoginMachine.deviceLoginAction(forwarding: action),
      let child = before.deviceLogin
    {
      deviceLoginCell = DeviceLoginMachine.cell(applying: childAction, to: child)
    }
    if let request = action.answeredRequest, let outcome = Self.outcome(of: action) {
      response = Response(request: request, outcome: outcome)
    }
  }

  /// How the answer `action` brings back ended, without what it carries: an error, or a
  /// success (a session, a challenge, a code's verdict, a new code); `nil` for an action
  /// that is no answer.
  private static func outcome(of action: LoginAction) -> AuthOutcome? {
    switch action {
    case .authResponse(_, let result): return AuthOutcome(result)
    case .secondFactorRequired: return .success
    case .secondFactor(.verifyAnswer(_, .failed(let error))),
      .secondFactor(.resendAnswer(_, .failure(let error))):
      return .failure(error)
    case .secondFactor(.verifyAnswer), .secondFactor(.resendAnswer): return .success
    case .deviceLoginStarted: return .success
    case .deviceLogin(.pollAnswer(_, .failed(let error))): return .failure(error)
    case .deviceLogin(.pollAnswer): return .success
    case .secondFactor, .emailChanged, .passwordChanged, .passwordVisibilityToggled,
      .submitTapped, .cancelTapped, .logoutTapped, .reset, .storeClosed, .sessionRestored,
      .sessionSaveFailed, .throttleTicked, .throttleEnded, .deviceLoginTapped, .deviceLogin:
      return nil
    }
  }

  /// `submitTapped: editing -> submitting(1) [authenticate(1)]`, or `… (ignored)`.
  public var description: String {
    var text = "\(actionDescription): \(fromLabel) -> \(toLabel)"
    if !effects.isEmpty {
      text += " [" + effects.map(\.description).joined(separator: ", ") + "]"
    }
    if !changedState && effects.isEmpty { text += " (ignored)" }
    return text
  }

  /// A short label of a state's phase: `submitting(2)`, `failed(timeout)`; never a token.
  private static func label(_ state: LoginState) -> String {
    switch state.phase {
    case .idle: "idle"
    case .editing: "editing"
    case .submitting: "submitting(\(state.attempt))"
    case .succeeded: "succeeded"
    case .failed(let error): "failed(\(error.name))"
    case .secondFactor(let step): "second-factor(\(SecondFactorMachine.phase(of: step).rawValue))"
    case .device(let step): "device(\(DeviceLoginMachine.phase(of: step).rawValue))"
    }
  }
}
