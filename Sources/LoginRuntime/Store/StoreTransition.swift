import LoginFlow

/// One action as the store applied it: the phase before and after, and the effects emitted.
///
/// Built from the action, the two states and the effects, but holding none of them, so it
/// cannot leak the password or a token.
public struct StoreTransition: Sendable, Equatable, CustomStringConvertible {
  /// The kind of action applied.
  public var action: LoginAction.Kind
  /// The action's redacted description, such as `passwordChanged(<redacted> 8 characters)`.
  ///
  /// Formatted when read: a store reports every keystroke, and most reports are never
  /// printed.
  public var actionDescription: String {
    get { describedAction.text }
    set { describedAction = .text(newValue) }
  }
  /// What ``actionDescription`` is made from: never the password, only its length.
  private var describedAction: DescribedAction
  /// The phase before the action.
  public var from: LoginPhase.Kind
  /// The phase after the action.
  public var to: LoginPhase.Kind
  /// A short label of the phase before: `idle`, `submitting(2)`, `failed(timeout)`, …
  ///
  /// Formatted when read, like ``actionDescription``.
  public var fromLabel: String {
    get { fromPhase.text }
    set { fromPhase = .text(newValue) }
  }
  /// A short label of the phase after.
  public var toLabel: String {
    get { toPhase.text }
    set { toPhase = .text(newValue) }
  }
  /// What ``fromLabel`` and ``toLabel`` are made from.
  private var fromPhase: PhaseLabel
  private var toPhase: PhaseLabel
  /// The effects the action emitted, in order.
  public var effects: [EffectSummary]
  /// Whether the state changed at all; `false` means the action was ignored.
  public var changedState: Bool
  /// For an answer (`authResponse`), which request it answers and how, without the session;
  /// `nil` for every other action. It lets a checker rebuild the action applied.
  public var response: Response?
  /// The transition table's cell the action fell in, classified from the action and the
  /// state before it (see `TransitionCell(applying:to:)`): what `login-replay --coverage`
  /// counts.
  public var cell: TransitionCell

  /// The request an applied answer is for, and its outcome.
  public struct Response: Sendable, Equatable, Hashable {
    /// The attempt the answer is for.
    public var attempt: Int
    /// The answer, without its session.
    public var outcome: AuthOutcome
  }

  /// An effect without its credentials or session: its kind, and its attempt if it has one.
  public struct EffectSummary: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The kind of effect.
    public var kind: LoginEffect.Kind
    /// The auth request it is about; `nil` for the session effects.
    public var attempt: Int?

    /// Summarizes `effect`.
    public init(_ effect: LoginEffect) {
      kind = effect.kind
      attempt = effect.attempt
    }

    /// The session-file name of the effect: `authenticate`, `cancel-authentication`,
    /// `save-session`, `clear-session`.
    public var name: String { kind.name }

    /// `authenticate(1)`, `cancel-authentication(1)`, `save-session` or `clear-session`.
    public var description: String { attempt.map { "\(name)(\($0))" } ?? name }
  }

  /// Describes `action` taking `before` to `after` with `effects`.
  public init(
    action: LoginAction, before: LoginState, after: LoginState, effects: [LoginEffect]
  ) {
    self.init(
      action: action, before: before, after: after, effects: effects,
      changedState: before != after)
  }

  /// The same, for a caller that has already compared the two states: the store compares
  /// them once, to decide whether to publish and to report.
  init(
    action: LoginAction, before: LoginState, after: LoginState, effects: [LoginEffect],
    changedState: Bool
  ) {
    self.action = action.kind
    describedAction = DescribedAction(action)
    from = before.phase.kind
    to = after.phase.kind
    fromPhase = PhaseLabel(before)
    toPhase = PhaseLabel(after)
    self.effects = effects.map(EffectSummary.init)
    self.changedState = changedState
    cell = TransitionCell(applying: action, to: before)
    if case .authResponse(let attempt, let result) = action {
      response = Response(attempt: attempt, outcome: AuthOutcome(result))
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

  /// An action's redacted description, kept in the parts it is formatted from. Two are equal
  /// when their texts are.
  private enum DescribedAction: Sendable, Equatable {
    case passwordChanged(characters: Int)
    /// An action that holds no secret: described as it describes itself.
    case withoutSecrets(LoginAction)
    case text(String)

    init(_ action: LoginAction) {
      switch action {
      case .passwordChanged(let password):
        self = .passwordChanged(characters: Self.characterCount(of: password))
      case .authResponse(let attempt, .success(let session)):
        self = .withoutSecrets(.authResponse(attempt: attempt, .success(session.withoutSecrets)))
      case .emailChanged, .passwordVisibilityToggled, .submitTapped, .cancelTapped,
        .logoutTapped, .reset, .authResponse, .storeClosed, .sessionSaveFailed:
        self = .withoutSecrets(action)
      case .sessionRestored:
        self = .text(action.description)
      }
    }

    /// `password.count`, read as its UTF-8 length when every byte is ASCII but `\r`, as
    /// nearly every password's is (each such byte is a character of its own: only `\r\n`
    /// joins two). A store reports every keystroke, and counting characters breaks
    /// graphemes.
    static func characterCount(of password: String) -> Int {
      let isPlainASCII = password.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
      }
      return isPlainASCII == true ? password.utf8.count : password.count
    }

    var text: String {
      switch self {
      case .passwordChanged(let characters):
        LoginAction.describePasswordChanged(characters: characters)
      case .withoutSecrets(let action): action.description
      case .text(let text): text
      }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
  }

  /// A short label of a state's phase, kept in the parts it is formatted from (never a
  /// token: a succeeded phase keeps no session). Two are equal when their texts are.
  private enum PhaseLabel: Sendable, Equatable {
    case idle
    case editing
    case submitting(attempt: Int)
    case succeeded
    case failed(AuthError)
    case text(String)

    init(_ state: LoginState) {
      switch state.phase {
      case .idle: self = .idle
      case .editing: self = .editing
      case .submitting: self = .submitting(attempt: state.attempt)
      case .succeeded: self = .succeeded
      case .failed(let error): self = .failed(error)
      }
    }

    var text: String {
      switch self {
      case .idle: "idle"
      case .editing: "editing"
      case .submitting(let attempt): "submitting(\(attempt))"
      case .succeeded: "succeeded"
      case .failed(let error): "failed(\(error.name))"
      case .text(let text): text
      }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
  }
}
