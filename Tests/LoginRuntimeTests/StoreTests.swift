import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@Suite("LoginStore with the strict tester", .hangGuard)
struct StoreTests {
  @Test func submitThenSuccess() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      #expect(request.credentials == Fixtures.credentials)
      await tester.advance(by: .seconds(2))
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .success, duration: .seconds(2)))
      await tester.receive(.authResponse(attempt: 1, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
      await tester.advance(by: .seconds(60))  // the timeout was cancelled: nothing fires
    }
  }

  @Test func cancelWhileHeldIsObservedAndALateResponseChangesNothing() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      #expect(!request.isCancelled)
      await tester.advance(by: .milliseconds(700))
      await tester.send(.cancelTapped, effects: [.cancelAuthentication(attempt: 1)]) {
        $0.phase = .editing
      }
      #expect(request.isCancelled)
      await request.cancellation()
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .success, duration: .milliseconds(700)))
      #expect(await tester.store.state == tester.state)
      #expect(tester.state.phase == .editing)
      await tester.advance(by: .seconds(60))
    }
  }

  @Test func doubleSubmitWhileInFlightStartsOneRequest() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.send(.submitTapped)
      await tester.send(.submitTapped)
      let request = try await tester.nextRequest()
      #expect(tester.requests.count == 1)
      await tester.release(request, .failure(.invalidCredentials))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .failure(.invalidCredentials), duration: .zero))
      await tester.receive(.authResponse(attempt: 1, .failure(.invalidCredentials))) {
        $0.phase = .failed(.invalidCredentials)
        $0.consecutiveInvalidCredentials = 1
      }
    }
  }

  @Test func submitCancelSubmitAppliesOnlyTheSecondAttempt() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.send(.cancelTapped, effects: [.cancelAuthentication(attempt: 1)]) {
        $0.phase = .editing
      }
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 2, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 2
      }
      let first = try await tester.nextRequest()
      let second = try await tester.nextRequest()
      #expect(first.isCancelled)
      #expect(!second.isCancelled)
      await tester.release(first, .success(Fixtures.session))
      await tester.receive(.responseDropped(.authenticate(1), outcome: .success, duration: .zero))
      await tester.advance(by: .seconds(1))
      await tester.release(second, .failure(.serverError))
      await tester.receive(
        .effectFinished(.authenticate(2), outcome: .failure(.serverError), duration: .seconds(1)))
      await tester.receive(.authResponse(attempt: 2, .failure(.serverError))) {
        $0.phase = .failed(.serverError)
      }
    }
  }

  @Test func aStaleResponseSentFromOutsideIsIgnored() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.send(.authResponse(attempt: 7, .success(Fixtures.session)))
      await tester.send(.authResponse(attempt: 0, .failure(.serverError)))
      let request = try await tester.nextRequest()
      await tester.release(request, .failure(.networkUnavailable))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .failure(.networkUnavailable), duration: .zero))
      await tester.receive(.authResponse(attempt: 1, .failure(.networkUnavailable))) {
        $0.phase = .failed(.networkUnavailable)
      }
    }
  }

  @Test func retryAfterFailureAndLogout() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.passwordVisibilityToggled) { $0.isPasswordVisible = true }
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let refusal = AuthError.rateLimited(retryAfter: .seconds(2))
      await tester.release(try await tester.nextRequest(), .failure(refusal))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .failure(refusal), duration: .zero))
      await tester.receive(.authResponse(attempt: 1, .failure(refusal))) {
        $0.phase = .failed(refusal)
        $0.retryIn = .seconds(2)
      }
      // The throttle holds the retry until its deadline: a tap sends nothing.
      await tester.send(.submitTapped, effects: [])
      await tester.advance(by: .seconds(1))
      await tester.receive(.throttleTicked) { $0.retryIn = .seconds(1) }
      await tester.advance(by: .seconds(1))
      await tester.receive(.throttleEnded) { $0.retryIn = .zero }
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 2, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 2
      }
      await tester.release(try await tester.nextRequest(), .success(Fixtures.session))
      await tester.receive(.effectFinished(.authenticate(2), outcome: .success, duration: .zero))
      await tester.receive(.authResponse(attempt: 2, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
      await tester.send(.logoutTapped, effects: [.clearSession]) {
        $0.phase = .idle
        $0.isPasswordVisible = false
      }
    }
  }
}
