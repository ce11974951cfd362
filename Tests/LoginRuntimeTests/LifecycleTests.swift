import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// A service that ignores cancellation and never returns, without telling any clock: the
/// worst backend a store can meet. Its continuations are kept, never resumed.
private struct NeverReturns: AuthService {
  static let parked = Locked<[CheckedContinuation<Void, Never>]>([])

  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    await withCheckedContinuation { continuation in
      Self.parked.withLock { $0.append(continuation) }
    }
    throw .unexpected
  }
}

/// What ends and what does not: `close()` and `settle()` with a service that never returns,
/// a cancelled `settle()`, the clock `settle()` moves, stores and services on different
/// clocks, effects that outlive the task that sent them, and observation that does not keep
/// a store alive.
@Suite("LoginStore lifecycle", .hangGuard)
struct LifecycleTests {
  @Test func closeAbandonsACallThatNeverReturnsAndSettleReturns() async {
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: NeverReturns(), timeout: nil)
    await store.send(.submitTapped)
    #expect(await store.runningAttempts == [1])
    let settling = Task { await store.settle() }
    while await store.settleWaiterCount == 0 { await Task.yield() }
    await store.close()
    await settling.value
    await store.settle()  // closed: at once
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.state.phase == .editing)
  }

  @Test func aCancelledSettleReturnsWhileTheCallRuns() async {
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: NeverReturns(), timeout: nil)
    await store.send(.submitTapped)
    let settling = Task { await store.settle() }
    while await store.settleWaiterCount == 0 { await Task.yield() }
    settling.cancel()
    await settling.value
    #expect(await store.settleWaiterCount == 0)
    #expect(await store.runningAttempts == [1], "only the waiting ended")
    await store.close()
  }

  @Test func aCancelledSettleReturnsWhileAVirtualClockLooksBusy() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: NeverReturns(), clock: clock, timeout: nil)
    await store.send(.submitTapped)
    #expect(!clock.isIdle, "the service suspends without parking: the clock sees it working")
    let settling = Task { await store.settle() }
    settling.cancel()
    await settling.value
    await store.close()
    await store.settle()
    #expect(await store.runningAttempts.isEmpty)
  }

  /// A held call has nothing due: `settle` must not jump to someone else's hour-long sleep.
  @Test func settleMovesTheClockOnlyThroughTheStoresOwnWork() async {
    let clock = VirtualClock()
    let unrelated = Task { try? await clock.sleep(for: .seconds(3600)) }
    while clock.sleeperCount == 0 { await Task.yield() }
    let service = ControllableAuthService()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: nil)
    await store.send(.submitTapped)
    await store.settle()
    #expect(clock.now.offset == .zero, "the hour-long sleeper is not the store's")
    #expect(await store.runningAttempts == [1], "the held call still runs")
    service.requests[0].release(.success(Fixtures.session))
    await store.settle()
    #expect(await store.state.isLoggedIn)
    #expect(clock.now.offset == .zero && clock.sleeperCount == 1)
    unrelated.cancel()
    await unrelated.value
  }

  @Test func aServiceOnAnotherVirtualClockFailsAtOnceInsteadOfHanging() async {
    let storeClock = VirtualClock()
    let serviceClock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: DemoAuthService(clock: serviceClock),
      clock: storeClock)
    await store.send(.submitTapped)
    await store.settle()
    #expect(await store.state.phase == .failed(.unexpected))
    #expect(serviceClock.sleeperCount == 0 && storeClock.now.offset == .zero)
  }

  @Test func aForeignSleepSaysWhatToDo() async {
    let other = VirtualClock()
    let clock = VirtualClock()
    let caught = Locked<(any Error)?>(nil)
    clock.spawn {
      do { try await other.sleep(for: .seconds(1)) } catch { caught.withLock { $0 = error } }
    }
    await clock.waitUntilIdle()
    let error = caught.withLock { $0 }
    #expect(error is VirtualClock.ForeignSleep)
    #expect(
      "\(error.map { "\($0)" } ?? "")".contains("give the store and its service the same clock"))
  }

  /// Effects are unstructured: the request belongs to the store, not to the sending task.
  @Test func cancellingTheSendingTaskDoesNotCancelTheRequest() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: LoginState(
        email: DemoAuthService.email, password: DemoAuthService.password, phase: .editing),
      service: DemoAuthService(clock: clock), clock: clock)
    let sending = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await store.send(.submitTapped)
    }
    await sending.value
    #expect(sending.isCancelled)
    await store.settle()
    #expect(await store.state.isLoggedIn, "the request ran to its answer")
  }

  /// The README's observation pattern: subscribe, then read in a task that does not hold the
  /// store. Dropping the store ends the stream, and the task with it.
  @Test func theReadmeObservationLetsADroppedStoreGoAndItsStreamEnd() async {
    weak var dropped: LoginStore?
    let seen = Locked<[LoginPhase]>([])
    let reading: Task<Void, Never>
    do {
      let store = LoginStore(service: DemoAuthService(clock: VirtualClock()))
      dropped = store
      let states = store.states(buffering: .all)
      reading = Task {
        for await state in states { seen.withLock { $0.append(state.phase) } }
      }
      await store.send(.emailChanged("a"))
    }
    #expect(dropped == nil, "the reading task does not keep the store")
    await reading.value  // the stream ended
    #expect(seen.withLock { $0 } == [.idle, .editing], "from the first state on")
  }

  @Test func anObservationEndsWithItsStoreAndDoesNotKeepIt() async {
    weak var dropped: LoginStore?
    let seen = Locked<[LoginPhase]>([])
    let observation: StoreObservation
    do {
      let store = LoginStore(service: DemoAuthService(clock: VirtualClock()))
      dropped = store
      observation = store.observe(buffering: .all) { state in
        seen.withLock { $0.append(state.phase) }
      }
      await store.send(.emailChanged("a"))
    }
    #expect(dropped == nil)
    await observation.finished()
    #expect(seen.withLock { $0 } == [.idle, .editing])
  }

  @Test func aCancelledObservationStopsCalling() async {
    let store = LoginStore(service: DemoAuthService(clock: VirtualClock()))
    let calls = Locked(0)
    let observation = store.observe { _ in calls.withLock { $0 += 1 } }
    observation.cancel()
    await observation.finished()
    await store.send(.emailChanged("a"))
    #expect(calls.withLock { $0 } <= 1, "at most the first state, read before the cancel")
    await store.close()
  }

  @Test func eventsKeepTheNewestThousandByDefaultAndCountWhatTheyDrop() async {
    let store = LoginStore(service: DemoAuthService(clock: VirtualClock()))
    let events = store.events()  // never read while the actions run
    for index in 0..<(LoginStore.defaultEventBuffer + 500) {
      await store.send(.emailChanged("a\(index)"))
    }
    #expect(store.droppedEventCount == 500)
    await store.close()
    var kept = 0
    var last: StoreEvent?
    for await event in events {
      kept += 1
      last = event
    }
    #expect(kept == LoginStore.defaultEventBuffer)
    #expect(last.map { "\($0)" }?.contains("emailChanged") == true)
  }

  @Test func eventsKeepEveryOneOnRequest() async {
    let store = LoginStore(service: DemoAuthService(clock: VirtualClock()))
    let events = store.events(buffering: .all)
    for index in 0..<(LoginStore.defaultEventBuffer + 500) {
      await store.send(.emailChanged("a\(index)"))
    }
    await store.close()
    var kept = 0
    for await _ in events { kept += 1 }
    #expect(kept == LoginStore.defaultEventBuffer + 500)
    #expect(store.droppedEventCount == 0)
  }
}
