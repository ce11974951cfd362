import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// The test kit's way for a test double to wait without keeping a `VirtualClock` busy.
@Suite("HeldValue", .hangGuard)
struct HeldValueTests {
  /// A backend that never answers, written as an app would write its own double.
  struct SilentBackend: AuthService {
    func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
      _ = await HeldValue<AuthSession>().valueUnlessCancelled()
      throw .unexpected
    }
  }

  @Test func aBackendThatNeverAnswersReachesTheTimeout() async {
    let clock = VirtualClock()
    let events = Recorder<StoreEvent.Kind>()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: SilentBackend(), clock: clock,
      onEvent: { events.append($0.kind) })
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(30))  // returns: the parked call does not count as work
    #expect(await store.state.phase == .failed(.timedOut))
    await clock.waitUntilIdle()
    #expect(await store.runningAttempts.isEmpty, "the cancelled call ended")
    #expect(events.all.contains(.effectTimedOut(.authenticate(1), duration: .seconds(30))))
    #expect(!events.all.contains { if case .responseDropped = $0 { true } else { false } })
  }

  @Test func releaseWakesTheWaiterBeforeTheClockCanLookIdle() async {
    let clock = VirtualClock()
    let held = HeldValue<Int>()
    let log = Recorder<String>()
    clock.spawn {
      let value = await held.value()
      for _ in 0..<50 { await Task.yield() }
      log.append("got \(value)")
    }
    await clock.waitUntilIdle()  // parked: idle although the task has not ended
    #expect(log.all.isEmpty)
    #expect(held.release(7))
    #expect(!held.release(8), "released once")
    await clock.waitUntilIdle()
    #expect(log.all == ["got 7"])
    #expect(await held.value() == 7, "a later waiter gets it at once")
  }

  @Test func aWaitThatIgnoresCancellationKeepsWaiting() async {
    let clock = VirtualClock()
    let held = HeldValue<String>()
    let task = clock.spawn {
      _ = await held.value()
    }
    await clock.waitUntilIdle()
    task.cancel()
    let unless = Task { await held.valueUnlessCancelled() }
    unless.cancel()
    #expect(await unless.value == nil)
    held.release("late")
    await task.value
    await clock.waitUntilIdle()
  }
}
