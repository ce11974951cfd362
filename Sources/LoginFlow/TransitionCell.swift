/// One cell of the transition table: a phase, an action, and the condition the table
/// distinguishes for that pair (valid or invalid form on submit, a change within or over the
/// field's maximum, the current or a stale attempt and each outcome on an answer, a restored
/// session unexpired or expired).
///
/// The list of cells is derived from the machine's own enums: ``all`` crosses every
/// ``LoginPhase/Kind`` with every ``LoginAction/Kind`` and asks ``conditions(_:_:)``, a
/// `switch` with no `default`, which conditions that pair has. A new phase or action is a
/// compile error there until it is placed, and then shows up as a cell to cover: in
/// `login-replay --coverage`, in the state diagram, in the tests.
public struct TransitionCell: Hashable, Sendable, CustomStringConvertible {
  /// The phase the action arrives in.
  public var phase: LoginPhase.Kind
  /// The kind of action.
  public var action: LoginAction.Kind
  /// Which of the pair's rows applies.
  public var condition: Condition

  /// Creates a cell.
  public init(phase: LoginPhase.Kind, action: LoginAction.Kind, condition: Condition) {
    self.phase = phase
    self.action = action
    self.condition = condition
  }

  /// What the table's "when" column distinguishes.
  public enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The pair has one row.
    case always
    /// A field change that fits the field's maximum.
    case withinLimit
    /// A field change longer than the field's maximum, which is cut.
    case overLimit
    /// A submit with a valid email and password.
    case formValid
    /// A submit with an invalid email or password.
    case formInvalid
    /// An answer while no request is in flight: every attempt is stale.
    case anyAttempt
    /// The answer to the request in flight: a session (`nil`) or an error.
    case currentAttempt(AuthError?)
    /// An answer to a request other than the one in flight.
    case staleAttempt
    /// A restored session that has not expired at the time given with it.
    case unexpired
    /// A restored session whose expiry has passed at the time given with it.
    case expired

    /// The condition as the table writes it: `form valid`, `current attempt, timedOut`, ….
    public var description: String {
      switch self {
      case .always: "always"
      case .withinLimit: "within limit"
      case .overLimit: "over limit"
      case .formValid: "form valid"
      case .formInvalid: "form invalid"
      case .anyAttempt: "any attempt"
      case .currentAttempt(.none): "current attempt, success"
      case .currentAttempt(.some(let error)): "current attempt, \(error.name)"
      case .staleAttempt: "stale attempt"
      case .unexpired: "unexpired"
      case .expired: "expired"
      }
    }
  }

  /// `submitting + authResponse (current attempt, success)`.
  public var description: String { "\(phase) + \(action) (\(condition))" }

  /// Every cell of the machine, phases and actions in the order of their enums.
  public static let all: [TransitionCell] = LoginPhase.Kind.allCases.flatMap { phase in
    LoginAction.Kind.allCases.flatMap { action in
      conditions(phase, action).map { TransitionCell(phase: phase, action: action, condition: $0) }
    }
  }

  /// The conditions the table distinguishes for `action` in `phase`.
  public static func conditions(
    _ phase: LoginPhase.Kind, _ action: LoginAction.Kind
  ) -> [Condition] {
    let editable: Bool
    switch phase {
    case .idle, .editing, .failed: editable = true
    case .submitting, .succeeded: editable = false
    }
    switch action {
    case .emailChanged, .passwordChanged:
      return editable ? [.withinLimit, .overLimit] : [.always]
    case .submitTapped:
      return editable ? [.formValid, .formInvalid] : [.always]
    case .passwordVisibilityToggled, .cancelTapped, .logoutTapped, .reset, .storeClosed,
      .sessionSaveFailed:
      return [.always]
    case .sessionRestored:
      switch phase {
      case .idle: return [.unexpired, .expired]
      case .editing, .submitting, .succeeded, .failed: return [.always]
      }
    case .authResponse:
      switch phase {
      case .submitting:
        return [.currentAttempt(nil)] + AuthError.allCases.map(Condition.currentAttempt)
          + [.staleAttempt]
      case .idle, .editing, .succeeded, .failed:
        return [.anyAttempt]
      }
    }
  }

  /// The cell `action` falls in when it arrives in `state`.
  public init(applying action: LoginAction, to state: LoginState) {
    let phase = state.phase.kind
    let conditions = Self.conditions(phase, action.kind)
    let condition: Condition
    switch action {
    case .emailChanged(let text):
      condition = Self.limit(text, LoginState.maximumEmailLength, among: conditions)
    case .passwordChanged(let text):
      condition = Self.limit(text, LoginState.maximumPasswordLength, among: conditions)
    case .submitTapped:
      let valid = state.isEmailValid && state.isPasswordValid
      condition = conditions == [.always] ? .always : (valid ? .formValid : .formInvalid)
    case .passwordVisibilityToggled, .cancelTapped, .logoutTapped, .reset, .storeClosed,
      .sessionSaveFailed:
      condition = .always
    case .sessionRestored(let session, let now):
      if conditions == [.always] {
        condition = .always
      } else {
        condition = session.isExpired(at: now) ? .expired : .unexpired
      }
    case .authResponse(let attempt, let result):
      if phase != .submitting {
        condition = .anyAttempt
      } else if attempt != state.attempt {
        condition = .staleAttempt
      } else {
        switch result {
        case .success: condition = .currentAttempt(nil)
        case .failure(let error): condition = .currentAttempt(error.withoutDetails)
        }
      }
    }
    self.init(phase: phase, action: action.kind, condition: condition)
  }

  /// `withinLimit` or `overLimit` for a change to `text`, or `always` where the pair has one
  /// row. Counting stops one past the maximum, so a huge text costs no more than a full one.
  private static func limit(
    _ text: String, _ maximum: Int, among conditions: [Condition]
  ) -> Condition {
    guard conditions != [.always] else { return .always }
    return Validation.exceeds(text, length: maximum) ? .overLimit : .withinLimit
  }
}

extension AuthError {
  /// The error as ``allCases`` lists it: `rateLimited` without its retry delay.
  var withoutDetails: AuthError {
    switch self {
    case .rateLimited: .rateLimited(retryAfter: nil)
    case .invalidCredentials, .networkUnavailable, .serverError, .timedOut, .unexpected: self
    }
  }
}
