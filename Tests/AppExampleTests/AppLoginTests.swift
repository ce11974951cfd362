import LoginFlow
import LoginRuntime
import LoginTesting
import Testing

/// The app's own backend double for "the server never answers": it parks on a `HeldValue`,
/// so the virtual clock can move on to the store's timeout instead of waiting for it.
struct SilentBackend: AuthService {
  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    _ = await HeldValue<AuthSession>().valueUnlessCancelled()
    throw .unexpected  // cancelled: whatever it returns now, the store drops
  }
}

@Suite struct AppLoginTests {
  let form = LoginState(email: "a@example.com", password: "pw", phase: .editing)

  @Test func timeoutFiresAtThirtySeconds() async throws {
    try await withStrictStoreTester(initialState: form) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      await tester.advance(by: .seconds(30) - .nanoseconds(1))  // nothing yet
      await tester.advance(by: .nanoseconds(1))
      await tester.receive(.effectTimedOut(.authenticate(1), duration: .seconds(30)))
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
      #expect(request.isCancelled)
      await tester.release(request, .success(AuthSession(token: "late")))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .success, duration: .seconds(30)))
    }  // fails here if anything was left unasserted or still running
  }

  @Test func aBackendThatNeverAnswersTimesOut() async {
    let clock = VirtualClock()
    let store = LoginStore(initialState: form, service: SilentBackend(), clock: clock)
    await store.send(.submitTapped)
    await store.settle()  // advances the clock to the timeout, and returns
    #expect(store.currentState.phase == .failed(.timedOut))
    #expect(clock.now.offset == .seconds(30))
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

  @MainActor
  @Test func theViewModelShowsTheAnswerInTheAppsWords() async {
    var strings = LoginStrings.english
    strings.invalidCredentials = "Wrong email or password."
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store, strings: strings)
    model.email = "demo@example.com"
    model.password = "not the password"
    model.logIn()
    await model.sync()  // every action reached the store
    await store.settle()  // the demo service answered, on virtual time
    await model.sync()
    #expect(model.errorMessage == "Wrong email or password.")
    #expect(model.submitTitle == "Log In")
  }
}
