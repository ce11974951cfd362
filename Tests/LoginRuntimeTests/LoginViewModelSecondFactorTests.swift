import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

/// The view model's code step: a binding for the code that keeps digits only, the step's
/// texts, its buttons, and the countdown the store's clock drives.
@MainActor
@Suite(.hangGuard)
struct LoginViewModelSecondFactorTests {
  /// A model past the password of the demo's code-step account, its code step shown.
  static func atTheCodeStep() async -> (LoginViewModel, VirtualClock) {
    let clock = VirtualClock()
    let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
    let model = LoginViewModel(store: store)
    #expect(model.secondFactor == nil)
    #expect(model.code == "")
    model.code = "123"  // no code step yet: nothing is sent
    #expect(model.state == LoginState())
    model.email = DemoAuthService.secondFactorEmail
    model.password = DemoAuthService.password
    model.logIn()
    await model.sync()
    await clock.advance(by: DemoAuthService.delay)
    await model.sync()
    return (model, clock)
  }

  @Test func theCodeIsDigitsOnlyAndTheLastDigitChecksIt() async {
    let (model, clock) = await Self.atTheCodeStep()
    #expect(model.secondFactor != nil)
    #expect(model.codeDestination == "Open your authenticator app")
    #expect(model.resendTitle == "Resend code in 0:30")
    #expect(!model.canResend)
    model.code = "12 3-4a5"
    #expect(model.code == "12345", "shown at once, digits only")
    #expect(!model.canVerify)
    model.code = "123456"
    #expect(model.secondFactor?.step == .checking, "the last digit starts the check")
    await model.sync()
    await clock.advance(by: DemoAuthService.delay)
    await model.sync()
    #expect(model.isLoggedIn)
    #expect(model.secondFactor == nil)
  }

  @Test func aWrongCodeShowsItsErrorAndTheCountdownTicks() async {
    let (model, clock) = await Self.atTheCodeStep()
    model.code = "000000"
    await model.sync()
    await clock.advance(by: DemoAuthService.delay)
    await model.sync()
    #expect(model.codeError == "That code is incorrect.")
    #expect(model.code == "")
    #expect(model.resendTitle == "Resend code in 0:29", "28.5 s left after the check's 1.5 s")
    await clock.advance(by: .milliseconds(28_400))
    await model.sync()
    #expect(model.resendTitle == "Resend code in 0:01")
    await clock.advance(by: .milliseconds(100))
    await model.sync()
    #expect(model.resendTitle == "Resend code")
    #expect(model.canResend)
    model.resendCode()
    await model.sync()
    await clock.advance(by: DemoAuthService.delay)
    await model.sync()
    #expect(model.resendTitle == "Resend code in 0:30")
    model.backToLogin()
    await model.sync()
    #expect(model.state.phase == .editing)
    #expect(model.password == "")
  }
}
