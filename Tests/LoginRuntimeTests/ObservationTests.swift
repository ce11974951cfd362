import LoginFlow
import LoginTestSupport
import LoginTesting
import Testing

@testable import LoginRuntime

/// Watching a store: what a stream keeps for a subscriber that does not read, and the
/// synchronous read of the current state.
@Suite("Observing a LoginStore", .hangGuard)
struct ObservationTests {
  static let actions = 100_000

  /// Sends `count` keystrokes, each a new state and a new event.
  private func type(_ count: Int, into store: LoginStore) async {
    for index in 0..<count {
      await store.send(.emailChanged(index.isMultiple(of: 2) ? "a" : "ab"))
    }
  }

  /// Everything `stream` still holds, read after the store closed it.
  private func drain<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
    var held: [Element] = []
    for await element in stream { held.append(element) }
    return held
  }

  @Test func aSubscriberThatNeverReadsHoldsOnlyTheNewestStateByDefault() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    let states = store.states()
    let events = store.events(buffering: .newest)
    await type(Self.actions, into: store)
    let last = await store.state
    await store.close()
    // Flat: one element each, however many actions went by unread.
    #expect(await drain(states) == [last])
    let held = await drain(events)
    #expect(held.count == 1)
    #expect(
      held.first?.kind
        == .transition(
          StoreTransition(
            action: .emailChanged("ab"), before: LoginState(email: "a", phase: .editing),
            after: last, effects: [])))
  }

  @Test func everyValueKeepsEveryStateAndEveryEventInOrder() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    let states = store.states(buffering: .all)
    let events = store.events(buffering: .all)
    await type(1_000, into: store)
    await store.close()
    let seen = await drain(states)
    #expect(seen.count == 1_001, "the initial state, then one per change")
    #expect(seen.first == LoginState())
    #expect(await drain(events).count == 1_000)
  }

  @Test func aNewestOnlySubscriberThatReadsSeesTheLatestStateNeverAnOlderOne() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    var states = store.states().makeAsyncIterator()
    #expect(await states.next() == LoginState())
    await type(10, into: store)
    #expect(await states.next() == LoginState(email: "ab", phase: .editing))
    await store.send(.passwordVisibilityToggled)
    #expect(await states.next()?.isPasswordVisible == true)
    await store.close()
    #expect(await states.next() == nil)
  }

  @MainActor
  @Test func theCurrentStateIsReadSynchronouslyOnTheMainActor() async {
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: ControllableAuthService(),
      clock: VirtualClock())
    #expect(store.currentState == Fixtures.filledForm)  // no await: drawable at once
    await store.send(.submitTapped)
    #expect(store.currentState == Fixtures.submitting(1))
    #expect(store.currentState == (await store.state))
    await store.close()
  }

  @Test func theViewModelObservesOnlyTheNewestState() async {
    #expect(LoginViewModel.observedBuffering == .newest)
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    let snapshots = store.versionedStates(buffering: LoginViewModel.observedBuffering)
    await type(1_000, into: store)
    await store.close()
    let held = await drain(snapshots)
    #expect(held.map(\.version) == [1_000])
  }
}
