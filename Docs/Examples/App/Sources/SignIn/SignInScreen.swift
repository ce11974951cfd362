// docs: tutorial-screen
import LoginFlow
import LoginRuntime

/// The app's sign-in screen as text lines: what a view would draw, kept up to date from the
/// store on the main actor.
@MainActor
public final class SignInScreen {
  /// The lines shown now.
  public private(set) var lines: [String] = []
  private let store: LoginStore
  private var observation: StoreObservation?

  /// A screen that follows `store`; it holds the store, and its observation holds only the
  /// store's stream.
  public init(store: LoginStore) {
    self.store = store
    lines = Self.lines(for: store.currentState)
    observation = store.observe { [weak self] state in
      await self?.show(state)
    }
  }

  /// Types `email` and `password`, then taps Log In.
  public func logIn(email: String, password: String) async {
    await store.send(.emailChanged(email))
    await store.send(.passwordChanged(password))
    await store.send(.submitTapped)
  }

  private func show(_ state: LoginState) {
    lines = Self.lines(for: state)
  }

  /// What the screen shows for `state`: never the password.
  public static func lines(for state: LoginState) -> [String] {
    if state.isLoggedIn { return ["Welcome, \(state.email)", "[Log Out]"] }
    if case .secondFactor(let step) = state.phase { return codeStepLines(for: step) }
    var lines = [
      "Email: \(state.email)", "Password: " + String(repeating: "•", count: state.password.count),
    ]
    if let error = state.errorMessage { lines.append("! " + error) }
    lines.append(
      state.isLoading ? "[Logging in…]" : state.canSubmit ? "[Log In]" : "[Log In] (disabled)")
    return lines
  }
}
// docs: end

// docs: tutorial-code-step
extension SignInScreen {
  /// Types the one-time code; the store checks it once its last digit is in.
  public func enterCode(_ code: String) async {
    await store.send(.secondFactor(.codeChanged(code)))
  }

  /// What the code step shows: where the code went ("We sent a code to •••• 42"), the digits
  /// typed, and why the last code failed, if it did.
  static func codeStepLines(for step: SecondFactorState) -> [String] {
    let strings = SecondFactorStrings.english
    var lines = [strings.destination(of: step.challenge), "Code: \(step.code)"]
    if let error = step.error { lines.append("! " + error.message) }
    lines.append(step.isBusy ? "[Checking…]" : step.canVerify ? "[Verify]" : "[Verify] (disabled)")
    return lines
  }
}
// docs: end
