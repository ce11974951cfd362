import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@Suite("LoginStore timeouts", .hangGuard)
struct TimeoutTests {
  /// A timeout given to the store (`nil`: none, the default) and the one it must apply.
  struct Row: Sendable, CustomTestStringConvertible {
    var configured: Duration?
    var effective: Duration
    var testDescription: String {
      "\(configured.map { "\($0)" } ?? "default") fires at \(effective)"
    }
  }

  static let day = Duration.seconds(86_400)

  static let rows: [Row] = [
    Row(configured: nil, effective: .seconds(30)),
    Row(configured: .seconds(30), effective: .seconds(30)),
    Row(configured: .seconds(5), effective: .seconds(5)),
    Row(configured: .milliseconds(1), effective: .milliseconds(1)),
    Row(configured: .nanoseconds(1), effective: .nanoseconds(1)),
    Row(configured: day, effective: day),
    // Out of range: clamped to 1 ns … 1 day instead of trapping or firing at once.
    Row(configured: day + .nanoseconds(1), effective: day),
    Row(configured: .seconds(Int64.max), effective: day),
    Row(configured: .zero, effective: .nanoseconds(1)),
    Row(configured: .seconds(-1), effective: .nanoseconds(1)),
    Row(configured: .seconds(Int64.min), effective: .nanoseconds(1)),
  ]

  @Test(arguments: rows)
  func firesExactlyAtTheEffectiveTimeAndNotBefore(_ row: Row) async throws {
    let timeout = row.effective
    try await withStrictStoreTester(
      initialState: Fixtures.filledForm, timeout: row.configured ?? LoginStore.defaultTimeout
    ) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      await tester.advance(by: timeout - tester.clock.minimumResolution)
      #expect(await tester.store.state.attemptInFlight == 1)
      #expect(!request.isCancelled)
      await tester.advance(by: tester.clock.minimumResolution)
      await tester.receive(.effectTimedOut(.authenticate(1), duration: timeout))
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
      #expect(request.isCancelled, "the service sees the cancellation")
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(.responseDropped(.authenticate(1), outcome: .success, duration: timeout))
    }
  }

  @Test(arguments: rows)
  func theStoreReportsItsEffectiveTimeout(_ row: Row) {
    let service = ControllableAuthService()
    let store =
      if let configured = row.configured {
        LoginStore(service: service, timeout: configured)
      } else {
        LoginStore(service: service)
      }
    #expect(store.timeout == row.effective)
    #expect(LoginStore.timeoutRange == .nanoseconds(1)...Self.day)
  }

  /// On the real clock an unclamped `.seconds(Int64.max)` trapped in `Task.sleep` ("Not
  /// enough bits…") as soon as the timer started. Nothing here waits for real time: the
  /// answer is released at once and cancels the (one-day) timer.
  @Test func aHugeTimeoutOnTheContinuousClockDoesNotCrash() async {
    let service = ControllableAuthService()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, timeout: .seconds(Int64.max))
    var states = store.states().makeAsyncIterator()
    await store.send(.submitTapped)
    let request = await service.nextRequest()
    request.release(.success(Fixtures.session))
    while let state = await states.next(), state.phase != .succeeded(Fixtures.session) {}
    #expect(await store.state.phase == .succeeded(Fixtures.session))
    #expect(await store.runningAttempts.isEmpty)
    await store.close()
  }

  @Test func aResponseOneTickEarlierWins() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let request = try await tester.nextRequest()
      let justBefore = Duration.seconds(30) - tester.clock.minimumResolution
      await tester.advance(by: justBefore)
      await tester.release(request, .success(Fixtures.session))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .success, duration: justBefore))
      await tester.receive(.authResponse(attempt: 1, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
      await tester.advance(by: .seconds(1))
      #expect(!request.isCancelled)
    }
  }

  /// ``TieRace`` on a `VirtualClock`.
  private func race(delay: Duration) async -> (LoginState, [StoreEvent.Kind]) {
    let clock = VirtualClock()
    return await TieRace.run(delay: delay, on: clock, driving: clock)
  }

  @Test func onTheClockAResponseDueOneTickBeforeTheTimeoutWins() async {
    let (state, lifecycle) = await race(delay: .seconds(30) - .nanoseconds(1))
    #expect(state.phase == .succeeded(Fixtures.session))
    #expect(
      lifecycle == [
        .effectStarted(.authenticate(1)),
        .effectFinished(
          .authenticate(1), outcome: .success, duration: .seconds(30) - .nanoseconds(1)),
      ])
  }

  @Test func onTheClockTheTimeoutWinsATie() async {
    let (state, lifecycle) = await race(delay: .seconds(30))
    #expect(state.phase == .failed(.timedOut))
    #expect(
      lifecycle == [
        .effectStarted(.authenticate(1)),
        .effectTimedOut(.authenticate(1), duration: .seconds(30)),
        // The cancelled call ends with "no response", which the adapter reports as
        // `unexpected`: the acknowledgement of the cancellation, which is no answer and is
        // not reported.
      ])
  }
}
