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
        state: failed,
        observation: .init(
          effectKinds: [.cancelAuthentication], requestsInFlight: 1, droppedAnswers: 2))
      #expect(
        evaluation == .init(holds: holds, expected: expected, actual: actual), "\(expectation)")
    }
  }

  /// ``SessionCommand/Expectation/holds(state:effectKinds:requestsInFlight:droppedAnswers:)``
  /// compares values; it holds exactly when the values as written (what a failure prints)
  /// are the same.
  @Test func holdsExactlyWhenTheWrittenValuesAreEqual() {
    let composed = "Caf\u{E9} is closed."
    let decomposed = "Cafe\u{301} is closed."
    let states = [
      LoginState(),
      LoginState(email: "demo", password: "x", phase: .editing),
      LoginState(email: "demo@example.com", password: "Password123!", phase: .editing),
      LoginState(email: "demo@example.com", password: "pw", phase: .submitting, attempt: 2),
      LoginState(
        email: "d@e.co", password: "pw", phase: .failed(.invalidCredentials), attempt: 3,
        consecutiveInvalidCredentials: 3),
      LoginState(email: "d@e.co", password: "e\u{301}", phase: .failed(.serverError)),
      LoginState(email: "d@e.co", password: "pw", phase: .succeeded(AuthSession(token: "t"))),
    ]
    let texts: [String?] = [
      nil, "none", "", composed, decomposed, "\"quoted\"\n\t\u{1}",
      "The email or password is incorrect.", "Enter a valid email address.",
    ]
    let expectations: [Expectation] =
      LoginPhase.Kind.allCases.map(Expectation.phase)
      + [true, false].flatMap { value in
        [
          Expectation.canSubmit(value), .loading(value), .passwordVisible(value),
          .resetSuggested(value),
        ]
      }
      + texts.flatMap { [Expectation.error($0), .emailError($0)] }
      + [[], [.authenticate], [.cancelAuthentication], [.authenticate, .saveSession]].map(
        Expectation.effects)
      + (0...3).flatMap {
        [Expectation.passwordLength($0), .requestsInFlight($0), .droppedAnswers($0)]
      }
    var compared = 0
    for state in states {
      for effects in [[], [LoginEffect.Kind.cancelAuthentication]] {
        for expectation in expectations {
          let evaluation = expectation.evaluate(
            state: state,
            observation: .init(effectKinds: effects, requestsInFlight: 1, droppedAnswers: 2))
          #expect(
            evaluation.holds == (evaluation.expected == evaluation.actual), "\(expectation)")
          compared += 1
        }
      }
    }
    #expect(compared > 500)
    #expect(Expectation.error(composed).expectedText == SessionCommand.quoted(decomposed))
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
