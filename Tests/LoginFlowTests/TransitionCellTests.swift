import LoginFlow
import Testing

/// The cells of the transition table, derived from the machine's enums.
@Suite struct TransitionCellTests {
  @Test func everyPhaseAndActionHasCells() {
    for phase in LoginPhase.Kind.allCases {
      for action in LoginAction.Kind.allCases {
        #expect(!TransitionCell.conditions(phase, action).isEmpty, "\(phase) + \(action)")
      }
    }
    // Editable phases split changes and submit; submitting splits answers into the seven
    // outcomes of the current attempt and a stale one; idle splits a restored session into
    // unexpired and expired, and succeeded splits it into a login remembered or not; every
    // phase has one cell for a failed save, a reset and the store closing. A challenge is
    // current or stale while submitting, and a code step action splits into how the step
    // goes on or ends while it is shown. Too many codes is an error of its own. Every phase
    // has two cells for each of the throttle's arrivals (running or not), the editable ones
    // a throttled submit, and a refusal in the code step one of its own; a locked account is
    // an answer of its own. Device login adds to each phase "Sign in with a browser" (two
    // cells on the form: held by a throttle or not), the codes' arrival (current or stale
    // while submitting) and the step's actions, two conclusions of its own among the
    // answers, and its phase: the form's actions, ignored, and six ways the step goes on
    // or ends.
    #expect(TransitionCell.all.count == 26 + 25 + 33 + 21 + 25 + 24 + 25)
    #expect(Set(TransitionCell.all).count == TransitionCell.all.count)
  }

  static let now = Timestamp(secondsSinceEpoch: 1_000)
  static let later = now.advanced(by: .nanoseconds(1))

  static func stored(expiresAt: Timestamp) -> StoredSession {
    StoredSession(token: "t", expiresAt: expiresAt)
  }

  @Test func anActionFallsInTheCellItsStateSelects() {
    let (now, later) = (Self.now, Self.later)
    let form = LoginState(email: "demo@example.com", password: "pw", phase: .editing)
    let submitting = LoginState(
      email: "demo@example.com", password: "pw", phase: .submitting, attempt: 2)
    let cases: [(LoginAction, LoginState, TransitionCell.Condition)] = [
      (.submitTapped, form, .formValid),
      (.submitTapped, LoginState(), .formInvalid),
      (.emailChanged("a"), form, .withinLimit),
      (
        .emailChanged(String(repeating: "a", count: LoginState.maximumEmailLength + 1)), form,
        .overLimit
      ),
      (.emailChanged("a"), submitting, .always),
      (
        .authResponse(attempt: 2, .success(AuthSession(token: "t"))), submitting,
        .currentAttempt(nil)
      ),
      (
        .authResponse(attempt: 2, .failure(.rateLimited(retryAfter: .seconds(3)))), submitting,
        .currentAttempt(.rateLimited(retryAfter: nil))
      ),
      (.authResponse(attempt: 1, .failure(.timedOut)), submitting, .staleAttempt),
      (.authResponse(attempt: 1, .failure(.timedOut)), form, .anyAttempt),
      (.sessionRestored(Self.stored(expiresAt: later), now: now), LoginState(), .unexpired),
      (.sessionRestored(Self.stored(expiresAt: now), now: now), LoginState(), .expired),
      (.sessionRestored(Self.stored(expiresAt: later), now: now), form, .always),
      (
        .sessionRestored(Self.stored(expiresAt: later), now: now),
        LoginState(phase: .succeeded(AuthSession(token: "t"))), .loginRemembered
      ),
      (
        .sessionRestored(Self.stored(expiresAt: later), now: now),
        LoginState(phase: .succeeded(AuthSession(token: "t")), sessionNotRemembered: true),
        .loginNotRemembered
      ),
      (.sessionSaveFailed, LoginState(phase: .succeeded(AuthSession(token: "t"))), .always),
      (.sessionSaveFailed, form, .always),
    ]
    for (action, state, condition) in cases {
      let cell = TransitionCell(applying: action, to: state)
      #expect(cell.condition == condition, "\(action)")
      #expect(TransitionCell.all.contains(cell), "\(cell)")
    }
  }
}
