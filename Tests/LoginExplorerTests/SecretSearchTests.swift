import LoginFlow
import LoginRuntime
import LoginSimulation
import Testing

@testable import LoginExplorer

/// Invariant 6's search: each secret the explored system handles is looked for everywhere
/// text leaves the store, and the typed password only where the user may see it.
@Suite struct SecretSearchTests {
  /// Every secret, shown where none may be, is found: the password a user types, the token the
  /// server issues, the device code. A secret missing from the list would let its leak through.
  @Test(arguments: [
    PasswordSample.valid.text, PasswordSample.wrong.text, DemoAuthService.token,
    ScriptedOutcome.defaultDeviceCodes.deviceCode,
  ])
  func aSecretOnTheScreenIsALeak(_ secret: String) {
    let place = InvariantChecker.leak(
      among: [("screen", "Welcome back, \(secret)!", .typedText)], state: LoginState())
    #expect(place == "screen")
  }

  /// The password the user made visible may show on the screen, and nowhere else.
  @Test func aVisiblePasswordIsAllowedOnTheScreenOnly() {
    let password = PasswordSample.valid.text
    let state = LoginState(password: password, isPasswordVisible: true)
    #expect(
      InvariantChecker.leak(among: [("screen", "pw: \(password)", .typedText)], state: state)
        == nil)
    #expect(
      InvariantChecker.leak(among: [("event", "pw: \(password)", .nothing)], state: state)
        == "event")
  }
}
