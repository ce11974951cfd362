import LoginFlow
import LoginTestSupport
import LoginTesting
import Testing

@testable import LoginRuntime

/// The store publishes every change of its state as the next version, and nothing else,
/// however it runs the machine: quietly, reporting events, or over a reducer of its own.
@Suite("LoginStore publishing", .hangGuard)
struct SnapshotPublishingTests {
  /// The ways a store can run the machine, each a path of its own through `apply`.
  enum Listening: CaseIterable, CustomTestStringConvertible {
    /// No hook, no stream, no counter.
    case nobody
    /// An `onEvent` hook: the transition is described.
    case hook
    /// An `events()` subscriber, without a hook.
    case stream
    /// LoginFlow's machine given as a reducer function, not run in place.
    case reducer

    var testDescription: String { "\(self)" }

    func store(clock: VirtualClock) -> LoginStore {
      let service = ControllableAuthService()
      switch self {
      case .nobody, .stream:
        return LoginStore(service: service, clock: clock)
      case .hook:
        return LoginStore(service: service, clock: clock, onEvent: { _ in })
      case .reducer:
        return LoginStore(
          service: service, clock: clock, reducer: { reduce($0, $1) }, faults: .none)
      }
    }
  }

  /// Actions that change the state and actions that do not (the same text again, a cancel
  /// with nothing to cancel, a toggle twice), in a random order fixed by the seed.
  static func actions(count: Int, seed: UInt64) -> [LoginAction] {
    var random = SeededGenerator(seed: seed)
    let choices: [LoginAction] = [
      .emailChanged("a"), .emailChanged("a"), .emailChanged("demo@example.com"),
      .emailChanged("\u{E9}"), .emailChanged("e\u{301}"),  // equal, spelled otherwise
      .passwordChanged("pass\u{E9}"), .passwordChanged("passe\u{301}"),
      .passwordChanged("Password123!"), .passwordChanged("Password123!"),
      .passwordChanged(""), .passwordVisibilityToggled, .submitTapped, .cancelTapped,
      .logoutTapped, .reset,
      .authResponse(attempt: 1, .failure(.invalidCredentials)),
      .authResponse(attempt: 2, .success(AuthSession(token: "t"))),
    ]
    return (0..<count).map { _ in choices[Int(random.next() % UInt64(choices.count))] }
  }

  @Test(arguments: Listening.allCases)
  func everyChangeIsTheNextVersionAndNothingElseIsPublished(_ listening: Listening) async {
    let clock = VirtualClock()
    let store = listening.store(clock: clock)
    let events = listening == .stream ? store.events() : nil
    let states = store.states(buffering: .all)
    var expected = [await store.state]
    for action in Self.actions(count: 400, seed: 14) {
      let before = await store.state
      let version = store.latestSnapshot.version
      await store.send(action)
      let after = await store.state
      let changed = after != before
      #expect(store.latestSnapshot.version == version + (changed ? 1 : 0), "\(action)")
      #expect(store.latestSnapshot.state == after, "\(action)")
      #expect(store.currentState == after, "\(action)")
      #expect(Array(store.currentState.email.utf8) == Array(after.email.utf8), "\(action)")
      #expect(
        Array(store.currentState.password.utf8) == Array(after.password.utf8), "\(action)")
      if changed { expected.append(after) }
    }
    await store.close()  // may end a request in flight: one change more
    let closed = await store.state
    if closed != expected.last { expected.append(closed) }
    var published: [LoginState] = []
    for await state in states { published.append(state) }
    #expect(published == expected)
    #expect(expected.count > 100)  // the walk changed the state often, and not always
    _ = events
  }

  /// A text equal to the field's but spelled otherwise (`é` as one scalar, then as `e` and a
  /// combining accent) is no change: no version, nothing streamed. Yet what any thread reads
  /// is the store's state byte for byte, the spelling typed last.
  @Test(arguments: Listening.allCases)
  func anEqualStateSpelledOtherwiseIsReadAsTheStoreHoldsIt(_ listening: Listening) async {
    let store = listening.store(clock: VirtualClock())
    let states = store.states(buffering: .all)
    await store.send(.emailChanged("\u{E9}"))
    let version = store.latestSnapshot.version
    await store.send(.emailChanged("e\u{301}"))
    #expect(store.latestSnapshot.version == version)
    #expect(Array(store.currentState.email.utf8) == Array("e\u{301}".utf8))
    #expect(Array(await store.state.email.utf8) == Array("e\u{301}".utf8))
    await store.close()
    var published: [LoginState] = []
    for await state in states { published.append(state) }
    #expect(published.count == 2, "the first screen and the first email")
  }

  /// Every change is a version of its own, watched or not, and an action that changes
  /// nothing makes none.
  @Test func everyChangeIsAVersionWatchedOrNot() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    #expect(store.latestSnapshot.version == 0)
    await store.send(.emailChanged("a"))
    await store.send(.emailChanged("ab"))
    await store.send(.emailChanged("ab"))
    #expect(store.latestSnapshot.version == 2)
    await store.send(.passwordVisibilityToggled)
    await store.send(.passwordVisibilityToggled)
    #expect(store.latestSnapshot.version == 4)
    #expect(store.currentState == (await store.state))
    let states = store.states(buffering: .all)
    await store.send(.passwordVisibilityToggled)
    await store.close()
    var published: [Bool] = []
    for await state in states { published.append(state.isPasswordVisible) }
    #expect(published == [false, true])
  }

  /// Threads that read the state while the store changes it read only states the store held
  /// (an email that is a prefix of the last one), in order (the email never shrinks and the
  /// version never goes back); ThreadSanitizer, which CI runs this suite under, sees no race.
  @Test func readersOnOtherThreadsReadOnlyStatesTheStoreHeld() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    let final = String(repeating: "abcdefgh", count: 8)
    let reading = Task.detached {
      var longest = 0
      var version = 0
      var reads = 0
      while longest < final.utf8.count {
        let snapshot = store.latestSnapshot
        let email = snapshot.state.email
        guard final.hasPrefix(email), email.utf8.count >= longest, snapshot.version >= version
        else { return false }
        longest = email.utf8.count
        version = snapshot.version
        reads += 1
        if reads.isMultiple(of: 64) { await Task.yield() }
      }
      return true
    }
    var typed = ""
    for character in final {
      typed.append(character)
      await store.send(.emailChanged(typed))
    }
    #expect(await reading.value)
    await store.close()
  }
}
