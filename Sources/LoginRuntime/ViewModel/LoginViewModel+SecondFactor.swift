import LoginFlow

extension LoginViewModel {
  /// The code step, while the screen shows it (``/LoginFlow/LoginState/secondFactor``).
  public var secondFactor: SecondFactorState? { state.secondFactor }

  /// The code field; setting it sends `codeChanged`, which keeps only digits and starts the
  /// check when the last one is typed. Empty outside the code step. In SwiftUI, give its
  /// field `.textContentType(.oneTimeCode)` and `.keyboardType(.numberPad)` so that iOS
  /// offers the code from a text message.
  public var code: String {
    get { state.secondFactor?.code ?? "" }
    set {
      guard state.secondFactor != nil, newValue != code else { return }
      send(.secondFactor(.codeChanged(newValue)))
    }
  }

  /// Whether Verify is enabled.
  public var canVerify: Bool { state.secondFactor?.canVerify ?? false }
  /// Whether Resend code is enabled.
  public var canResend: Bool { state.secondFactor?.canResend ?? false }
  /// The code step's error, from ``strings``, if it shows one; a refusal's counts down.
  public var codeError: String? { state.codeErrorMessage(in: strings) }
  /// Where the code went, from ``strings``: `We sent a code to •••• 42`.
  public var codeDestination: String? {
    state.secondFactor.map { strings.codeStep.destination(of: $0.challenge) }
  }
  /// The resend button's title: `Resend code in 0:27` during the cooldown, else
  /// `Resend code`.
  public var resendTitle: String? {
    guard let step = state.secondFactor else { return nil }
    return step.resendSecondsLeft.map(strings.codeStep.resendIn(seconds:))
      ?? strings.codeStep.resend
  }

  /// The Verify button.
  public func verifyCode() { send(.secondFactor(.verifyTapped)) }
  /// The Resend code button.
  public func resendCode() { send(.secondFactor(.resendTapped)) }
  /// The Back button of the code step.
  public func backToLogin() { send(.secondFactor(.backTapped)) }
}
