import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@Suite("LoginStore streams and close()", .hangGuard)
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

  @Test func closeWithARequestInFlightEndsItAndLeavesTheFormNotASpinner() async throws {
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
    let closed = LoginState(
      email: Fixtures.email, password: Fixtures.password, phase: .editing, attempt: 1)
    #expect(await store.state == closed, "the form a view can show, not submitting")
    #expect(!store.currentState.isLoading)

    // Nothing is applied after close: not a late answer, not a new action, not the timeout.
    // The late answer is reported as dropped.
    request.release(.success(Fixtures.session))
    await clock.advance(by: .seconds(60))
    #expect(await store.send(.cancelTapped) == [])
    #expect(await store.send(.emailChanged("other@example.com")) == [])
    #expect(await store.state == closed)
    #expect(await store.runningAttempts.isEmpty)

    var seen: [LoginState] = []
    for await state in states { seen.append(state) }
    #expect(seen == [Fixtures.filledForm, Fixtures.submitting(1), closed])
    var streamed: [StoreEvent] = []
    for await event in eventStream { streamed.append(event) }
    #expect(
      events.all.map(\.kind).dropFirst(2) == [
        .transition(
          StoreTransition(
            action: .storeClosed, before: Fixtures.submitting(1), after: closed,
            effects: [.cancelAuthentication(attempt: 1)])),
        .effectCancelled(.authenticate(1), duration: .seconds(3)),
        .responseDropped(.authenticate(1), outcome: .success, duration: .seconds(3)),
      ])
    // The streams ended at close; only `onEvent` hears of the late answer.
    #expect(streamed == Array(events.all.dropLast()))

    // A subscriber after close gets the last state, then the end.
    var afterClose: [LoginState] = []
    for await state in store.states() { afterClose.append(state) }
    #expect(afterClose == [closed])
  }

  @Test func closeOutsideSubmittingChangesNoState() async {
    let clock = VirtualClock()
    let events = Recorder<StoreEvent.Kind>()
    let failed = LoginState(
      email: Fixtures.email, password: Fixtures.password, phase: .failed(.serverError))
    let store = LoginStore(
      initialState: failed, service: ControllableAuthService(), clock: clock,
      onEvent: { events.append($0.kind) })
    await store.close()
    #expect(await store.state == failed)
    #expect(events.all.isEmpty, "storeClosed is sent only while submitting")
  }

  @Test func aStoreDroppedWithoutCloseEndsItsStreamsAndItsWork() async {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let (states, events) = await Self.streamsOfADroppedStore(service: service, clock: clock)
    var seen: [LoginState] = []
    for await state in states { seen.append(state) }  // ends: the store is gone
    #expect(seen == [Fixtures.filledForm, Fixtures.submitting(1)])
    var kinds: [StoreEvent.Kind] = []
    for await event in events { kinds.append(event.kind) }
    #expect(kinds.last == .effectStarted(.authenticate(1)))
    let request = await service.nextRequest()
    await request.cancellation()  // its call was cancelled with the store
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 0, "the timer went with the store")
  }

  @Test func aStoreDroppedIdleEndsItsStreams() async {
    var states = Self.statesOfADroppedIdleStore().makeAsyncIterator()
    #expect(await states.next() == LoginState(email: "a", phase: .editing))
    #expect(await states.next() == nil)
  }

  /// The streams of a store that submitted and was then dropped, never closed.
  private static func streamsOfADroppedStore(
    service: ControllableAuthService, clock: VirtualClock
  ) async -> (AsyncStream<LoginState>, AsyncStream<StoreEvent>) {
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    let streams = (store.states(buffering: .all), store.events())
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    return streams
  }

  private static func statesOfADroppedIdleStore() -> AsyncStream<LoginState> {
    let store = LoginStore(
      initialState: LoginState(email: "a", phase: .editing), service: ControllableAuthService())
    return store.states()
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
