import Foundation
import LoginFlow
import LoginRuntime
import LoginTesting
import SignIn
import Testing

@Suite struct SignInTests {
  let form = LoginState(email: "a@example.com", password: "Password123!", phase: .editing)

  // docs: tutorial-test
  /// Most app tests live on the main actor: the strict tester runs there too.
  @MainActor @Test func aLoginFromTheMainActor() async throws {
    try await withStrictStoreTester(initialState: form) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      #expect(SignInScreen.lines(for: tester.state).last == "[Logging in…]")
      let session = AuthSession(token: "tok-1")
      await tester.release(try await tester.nextRequest(), .success(session))
      await tester.receive(.effectFinished(.authenticate(1), outcome: .success, duration: .zero))
      await tester.receive(.authResponse(attempt: 1, .success(session))) {
        $0.phase = .succeeded(session)
        $0.password = ""
      }
      #expect(SignInScreen.lines(for: tester.state).first == "Welcome, a@example.com")
    }
  }
  // docs: end

  // docs: tutorial-code-step-test
  /// The server asks for a code: the screen says where it went, and the last digit typed
  /// sends the check, which the test answers with the session.
  @MainActor @Test func aLoginThroughTheCodeStep() async throws {
    let challenge = SecondFactorChallenge(
      id: "challenge-1", method: .sms, destination: "•••• 42", codeLength: 6,
      expiresIn: .seconds(300), resendAfter: .seconds(30))
    try await withStrictStoreTester(initialState: form) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      let login = try await tester.nextRequest()
      await tester.release(login, answer: .success(.secondFactorRequired(challenge)))
      await tester.receive(.effectFinished(.authenticate(1), outcome: .success, duration: .zero))
      let entered = SecondFactorMachine.start(challenge, after: 1).state
      await tester.receive(.secondFactorRequired(attempt: 1, challenge)) {
        $0.phase = .secondFactor(entered)
        $0.password = ""
      }
      #expect(SignInScreen.lines(for: tester.state).first == "We sent a code to •••• 42")

      var checking = entered
      checking.code = "123456"
      checking.step = .checking
      checking.request = 2
      await tester.send(
        .secondFactor(.codeChanged("123456")),
        effects: [.secondFactor(.checkCode(request: 2, challenge: "challenge-1", code: "123456"))]
      ) {
        $0.phase = .secondFactor(checking)
        $0.attempt = 2
      }
      #expect(SignInScreen.lines(for: tester.state).last == "[Checking…]")
      let session = AuthSession(token: "tok-2")
      await tester.release(try await tester.nextRequest(), answer: .success(.session(session)))
      await tester.receive(
        .effectFinished(RequestID(.verifyCode, 2), outcome: .success, duration: .zero))
      await tester.receive(.secondFactor(.verifyAnswer(request: 2, .accepted(session)))) {
        $0.phase = .succeeded(session)
      }
      #expect(SignInScreen.lines(for: tester.state).first == "Welcome, a@example.com")
    }
  }
  // docs: end

  /// The app's own backend and clock: nothing answers, the store's timeout ends the request,
  /// and the final check has nothing left running.
  @Test func theBackendNeverAnswersAndTheTimeoutFires() async {
    let clock = VirtualClock()
    await withStrictStoreTester(initialState: form, service: SilentBackend(), clock: clock) {
      tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.advance(by: .seconds(30))
      await tester.receive(.effectTimedOut(.authenticate(1), duration: .seconds(30)))
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
    }
    #expect(clock.now.offset == .seconds(30))
  }

  /// Fed-back answers are compared by value: a wrong token fails, and the message names the
  /// token field, never either token.
  @Test func aWrongTokenFailsNamingTheFieldNotTheValue() async throws {
    let messages = Recorded()
    try await withStrictStoreTester(initialState: form) { tester in
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.release(try await tester.nextRequest(), .success(AuthSession(token: "tok-1")))
      await tester.receive(.effectFinished(.authenticate(1), outcome: .success, duration: .zero))
      await withKnownIssue {
        await tester.receive(.authResponse(attempt: 1, .success(AuthSession(token: "WRONG"))))
      } matching: { issue in
        messages.add("\(issue)")
        return true
      }
    }
    let text = messages.all.joined(separator: "\n")
    #expect(text.contains("token differs"))
    #expect(!text.contains("tok-1") && !text.contains("WRONG"))
  }

  /// The screen follows the store on a virtual clock, and lets a dropped store go.
  @MainActor @Test func theScreenShowsTheLogin() async {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let screen = SignInScreen(store: store)
    await screen.logIn(email: DemoAuthService.email, password: DemoAuthService.password)
    await store.settle()
    await store.close()
    #expect(await store.state.isLoggedIn)
    #expect(!screen.lines.joined().contains(DemoAuthService.password))
  }
}

/// Messages a test collects from issues, from any thread.
final class Recorded: @unchecked Sendable {
  // @unchecked: `items` is touched only under `lock`.
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}
