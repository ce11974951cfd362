import LoginFlow
import Testing

/// `canSignInWithBrowser`, which front ends draw the "Sign in with a browser" button from,
/// says exactly when the machine acts on the tap: in every cell of the table.
@Suite struct SignInWithBrowserTests {
  @Test(arguments: TransitionCell.all.filter { $0.action == .deviceLoginTapped })
  func theButtonIsEnabledExactlyWhereTheTapAsksForTheCodes(_ cell: TransitionCell) {
    let (state, action) = LoginMachine.example(of: cell)
    let (_, effects) = reduce(state, action)
    #expect(state.canSignInWithBrowser == (effects.map(\.kind) == [.authorizeDevice]), "\(cell)")
  }

  @Test func aThrottleDisablesItAsItDisablesLogIn() {
    var state = LoginState(email: "demo@example.com", password: "Password123!")
    #expect(state.canSignInWithBrowser)
    state.retryIn = .seconds(3)
    #expect(!state.canSignInWithBrowser)
    #expect(reduce(state, .deviceLoginTapped).effects.isEmpty)
  }
}
