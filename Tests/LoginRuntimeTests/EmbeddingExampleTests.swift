import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

/// The examples of `Docs/Embedding.md`, as written there, so that they keep compiling and
/// doing what the page says.
@Suite("Docs/Embedding.md examples")
struct EmbeddingExampleTests {
  @Test func timeoutFiresAtThirtySeconds() async throws {
    let form = LoginState(email: "a@example.com", password: "pw", phase: .editing)
    try await withStrictStoreTester(initialState: form) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      await tester.advance(by: .seconds(30) - .nanoseconds(1))  // nothing yet
      await tester.advance(by: .nanoseconds(1))
      await tester.receive(.effectTimedOut(attempt: 1, duration: .seconds(30)))
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
      #expect(request.isCancelled)
      await tester.release(request, .success(AuthSession(token: "late")))
      await tester.receive(
        .responseDropped(attempt: 1, outcome: .success, duration: .seconds(30)))
    }  // fails here if anything was left unasserted or still running
  }

  @Test func theCommandLineProgramOnVirtualTime() async {
    let lines = Recorder<String>()
    let clock = VirtualClock()
    let store = LoginStore(
      service: DemoAuthService(clock: clock), clock: clock, onEvent: { lines.append("\($0)") })
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(1.5))  // `wait 1.5s`: returns once the answer was applied
    // `settle`: advance until no request is in flight.
    while await store.attemptInFlight != nil, await clock.advanceToNextDeadline() {}
    #expect(await store.state.isLoggedIn)
    #expect(
      Array(lines.all.suffix(4)) == [
        "[0s] transition submitTapped: editing -> submitting(1) [authenticate(1)]",
        "[0s] started authenticate(1)",
        "[1.5s] finished authenticate(1): success after 1.5s",
        "[1.5s] transition authResponse(1, success(AuthSession(token: <redacted>))): "
          + "submitting(1) -> succeeded [save-session]",
      ])
  }

  @Test func aRememberedSessionOnVirtualTime() async {
    let clock = VirtualClock()
    let sessions = InMemorySessionStore()
    var store = LoginStore(
      service: DemoAuthService(clock: clock), clock: clock, sessionStore: sessions)
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(1.5))
    #expect(sessions.session?.expiresAt == Timestamp(secondsSinceEpoch: 1 + 7 * 86_400))
    await store.close()

    // The next launch: a fresh store over the same session store restores the session.
    store = LoginStore(
      service: DemoAuthService(clock: clock), clock: clock, sessionStore: sessions)
    await store.restoreSession()
    #expect(await store.state.isLoggedIn)
    await store.send(.logoutTapped)  // forgets it
    #expect(sessions.session == nil)
  }

  @Test func aStoreBuiltByHand() async {
    let form = LoginState(email: "a@example.com", password: "pw", phase: .editing)
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(initialState: form, service: service, clock: clock)
    await store.send(.submitTapped)
    let request = await service.nextRequest()  // returns once the request reached the service
    request.release(.failure(.serverError))
    await clock.waitUntilIdle()  // returns once the answer reached the store
    #expect(await store.state.phase == .failed(.serverError))
    await store.close()
  }
}
