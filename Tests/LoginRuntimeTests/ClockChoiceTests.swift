import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// The clocks a store can run on: no timeout, a timeout on a clock of its own, a virtual
/// clock behind a wrapper, and the tie rule on a virtual and on a real clock.
@Suite("LoginStore clocks", .hangGuard)
struct ClockChoiceTests {
  // MARK: No timeout

  @Test func withoutATimeoutARequestWaitsForItsAnswerHoweverLong() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm, timeout: nil) { tester in
      #expect(tester.store.timeout == nil)
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      await tester.advance(by: .seconds(86_400 * 365))
      #expect(tester.clock.sleeperCount == 0, "no timer at all")
      #expect(!request.isCancelled)
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .success, duration: .seconds(86_400 * 365)))
      await tester.receive(.authResponse(attempt: 1, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
    }
  }

  // MARK: A clock of the timeout's own

  @Test func theTimeoutRunsOnItsOwnClock() async {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock,
      timeoutClock: ContinuousClock())
    await store.send(.submitTapped)
    let request = await service.nextRequest()
    await clock.advance(by: .seconds(60))
    #expect(await store.state.isLoading, "60 virtual seconds are not 30 real ones")
    #expect(clock.sleeperCount == 0, "the timer sleeps on the real clock")
    request.release(.success(Fixtures.session))
    await store.settle()
    #expect(await store.state.isLoggedIn)
  }

  // MARK: An immediate clock

  /// Logs in the demo account on a store whose clock is `clock`, and returns the final state.
  private func logIn(
    _ makeStore: (any AuthService) -> LoginStore, clock: ImmediateClock
  ) async -> LoginState {
    let store = makeStore(DemoAuthService(clock: clock))
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await store.settle()
    await store.close()
    return await store.state
  }

  @Test func anImmediateClockLogsInWithTheTimeoutOnItsOwnClock() async {
    let clock = ImmediateClock()
    let state = await logIn(
      { LoginStore(service: $0, clock: clock, timeoutClock: ContinuousClock()) }, clock: clock)
    #expect(state.isLoggedIn, "the service answered at once; the timeout keeps real time")
  }

  @Test func anImmediateClockLogsInWithoutATimeout() async {
    let clock = ImmediateClock()
    let state = await logIn({ LoginStore(service: $0, clock: clock, timeout: nil) }, clock: clock)
    #expect(state.isLoggedIn)
  }

  // MARK: A virtual clock behind a wrapper

  /// ``TieRace`` on a `WrappedClock`.
  private func race(
    delay: Duration, on clock: WrappedClock
  ) async -> (LoginState, [StoreEvent.Kind]) {
    await TieRace.run(delay: delay, on: clock, driving: clock.base)
  }

  @Test func aWrappedVirtualClockKeepsTheTieRuleDeterministic() async {
    for _ in 0..<20 {
      let (state, lifecycle) = await race(
        delay: .seconds(30), on: WrappedClock(base: VirtualClock()))
      #expect(state.phase == .failed(.timedOut))
      #expect(
        lifecycle == [
          .effectStarted(.authenticate(1)),
          .effectTimedOut(.authenticate(1), duration: .seconds(30)),
        ])
    }
  }

  @Test func aWrappedVirtualClockDeliversAnAnswerOneTickEarlier() async {
    let just = Duration.seconds(30) - .nanoseconds(1)
    let (state, lifecycle) = await race(delay: just, on: WrappedClock(base: VirtualClock()))
    #expect(state.phase == .succeeded(Fixtures.session))
    #expect(
      lifecycle == [
        .effectStarted(.authenticate(1)),
        .effectFinished(.authenticate(1), outcome: .success, duration: just),
      ])
  }

  @Test func settleDrivesAWrappedVirtualClock() async {
    let clock = WrappedClock(base: VirtualClock())
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await store.settle()
    #expect(await store.state.isLoggedIn)
    #expect(clock.base.now.offset == DemoAuthService.delay)
    await store.close()
  }

  // MARK: The tie on a real clock

  /// On `ContinuousClock` an answer and a timeout due at the same instant race: either may
  /// win, and the test does not say which (that would assert timing). What holds whichever
  /// wins: the request ends exactly once, the screen shows the winner, and the loser changes
  /// nothing. Both are due at once (no delay, the shortest timeout), so nothing waits for
  /// real time: the race is between the two tasks alone.
  @Test func onARealClockATieIsARaceThatStillEndsTheRequestOnce() async {
    var outcomes: Set<LoginPhase.Kind> = []
    for _ in 0..<20 {
      let events = Recorder<StoreEvent.Kind>()
      let store = LoginStore(
        initialState: Fixtures.filledForm,
        service: DemoAuthService(delay: .zero), timeout: LoginStore.timeoutRange.lowerBound,
        onEvent: { events.append($0.kind) })
      await store.send(.submitTapped)
      await store.settle()
      let state = await store.state
      let ends = events.all.filter {
        switch $0 {
        case .effectFinished, .effectTimedOut, .effectCancelled: true
        case .transition, .effectStarted, .responseDropped, .sessionSaved, .sessionNotSaved,
          .sessionCleared, .sessionNotCleared, .sessionDiscarded:
          false
        }
      }
      #expect(ends.count == 1, "\(ends)")
      switch ends.first {
      case .effectFinished?:
        // The demo rejects these credentials: the answer was applied.
        #expect(state.phase == .failed(.invalidCredentials))
      case .effectTimedOut?:
        #expect(state.phase == .failed(.timedOut))
      default:
        Issue.record("the request did not end: \(events.all)")
      }
      #expect(await store.runningAttempts.isEmpty)
      outcomes.insert(state.phase.kind)
      await store.close()
    }
    #expect(outcomes == [.failed])
  }
}
