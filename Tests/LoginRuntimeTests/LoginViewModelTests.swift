import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Observation
import Testing

@MainActor
@Suite("LoginViewModel", .hangGuard)
struct LoginViewModelTests {
  @Test func editsShowAtOnceAndReachTheStoreInOrder() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    #expect(!model.canSubmit)
    for prefix in 1...DemoAuthService.email.count {
      model.email = String(DemoAuthService.email.prefix(prefix))
    }
    model.password = DemoAuthService.password
    #expect(model.email == DemoAuthService.email, "shown before the store has it")
    #expect(model.canSubmit)
    await model.sync()
    #expect(await store.state.email == DemoAuthService.email)
    #expect(await store.state.password == DemoAuthService.password)
    #expect(model.state == (await store.state))
  }

  @Test func signInWithABrowserIsOfferedWhenTheServiceOffersIt() async {
    struct PasswordsOnly: AuthService {
      func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
        throw .invalidCredentials
      }
    }
    let passwords = LoginViewModel(store: LoginStore(service: PasswordsOnly()))
    #expect(!passwords.offersDeviceLogin)
    #expect(!passwords.canSignInWithBrowser)

    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    #expect(model.offersDeviceLogin)
    #expect(model.canSignInWithBrowser)
    model.signInWithBrowser()
    #expect(!model.canSignInWithBrowser)
    await model.sync()
    await clock.advance(by: .milliseconds(1500))
    await model.sync()
    #expect(
      model.state.deviceLogin?.authorization.userCode
        == DemoAuthService.deviceAuthorization.userCode)
    model.cancel()
    await model.sync()
    #expect(model.state.phase == .idle)
    #expect(model.canSignInWithBrowser)
    await store.close()
  }

  @Test func logInThenTheAnswerArrives() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    model.email = "Demo@Example.com"
    model.password = DemoAuthService.password
    model.logIn()
    #expect(model.isLoading)
    #expect(!model.canSubmit)
    await model.sync()
    await clock.advance(by: .milliseconds(1500))
    await model.sync()
    #expect(!model.isLoading)
    #expect(model.isLoggedIn)
    #expect(model.password.isEmpty)
    model.logOut()
    await model.sync()
    #expect(!model.isLoggedIn)
    #expect(model.email == "Demo@Example.com")
  }

  @Test func aPasteLongerThanAFieldIsCutAndFlagged() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    model.password = String(repeating: "p", count: LoginState.maximumPasswordLength + 10)
    #expect(model.password.count == LoginState.maximumPasswordLength)
    #expect(model.passwordLimitReached)
    #expect(!model.emailLimitReached)
    await model.sync()
    #expect(await store.state.passwordLimitReached)
    model.password = "short"
    #expect(!model.passwordLimitReached)
  }

  @Test func showsErrorsAndTheResetSuggestion() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    model.email = "demo@"
    #expect(model.emailError == LoginState.invalidEmailMessage)
    model.email = DemoAuthService.email
    #expect(model.emailError == nil)
    model.password = "wrong"
    for _ in 1...3 {
      model.logIn()
      await model.sync()
      await clock.advance(by: .milliseconds(1500))
      await model.sync()
      #expect(model.errorMessage == AuthError.invalidCredentials.message)
    }
    #expect(model.suggestsPasswordReset)
    model.cancel()
    #expect(model.errorMessage == nil)
  }

  @Test func everyTextComesFromItsCatalog() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store, strings: .pseudo)
    #expect(model.strings == .pseudo)
    #expect(model.submitTitle == LoginStrings.pseudo.logIn)
    model.email = "demo@"
    #expect(model.emailError == LoginStrings.pseudo.invalidEmail)
    model.email = DemoAuthService.email
    model.password = "wrong"
    model.logIn()
    await model.sync()
    await clock.advance(by: DemoAuthService.delay)
    await model.sync()
    #expect(model.errorMessage == LoginStrings.pseudo.invalidCredentials)
    #expect(model.submitTitle == LoginStrings.pseudo.logIn, "not retryable: Log In")
    #expect(LoginViewModel(store: store).errorMessage == AuthError.invalidCredentials.message)
    await store.close()
  }

  @Test func resetShowsTheFirstScreenAtOnceAndCancelsTheRequest() async {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    let model = LoginViewModel(store: store)
    model.logIn()
    await model.sync()
    let request = await service.nextRequest()
    model.reset()
    #expect(model.state == LoginState(attempt: 1), "shown before the store has it")
    await model.sync()
    #expect(await store.state == LoginState(attempt: 1))
    await request.cancellation()
    await store.close()
  }

  @Test func passwordVisibility() async {
    let store = LoginStore(service: ControllableAuthService(), clock: VirtualClock())
    let model = LoginViewModel(store: store)
    model.isPasswordVisible = true
    #expect(model.isPasswordVisible)
    model.isPasswordVisible = true  // no change, no action
    model.togglePasswordVisibility()
    await model.sync()
    #expect(!model.isPasswordVisible)
    #expect(await store.state.isPasswordVisible == false)
  }

  @Test func observeFollowsChangesTheStoreMakesItself() async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    let model = LoginViewModel(store: store)
    #expect(model.state == Fixtures.filledForm)
    let observing = Task { await model.observe() }
    model.logIn()
    await model.sync()
    let request = await service.nextRequest()

    // Wait for the observed change through Observation itself, not by polling.
    await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
      withObservationTracking {
        _ = model.isLoggedIn
      } onChange: {
        changed.resume()
      }
      request.release(.success(Fixtures.session))
    }
    #expect(model.isLoggedIn)  // the change was assigned in the same main-actor turn
    await store.close()
    await observing.value  // the stream ended with the store
  }
}
