import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// `settle()`: awaiting everything the actions sent so far started.
@Suite("LoginStore settle", .hangGuard)
struct SettleTests {
  @Test func settleOnAVirtualClockAppliesTheAnswer() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await store.settle()
    #expect(await store.state.isLoggedIn)
    #expect(clock.now.offset == DemoAuthService.delay, "moved to the answer, no further")
    #expect(await store.runningAttempts.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  @Test func settleReachesTheTimeoutOfABackendThatNeverAnswers() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in throw CancellationError() }  // no response
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: .seconds(10))
    await store.send(.submitTapped)
    await store.settle()
    #expect(await store.state.phase == .failed(.timedOut))
    #expect(clock.now.offset == .seconds(10))
    #expect(await store.runningAttempts.isEmpty)
  }

  /// A call whose work falls due at two deadlines (a backend that retries a slow first try):
  /// `settle` goes round again after the first advance, until nothing of the store runs.
  @Test func settleGoesRoundUntilWorkOfSeveralDeadlinesHasEnded() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(1))
      return Fixtures.session
    }
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: .seconds(10))
    await store.send(.submitTapped)
    await store.settle()
    #expect(await store.state.isLoggedIn)
    #expect(clock.now.offset == .seconds(2))
    #expect(await store.runningAttempts.isEmpty)
  }

  @Test func settleWaitsForACancelledCallToReturn() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await store.send(.cancelTapped)
    await store.settle()
    #expect(await store.runningAttempts.isEmpty)
    #expect(clock.now == .zero, "the cancelled call returned without time passing")
    #expect(await store.state.phase == .editing)
  }

  @Test func settleWithNothingRunningReturnsAtOnce() async {
    let clock = VirtualClock()
    let store = LoginStore(service: ControllableAuthService(), clock: clock)
    await store.settle()
    #expect(clock.now == .zero)
  }

  @Test func settleStopsAtWorkThatWaitsForTheTest() async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: nil)
    await store.send(.submitTapped)
    await store.settle()  // nothing is due: the held request waits for the test
    #expect(await store.runningAttempts == [1])
    let request = await service.nextRequest()
    request.release(.success(Fixtures.session))
    await store.settle()
    #expect(await store.state.isLoggedIn)
  }

  @Test func settleOnARealClockWaitsForTheAnswer() async {
    let service = ControllableAuthService()
    let store = LoginStore(initialState: Fixtures.filledForm, service: service)
    await store.send(.submitTapped)
    let settled = Task { await store.settle() }
    let request = await service.nextRequest()
    request.release(.failure(.serverError))
    await settled.value
    #expect(await store.state.phase == .failed(.serverError))
    #expect(await store.runningAttempts.isEmpty)
  }
}
