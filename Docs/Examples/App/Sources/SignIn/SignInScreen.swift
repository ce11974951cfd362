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
    var lines = [
      "Email: \(state.email)", "Password: " + String(repeating: "•", count: state.password.count),
    ]
    if let error = state.errorMessage { lines.append("! " + error) }
    lines.append(
      state.isLoading ? "[Logging in…]" : state.canSubmit ? "[Log In]" : "[Log In] (disabled)")
    return lines
  }
}
