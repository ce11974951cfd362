import LoginFlow
import LoginRuntime
import LoginTesting
import Testing

@Suite("LoginStore streams and close()", .timeLimit(.minutes(1)))
struct CloseAndStreamTests {
  @Test func everySubscriberGetsTheCurrentStateThenEveryChangeInOrder() async {
    let clock = VirtualClock()
    let store = LoginStore(service: ControllableAuthService(), clock: clock)
    let early = store.states(buffering: .all)
    await store.send(.emailChanged("a"))
    let late = store.states(buffering: .all)
    await store.send(.emailChanged("ab"))
    await store.send(.passwordVisibilityToggled)
    await store.send(.cancelTapped)  // ignored: no new state
    await store.close()

    var earlyStates: [LoginState] = []
    for await state in early { earlyStates.append(state) }
    var lateStates: [LoginState] = []
    for await state in late { lateStates.append(state) }

    let typedA = LoginState(email: "a", phase: .editing)
    let typedAB = LoginState(email: "ab", phase: .editing)
    var visible = typedAB
    visible.isPasswordVisible = true
    #expect(earlyStates == [LoginState(), typedA, typedAB, visible])
    #expect(lateStates == [typedA, typedAB, visible])
  }

  @Test func closeWithWorkInFlightCancelsEverythingAndAppliesNothingAfter() async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock,
      onEvent: { events.append($0) })
    let states = store.states(buffering: .all)
    let eventStream = store.events()
    await store.send(.submitTapped)
    let request = await service.nextRequest()
    await clock.advance(by: .seconds(3))

    await store.close()
    #expect(request.isCancelled)
    #expect(await store.isClosed)
    #expect(clock.sleeperCount == 0, "the timeout is gone")
    #expect(await store.attemptInFlight == nil)

    // Nothing is applied after close: not a late answer, not a new action, not the timeout.
    request.release(.success(Fixtures.session))
    await clock.advance(by: .seconds(60))
    #expect(await store.send(.cancelTapped) == [])
    #expect(await store.send(.emailChanged("other@example.com")) == [])
    #expect(await store.state == Fixtures.submitting(1))
    #expect(await store.runningAttempts.isEmpty)

    var seen: [LoginState] = []
    for await state in states { seen.append(state) }
    #expect(seen == [Fixtures.filledForm, Fixtures.submitting(1)])
    var streamed: [StoreEvent] = []
    for await event in eventStream { streamed.append(event) }
    #expect(streamed == events.all)
    #expect(
      events.all.map(\.kind).last == .effectCancelled(attempt: 1, duration: .seconds(3)))
    #expect(events.all.count == 3)  // transition, started, cancelled

    // A subscriber after close gets the last state, then the end.
    var afterClose: [LoginState] = []
    for await state in store.states() { afterClose.append(state) }
    #expect(afterClose == [Fixtures.submitting(1)])
  }

  @Test func closeTwiceAndCloseWhenIdleAreHarmless() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    await store.close()
    await store.close()
    #expect(await store.send(.submitTapped) == [])
    #expect(await store.state == LoginState())
  }

  @Test func sendReturnsTheEffectsOfTheAction() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: ControllableAuthService(), clock: clock)
    #expect(await store.send(.submitTapped) == [.authenticate(attempt: 1, Fixtures.credentials)])
    #expect(await store.attemptInFlight == 1)
    #expect(await store.send(.cancelTapped) == [.cancelAuthentication(attempt: 1)])
    #expect(await store.attemptInFlight == nil)
    #expect(await store.runningAttempts == [1], "the held call has not returned yet")
    await store.close()
  }
}
