import LoginFlow
import LoginRendering
import Testing

/// The form's "Sign in with a browser" button: drawn only when the front end says the service
/// offers device login, enabled exactly while the tap would start it, in the accessible view
/// too.
@Suite struct DeviceLoginButtonTests {
  static let title = LoginStrings.english.device.heading

  static func renderer(offering: Bool, ascii: Bool = false) -> TextRenderer {
    var options = TextRenderer.Options(ascii: ascii)
    options.offersDeviceLogin = offering
    return TextRenderer(options: options)
  }

  @Test(arguments: [false, true])
  func theFormShowsTheButtonOnlyWhenOffered(_ ascii: Bool) {
    let state = LoginState()
    #expect(!Self.renderer(offering: false, ascii: ascii).render(state).contains(Self.title))
    let screen = Self.renderer(offering: true, ascii: ascii).render(state)
    #expect(screen.contains(Self.title))
    // Under Log In, every line as wide as the others.
    let lines = screen.split(separator: "\n")
    let logIn = lines.firstIndex { $0.contains(LoginStrings.english.logIn) }
    let browser = lines.firstIndex { $0.contains(Self.title) }
    #expect(logIn != nil && browser != nil && logIn! < browser!)
    #expect(Set(lines.map { $0.count }).count == 1)
  }

  @Test func itIsDimmedWhileItCannotStartAndGoneOnceLoggedIn() {
    let renderer = Self.renderer(offering: true)
    let line = { (state: LoginState) in
      renderer.styledLines(state).first { $0.text.contains(Self.title) }
    }
    #expect(line(LoginState())?.style == .plain)
    var throttled = LoginState()
    throttled.retryIn = .seconds(5)
    #expect(line(throttled)?.style == .dimmed)
    var submitting = LoginState(attempt: 1)
    submitting.phase = .submitting
    #expect(line(submitting)?.style == .dimmed)
    var succeeded = LoginState()
    succeeded.phase = .succeeded(AuthSession(token: "t"))
    #expect(line(succeeded) == nil)
  }

  @Test func theAccessibleFormListsItAfterLogIn() {
    let plain = AccessibleScreen.elements(of: LoginState())
    #expect(!plain.contains { $0.label == Self.title })
    let offered = AccessibleScreen.elements(of: LoginState(), offersDeviceLogin: true)
    let index = offered.firstIndex { $0.label == Self.title }
    #expect(index.map { offered[$0].role } == .button)
    #expect(index.map { offered[$0].traits.isEmpty } == true)
    var throttled = LoginState()
    throttled.retryIn = .seconds(5)
    let dimmed = AccessibleScreen.elements(of: throttled, offersDeviceLogin: true)
    #expect(dimmed.first { $0.label == Self.title }?.traits == [.dimmed])
  }
}
