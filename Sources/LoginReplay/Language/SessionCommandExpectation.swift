import LoginFlow

extension SessionCommand {
  /// What an `expect` line checks, with the value it expects.
  ///
  /// ``evaluate(state:observation:)`` compares it with a state and what the runner observed,
  /// so every front end reports `expected X, got Y` with the same words.
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
    /// `expect store-requests N`: how many requests the store still holds (started, their
    /// call not returned: in flight, or given up on and answering late).
    case storeRequests(Int)
    /// `expect store-timers N`: how many timers the store runs (each request's timeout, each
    /// delivery a machine asked for).
    case storeTimers(Int)
    /// `expect session-remembered true|false`: whether the session store keeps a session
    /// for the next launch.
    case sessionRemembered(Bool)
    /// `expect secrets-hidden true|false`: whether no secret (a text typed into a secret
    /// field, a token) was shown since the previous `expect secrets-hidden` (from the first
    /// one on): in the store's events, or in the state's description, debug description,
    /// JSON or screen (the last two may show a password the session made visible).
    case secretsHidden(Bool)
    /// `expect code TEXT`: the digits in the code step's field (empty outside it).
    case code(String)
    /// `expect code-error TEXT|none`: the error the code step shows.
    case codeError(String?)
    /// `expect can-verify true|false`: whether Verify is enabled.
    case canVerify(Bool)
    /// `expect can-resend true|false`: whether Resend code is enabled.
    case canResend(Bool)
    /// `expect resend-in DURATION|none`: the resend cooldown shown, in whole seconds
    /// rounded up (the duration is whole seconds); `none` once a new code may be sent, or
    /// outside the code step.
    case resendIn(Duration?)
    /// `expect retry-in DURATION|none`: the throttle left, in whole seconds rounded up (the
    /// duration is whole seconds); `none` while no throttle holds requests.
    case retryIn(Duration?)
    /// `expect user-code TEXT`: the device step's user code, as the server wrote it (empty
    /// outside the step).
    case userCode(String)
    /// `expect poll-interval DURATION|none`: the device step's interval between polls, in
    /// whole seconds rounded up; `none` outside the step.
    case pollInterval(Duration?)
    /// `expect expires-in DURATION|none`: the device step's codes' life left, in whole
    /// seconds rounded up; `none` outside the step.
    case expiresIn(Duration?)

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
      case storeRequests = "store-requests"
      case storeTimers = "store-timers"
      case sessionRemembered = "session-remembered"
      case secretsHidden = "secrets-hidden"
      case code
      case codeError = "code-error"
      case canVerify = "can-verify"
      case canResend = "can-resend"
      case resendIn = "resend-in"
      case retryIn = "retry-in"
      case userCode = "user-code"
      case pollInterval = "poll-interval"
      case expiresIn = "expires-in"
    }

    /// What a runner observed beside the state, for the subjects that need it; each runner
    /// fills only what the expectation it checks asks (see ``subject``).
    public struct Observation: Equatable, Sendable {
      /// The kinds of effects the most recent action emitted (the transitions carry no
      /// credentials).
      public var effectKinds: [LoginEffect.Kind] = []
      /// How many requests the server is still working on.
      public var requestsInFlight = 0
      /// How many late answers the store has dropped so far.
      public var droppedAnswers = 0
      /// How many requests the store still holds.
      public var storeRequests = 0
      /// How many timers the store runs.
      public var storeTimers = 0
      /// Whether the session store keeps a session.
      public var sessionRemembered = false
      /// Whether no secret was shown since the last check.
      public var secretsHidden = true

      /// What was observed; by default nothing yet.
      public init(
        effectKinds: [LoginEffect.Kind] = [], requestsInFlight: Int = 0, droppedAnswers: Int = 0,
        storeRequests: Int = 0, storeTimers: Int = 0, sessionRemembered: Bool = false,
        secretsHidden: Bool = true
      ) {
        self.effectKinds = effectKinds
        self.requestsInFlight = requestsInFlight
        self.droppedAnswers = droppedAnswers
        self.storeRequests = storeRequests
        self.storeTimers = storeTimers
        self.sessionRemembered = sessionRemembered
        self.secretsHidden = secretsHidden
      }
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
      case .storeRequests: .storeRequests
      case .storeTimers: .storeTimers
      case .sessionRemembered: .sessionRemembered
      case .secretsHidden: .secretsHidden
      case .code: .code
      case .codeError: .codeError
      case .canVerify: .canVerify
      case .canResend: .canResend
      case .resendIn: .resendIn
      case .retryIn: .retryIn
      case .userCode: .userCode
      case .pollInterval: .pollInterval
      case .expiresIn: .expiresIn
      }
    }

    /// The expected value as session files write it: `idle`, `true`, `none`,
    /// `"The email or password is incorrect."`, `authenticate cancel-authentication`.
    public var expectedText: String {
      switch self {
      case .phase(let kind): kind.rawValue
      case .canSubmit(let value), .loading(let value), .passwordVisible(let value),
        .resetSuggested(let value), .sessionRemembered(let value), .secretsHidden(let value),
        .canVerify(let value), .canResend(let value):
        String(value)
      case .error(let text), .emailError(let text), .codeError(let text): Self.text(text)
      case .code(let code), .userCode(let code): SessionCommand.quoted(code)
      case .resendIn(let duration), .retryIn(let duration), .pollInterval(let duration),
        .expiresIn(let duration):
        Self.seconds(duration.map { SecondFactorState.wholeSeconds(roundingUp: $0) })
      case .effects(let kinds): Self.text(kinds)
      case .passwordLength(let count), .requestsInFlight(let count), .droppedAnswers(let count),
        .storeRequests(let count), .storeTimers(let count):
        String(count)
      }
    }

    /// Compares the expectation with `state` and what the runner observed.
    public func evaluate(state: LoginState, observation: Observation) -> Evaluation {
      let actual: String
      switch self {
      case .phase: actual = state.phase.kind.rawValue
      case .canSubmit: actual = String(state.canSubmit)
      case .loading: actual = String(state.isLoading)
      case .passwordVisible: actual = String(state.isPasswordVisible)
      case .error: actual = Self.text(state.errorMessage)
      case .emailError: actual = Self.text(state.emailError)
      case .resetSuggested: actual = String(state.suggestsPasswordReset)
      case .effects: actual = Self.text(observation.effectKinds)
      case .passwordLength: actual = String(state.password.count)
      case .requestsInFlight: actual = String(observation.requestsInFlight)
      case .droppedAnswers: actual = String(observation.droppedAnswers)
      case .storeRequests: actual = String(observation.storeRequests)
      case .storeTimers: actual = String(observation.storeTimers)
      case .sessionRemembered: actual = String(observation.sessionRemembered)
      case .secretsHidden: actual = String(observation.secretsHidden)
      case .code: actual = SessionCommand.quoted(state.secondFactor?.code ?? "")
      case .codeError:
        actual = Self.text(state.codeErrorMessage(in: .english))
      case .canVerify: actual = String(state.secondFactor?.canVerify ?? false)
      case .canResend: actual = String(state.secondFactor?.canResend ?? false)
      case .resendIn: actual = Self.seconds(state.secondFactor?.resendSecondsLeft)
      case .retryIn: actual = Self.seconds(state.retrySecondsLeft)
      case .userCode:
        actual = SessionCommand.quoted(state.deviceLogin?.authorization.userCode ?? "")
      case .pollInterval:
        actual = Self.seconds(
          state.deviceLogin.map { SecondFactorState.wholeSeconds(roundingUp: $0.interval) })
      case .expiresIn: actual = Self.seconds(state.deviceLogin?.secondsLeft)
      }
      return Evaluation(holds: actual == expectedText, expected: expectedText, actual: actual)
    }

    private static func text(_ message: String?) -> String {
      guard let message else { return "none" }
      return SessionCommand.quoted(message)
    }

    /// `27s`, or `none`.
    private static func seconds(_ seconds: Int?) -> String {
      seconds.map { "\($0)s" } ?? "none"
    }

    private static func text(_ kinds: [LoginEffect.Kind]) -> String {
      kinds.isEmpty ? "none" : kinds.map(\.name).joined(separator: " ")
    }
  }
}
