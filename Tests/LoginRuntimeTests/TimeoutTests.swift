import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

@Suite("LoginStore timeouts")
struct TimeoutTests {
  @Test(arguments: [Duration.seconds(30), .seconds(5), .milliseconds(1)])
  func firesExactlyAtTheConfiguredTimeAndNotBefore(timeout: Duration) async throws {
    let tester = StrictStoreTester(initialState: Fixtures.filledForm, timeout: timeout)
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting(attempt: 1)
      $0.attempt = 1
    }
    let request = try await tester.nextRequest()
    await tester.advance(by: timeout - tester.clock.minimumResolution)
    #expect(tester.state.phase == .submitting(attempt: 1))
    #expect(!request.isCancelled)
    await tester.advance(by: tester.clock.minimumResolution)
    await tester.receive(.effectTimedOut(attempt: 1, duration: timeout))
    await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
      $0.phase = .failed(.timedOut)
    }
    #expect(request.isCancelled, "the service sees the cancellation")
    await tester.release(request, .success(Fixtures.session))
    await tester.receive(.responseDropped(attempt: 1, outcome: "success", duration: timeout))
    await tester.finish()
  }

  @Test func aResponseOneTickEarlierWins() async throws {
    let tester = StrictStoreTester(initialState: Fixtures.filledForm)
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting(attempt: 1)
      $0.attempt = 1
    }
    let request = try await tester.nextRequest()
    let justBefore = Duration.seconds(30) - tester.clock.minimumResolution
    await tester.advance(by: justBefore)
    await tester.release(request, .success(Fixtures.session))
    await tester.receive(.effectFinished(attempt: 1, outcome: "success", duration: justBefore))
    await tester.receive(.authResponse(attempt: 1, .success(Fixtures.session))) {
      $0.phase = .succeeded(Fixtures.session)
      $0.password = ""
    }
    await tester.advance(by: .seconds(1))
    #expect(!request.isCancelled)
    await tester.finish()
  }

  /// A service that answers after `delay` on the clock, racing the store's timeout there.
  private func race(delay: Duration) async -> (LoginState, [StoreEvent.Kind]) {
    let clock = VirtualClock()
    let events = Recorder<StoreEvent.Kind>()
    let service = AdaptedAuthService { _ in
      try await clock.sleep(for: delay)
      return Fixtures.session
    }
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock,
      timeout: .seconds(30), onEvent: { events.append($0.kind) })
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(31))
    #expect(await store.runningAttempts.isEmpty)
    return (await store.state, events.all.filter(Self.isLifecycle))
  }

  @Test func onTheClockAResponseDueOneTickBeforeTheTimeoutWins() async {
    let (state, lifecycle) = await race(delay: .seconds(30) - .nanoseconds(1))
    #expect(state.phase == .succeeded(Fixtures.session))
    #expect(
      lifecycle == [
        .effectStarted(attempt: 1),
        .effectFinished(attempt: 1, outcome: "success", duration: .seconds(30) - .nanoseconds(1)),
      ])
  }

  @Test func onTheClockTheTimeoutWinsATie() async {
    let (state, lifecycle) = await race(delay: .seconds(30))
    #expect(state.phase == .failed(.timedOut))
    #expect(
      lifecycle == [
        .effectStarted(attempt: 1),
        .effectTimedOut(attempt: 1, duration: .seconds(30)),
        // The cancelled call ends with "no response", which the adapter reports as
        // `unexpected`; the store drops it.
        .responseDropped(attempt: 1, outcome: "unexpected", duration: .seconds(30)),
      ])
  }

  private static func isLifecycle(_ kind: StoreEvent.Kind) -> Bool {
    if case .transition = kind { return false }
    return true
  }
}
