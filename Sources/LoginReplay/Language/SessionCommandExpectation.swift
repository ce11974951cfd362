import LoginFlow

extension SessionCommand {
  /// What an `expect` line checks, with the value it expects.
  ///
  /// ``evaluate(state:effects:)`` compares it with a state, so every front end reports
  /// `expected X, got Y` with the same words.
  public enum Expectation: Equatable, Sendable {
    /// `expect phase PHASE`: the phase the screen is in.
    case phase(LoginPhase.Kind)
    /// `expect can-submit true|false`: whether the Log In button is enabled.
    case canSubmit(Bool)
    /// `expect loading true|false`: whether the spinner is shown.
    case loading(Bool)
    /// `expect password-visible true|false`: whether the password shows in plain text.
    case passwordVisible(Bool)
    /// `expect error TEXT|none`: the user-facing error message, `nil` for none.
    case error(String?)
    /// `expect email-error TEXT|none`: the inline email error, `nil` for none.
    case emailError(String?)
    /// `expect reset-suggested true|false`: whether "Forgot your password?" is offered.
    case resetSuggested(Bool)
    /// `expect effects none|NAME...`: the effects of the most recent action, in order.
    case effects([LoginEffect.Kind])
    /// `expect password-length N`: how many characters the password field holds (never
    /// its text), so that a session can check the field was cleared.
    case passwordLength(Int)
    /// `expect requests-in-flight N`: how many auth requests the server is still working on
    /// (started, not answered, not cancelled by the store).
    case requestsInFlight(Int)
    /// `expect dropped-answers N`: how many late answers (to requests the store cancelled or
    /// timed out) the store has dropped so far.
    case droppedAnswers(Int)

    /// The word after `expect`, naming the ``Expectation`` case of the same name.
    public enum Subject: String, CaseIterable, Equatable, Hashable, Sendable {
      case phase
      case canSubmit = "can-submit"
      case loading
      case passwordVisible = "password-visible"
      case error
      case emailError = "email-error"
      case resetSuggested = "reset-suggested"
      case effects
      case passwordLength = "password-length"
      case requestsInFlight = "requests-in-flight"
      case droppedAnswers = "dropped-answers"
    }

    /// The comparison of an expectation with what the screen shows.
    public struct Evaluation: Equatable, Sendable {
      /// Whether the expectation holds.
      public var holds: Bool
      /// The expected value as session files write it, e.g. `true`, `none`, `"Some text."`.
      public var expected: String
      /// The actual value, written the same way.
      public var actual: String
    }

    /// What this expectation checks.
    public var subject: Subject {
      switch self {
      case .phase: .phase
      case .canSubmit: .canSubmit
      case .loading: .loading
      case .passwordVisible: .passwordVisible
      case .error: .error
      case .emailError: .emailError
      case .resetSuggested: .resetSuggested
      case .effects: .effects
      case .passwordLength: .passwordLength
      case .requestsInFlight: .requestsInFlight
      case .droppedAnswers: .droppedAnswers
      }
    }

    /// The expected value as session files write it: `idle`, `true`, `none`,
    /// `"The email or password is incorrect."`, `authenticate cancel-authentication`.
    public var expectedText: String {
      switch self {
      case .phase(let kind): kind.rawValue
      case .canSubmit(let value), .loading(let value), .passwordVisible(let value),
        .resetSuggested(let value):
        String(value)
      case .error(let text), .emailError(let text): Self.text(text)
      case .effects(let kinds): Self.text(kinds)
      case .passwordLength(let count), .requestsInFlight(let count), .droppedAnswers(let count):
        String(count)
      }
    }

    /// Compares the expectation with `state`, the kinds of effects the most recent action
    /// emitted (what a runner knows from the store's transitions, which carry no
    /// credentials), `requestsInFlight`, how many requests the server is still working on,
    /// and `droppedAnswers`, how many late answers the store has dropped so far.
    public func evaluate(
      state: LoginState, effectKinds: [LoginEffect.Kind], requestsInFlight: Int,
      droppedAnswers: Int
    ) -> Evaluation {
      let actual: String
      switch self {
      case .phase: actual = state.phase.kind.rawValue
      case .canSubmit: actual = String(state.canSubmit)
      case .loading: actual = String(state.isLoading)
      case .passwordVisible: actual = String(state.isPasswordVisible)
      case .error: actual = Self.text(state.errorMessage)
      case .emailError: actual = Self.text(state.emailError)
      case .resetSuggested: actual = String(state.suggestsPasswordReset)
      case .effects: actual = Self.text(effectKinds)
      case .passwordLength: actual = String(state.password.count)
      case .requestsInFlight: actual = String(requestsInFlight)
      case .droppedAnswers: actual = String(droppedAnswers)
      }
      return Evaluation(holds: actual == expectedText, expected: expectedText, actual: actual)
    }

    private static func text(_ message: String?) -> String {
      guard let message else { return "none" }
      return SessionCommand.quoted(message)
    }

    private static func text(_ kinds: [LoginEffect.Kind]) -> String {
      kinds.isEmpty ? "none" : kinds.map(\.name).joined(separator: " ")
    }
  }
}
