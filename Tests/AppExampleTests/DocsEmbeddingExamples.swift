import LoginFlow
import LoginRuntime

/// What a front end draws; stands for the app's own drawing in the examples below.
@Sendable func render(_ state: LoginState) {
  _ = state.phase
}

/// An app's own API client, for the `AdaptedAuthService` example.
struct APIClient: Sendable {
  func logIn(email: String, password: String) async throws -> AuthSession {
    AuthSession(token: "from-the-client")
  }
}

/// Docs/Embedding.md's examples, as written there: built, not run (they talk to the demo
/// service in real time, or read the user's session file).
func observingWithoutHoldingTheStore(_ store: LoginStore) -> StoreObservation {
  // docs: subscribe-first
  let states = store.states()  // subscribed now: nothing is missed
  Task {
    for await state in states { render(state) }  // ends when the store closes or goes away
  }
  // docs: end
  // docs: observe
  let observation = store.observe { state in render(state) }
  // docs: end
  return observation
}

func anAdaptedService(apiClient: APIClient) -> some AuthService {
  // docs: adapted
  let service = AdaptedAuthService { credentials in
    try await apiClient.logIn(email: credentials.email, password: credentials.password)
  }
  // docs: end
  return service
}

func rememberingTheSession() async throws {
  // docs: remember
  let store = LoginStore(
    service: DemoAuthService(),
    sessionStore: FileSessionStore(path: try FileSessionStore.defaultPath()))
  await store.restoreSession()  // logged in at once if a remembered session has not expired
  // docs: end
}
