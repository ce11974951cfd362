import LoginFlow
import Testing

@testable import LoginReplay

/// `expect` values compare with a state in the words of `expected X, got Y`.
@Suite struct ExpectationTests {
  typealias Expectation = SessionCommand.Expectation

  @Test func evaluatesAgainstAState() {
    let failed = LoginState(
      email: "demo", password: "x", phase: .failed(.invalidCredentials), attempt: 3,
      consecutiveInvalidCredentials: 3)
    let cases: [(Expectation, Bool, String, String)] = [
      (.phase(.failed), true, "failed", "failed"),
      (.phase(.idle), false, "idle", "failed"),
      (.canSubmit(true), false, "true", "false"),
      (.loading(false), true, "false", "false"),
      (.passwordVisible(true), false, "true", "false"),
      (.resetSuggested(true), true, "true", "true"),
      (
        .error("The email or password is incorrect."), true,
        "\"The email or password is incorrect.\"", "\"The email or password is incorrect.\""
      ),
      (.error(nil), false, "none", "\"The email or password is incorrect.\""),
      (.emailError(nil), false, "none", "\"Enter a valid email address.\""),
      (.emailError("none"), false, "\"none\"", "\"Enter a valid email address.\""),
      (.effects([]), false, "none", "cancel-authentication"),
      (.effects([.cancelAuthentication]), true, "cancel-authentication", "cancel-authentication"),
      (.passwordLength(2), false, "2", String(failed.password.count)),
      (
        .passwordLength(failed.password.count), true, "\(failed.password.count)",
        "\(failed.password.count)"
      ),
      (.requestsInFlight(0), false, "0", "1"),
      (.requestsInFlight(1), true, "1", "1"),
      (.droppedAnswers(2), true, "2", "2"),
      (.droppedAnswers(0), false, "0", "2"),
    ]
    for (expectation, holds, expected, actual) in cases {
      let evaluation = expectation.evaluate(
        state: failed, effects: [.cancelAuthentication(attempt: 3)], requestsInFlight: 1,
        droppedAnswers: 2)
      #expect(
        evaluation == .init(holds: holds, expected: expected, actual: actual), "\(expectation)")
    }
  }

  @Test func subjectsAndNames() {
    #expect(Expectation.canSubmit(true).subject == .canSubmit)
    #expect(Expectation.Subject.canSubmit.rawValue == "can-submit")
    #expect(LoginEffect.Kind.authenticate.name == "authenticate")
    #expect(LoginEffect.Kind.cancelAuthentication.name == "cancel-authentication")
    #expect(
      Expectation.effects([.authenticate, .cancelAuthentication]).expectedText
        == "authenticate cancel-authentication")
  }
}
