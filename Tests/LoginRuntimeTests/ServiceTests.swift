import LoginFlow
import LoginRuntime
import LoginTesting
import Testing

@Suite("Auth services", .timeLimit(.minutes(1)))
struct ServiceTests {
  private struct BackendFailure: Error {}

  private func run(
    _ service: any AuthService, email: String, password: String, clock: VirtualClock,
    advance: Duration
  ) async -> LoginState {
    let store = LoginStore(
      initialState: LoginState(email: email, password: password, phase: .editing),
      service: service, clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: advance)
    let state = await store.state
    await store.close()
    return state
  }

  @Test(arguments: ["demo@example.com", "DEMO@Example.COM", "  demo@example.com\n"])
  func demoAcceptsTheDemoAccountAfterOneAndAHalfSeconds(email: String) async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: LoginState(email: email, password: "Password123!", phase: .editing),
      service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: .milliseconds(1500) - clock.minimumResolution)
    #expect(await store.state.attemptInFlight == 1)
    await clock.advance(by: clock.minimumResolution)
    #expect(await store.state.session == AuthSession(token: DemoAuthService.token))
  }

  @Test(arguments: [
    ("demo@example.com", "password123!"), ("demo@example.com", "Password123! "),
    ("other@example.com", "Password123!"),
  ])
  func demoRejectsEverythingElseAfterOneAndAHalfSeconds(email: String, password: String) async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: LoginState(email: email, password: password, phase: .editing),
      service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: .milliseconds(1500) - clock.minimumResolution)
    #expect(await store.state.attemptInFlight == 1)
    await clock.advance(by: clock.minimumResolution)
    #expect(await store.state.phase == .failed(.invalidCredentials))
  }

  @Test func demoStopsWhenCancelled() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 2)  // the demo's delay and the timeout
    await store.send(.cancelTapped)
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.state.phase == .editing)
  }

  @Test func controllableRecordsCredentialsInOrderAndHandsOutRequestsAsTheyArrive() async {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    async let firstArrival = service.nextRequest()
    await store.send(.submitTapped)
    let first = await firstArrival
    #expect(first.number == 1)
    #expect(!first.isReleased)
    first.release(.failure(.serverError))
    #expect(first.isReleased)
    #expect(!first.release(.success(Fixtures.session)), "a second release is refused")
    await clock.waitUntilIdle()
    await store.send(.emailChanged("second@example.com"))
    await store.send(.submitTapped)
    let second = await service.nextRequest()
    #expect(second.number == 2)
    #expect(service.heldRequests.map(\.number) == [2])
    #expect(service.requests.map(\.credentials.email) == [Fixtures.email, "second@example.com"])
    #expect(!"\(second)".contains(Fixtures.password))
    await store.close()
  }

  @Test func adapterPassesAuthErrorsAndMapsOthersToUnexpected() async {
    let clock = VirtualClock()
    let passes = AdaptedAuthService { _ in throw AuthError.networkUnavailable }
    let maps = AdaptedAuthService { _ in throw BackendFailure() }
    let succeeds = AdaptedAuthService { _ in Fixtures.session }
    let cases: [(any AuthService, LoginPhase)] = [
      (passes, .failed(.networkUnavailable)), (maps, .failed(.unexpected)),
      (succeeds, .succeeded(Fixtures.session)),
    ]
    for (service, phase) in cases {
      let state = await run(
        service, email: Fixtures.email, password: Fixtures.password, clock: clock, advance: .zero)
      #expect(state.phase == phase)
    }
  }

  @Test func adapterTurnsCancellationErrorIntoNoResponseUntilTheTimeout() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in throw CancellationError() }
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: .seconds(10))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(9))
    #expect(await store.state.attemptInFlight == 1, "no response yet")
    await clock.advance(by: .seconds(1))
    #expect(await store.state.phase == .failed(.timedOut))
    #expect(await store.runningAttempts.isEmpty, "the parked call ended when cancelled")
  }

  @Test func adapterNoResponseEndsWhenTheUserCancels() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in throw CancellationError() }
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    await store.send(.cancelTapped)
    await clock.waitUntilIdle()
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.state.phase == .editing)
  }
}
