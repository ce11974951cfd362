// docs: command-line virtual-time
import LoginFlow
import LoginRuntime
// docs: end
import Synchronization
import Testing

/// The command-line programs of `Docs/Embedding.md`, as written there (the blocks marked
/// `docs:`); `DocumentedCodeTests` checks that the page shows exactly this code.
@Suite struct CommandLineExamples {
  /// The program on the real clock and the demo service: built, not run (it waits 1.5 s).
  func onTheRealClock() async {
    // docs: command-line
    let store = LoginStore(service: DemoAuthService(), onEvent: { print($0) })
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    for await state in store.states() where !state.isLoading {
      print(state.isLoggedIn ? "Logged in" : state.errorMessage ?? "Not logged in")
      break
    }
    await store.close()
    // docs: end
  }

  @Test func onVirtualTimeTheTraceIsTheSameEveryTime() async {
    let printed = Mutex<[String]>([])
    /// What the example prints, kept for the test.
    @Sendable func print(_ item: Any) {
      printed.withLock { $0.append("\(item)") }
    }
    // docs: virtual-time
    let clock = VirtualClock()
    let store = LoginStore(
      service: DemoAuthService(clock: clock), clock: clock, onEvent: { print($0) })
    await store.send(.emailChanged("demo@example.com"))
    await store.send(.passwordChanged("Password123!"))
    await store.send(.submitTapped)
    await store.settle()  // advances the clock to the answer, which is applied when it returns
    print(await store.state.isLoggedIn)
    // docs: end
    #expect(
      printed.withLock { $0 } == [
        #"[0s] transition emailChanged("demo@example.com"): idle -> editing"#,
        "[0s] transition passwordChanged(<redacted> 12 characters): editing -> editing",
        "[0s] transition submitTapped: editing -> submitting(1) [authenticate(1)]",
        "[0s] started authenticate(1)",
        "[1.5s] finished authenticate(1): success after 1.5s",
        "[1.5s] transition authResponse(1, success(AuthSession(token: <redacted>))): "
          + "submitting(1) -> succeeded [save-session]",
        "true",
      ])
  }
}
