import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// `reset` through the store: the first screen again, from any phase, and the work that ran
/// ends.
@Suite("LoginStore reset", .hangGuard)
struct ResetTests {
  @Test func resetInFlightCancelsTheRequestAndShowsTheFirstScreen() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      await tester.advance(by: .seconds(2))
      await tester.send(.reset, effects: [.cancelAuthentication(attempt: 1)]) {
        $0 = LoginState(attempt: 1)
      }
      #expect(request.isCancelled)
      #expect(tester.clock.sleeperCount == 0, "the timeout ended with the request")
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .success, duration: .seconds(2)))
    }
  }

  @Test(arguments: [
    LoginState(), Fixtures.filledForm,
    LoginState(
      email: Fixtures.email, password: "", isPasswordVisible: true,
      phase: .succeeded(Fixtures.session), attempt: 3),
    LoginState(
      email: Fixtures.email, password: Fixtures.password, phase: .failed(.invalidCredentials),
      attempt: 2, consecutiveInvalidCredentials: 3, emailLimitReached: true),
  ])
  func resetWithNothingRunningReturnsToTheFirstScreen(_ start: LoginState) async {
    await withStrictStoreTester(initialState: start) { tester in
      // Leaving a login forgets the remembered session, as a logout does.
      let effects: [LoginEffect] = start.isLoggedIn ? [.clearSession] : []
      await tester.send(.reset, effects: effects) { $0 = LoginState(attempt: start.attempt) }
    }
  }

  @Test func afterResetTheNextLoginIsANewAttempt() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let first = try await tester.nextRequest()
      await tester.send(.reset, effects: [.cancelAuthentication(attempt: 1)]) {
        $0 = LoginState(attempt: 1)
      }
      await tester.send(.emailChanged(Fixtures.email)) {
        $0.email = Fixtures.email
        $0.phase = .editing
      }
      await tester.send(.passwordChanged(Fixtures.password)) { $0.password = Fixtures.password }
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 2, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 2
      }
      let second = try await tester.nextRequest()
      // The first request's late answer cannot pass for the second's.
      await tester.release(first, .failure(.invalidCredentials))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .failure(.invalidCredentials), duration: .zero))
      await tester.release(second, .success(Fixtures.session))
      await tester.receive(.effectFinished(.authenticate(2), outcome: .success, duration: .zero))
      await tester.receive(.authResponse(attempt: 2, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
    }
  }
}
