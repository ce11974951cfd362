// docs: embed
import LoginFlow
import LoginRuntime

// docs: end

/// The README's "Embed it" program, as written there: built, not run (it talks to the demo
/// service in real time and keeps printing states).
func readmeExample() async {
  // docs: embed
  let store = LoginStore(service: DemoAuthService())  // or HTTPAuthService, see Docs/HTTP.md
  let states = store.states()  // subscribed now: the current state, then the newest change
  Task {  // holds the stream, not the store: when the store goes, the stream and the task end
    for await state in states {
      print(state.phase, state.errorMessage ?? "", state.canSubmit)
    }
  }
  await store.send(.emailChanged("demo@example.com"))
  await store.send(.passwordChanged("Password123!"))
  await store.send(.submitTapped)  // 1.5 s later: succeeded
  // docs: end
}
