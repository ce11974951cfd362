// docs: terminal
import LoginFlow
import LoginRendering
import LoginRuntime

// docs: end

/// Docs/Terminal.md's shortest front end, as written there: built, not run (it talks to the
/// demo service in real time).
func theShortestFrontEnd() async {
  // docs: terminal
  let store = LoginStore(service: DemoAuthService())
  let renderer = TextRenderer()
  let states = store.states()  // subscribed now: the current state, then each change
  let drawing = Task {
    for await state in states {
      print(renderer.render(state))
      if state.isLoggedIn || state.error != nil { break }
    }
  }
  await store.send(.emailChanged("demo@example.com"))
  await store.send(.passwordChanged("Password123!"))
  await store.send(.submitTapped)  // the store runs the request; the stream shows the answer
  await drawing.value
  await store.close()
  // docs: end
}
