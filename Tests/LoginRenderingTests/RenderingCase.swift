import LoginFlow
import LoginRendering
import Testing

/// One golden screen: a state, the options to draw it with, and its reference file name.
struct RenderingCase: Sendable, CustomTestStringConvertible {
  /// The reference file name in `__Snapshots__`, without `.txt`.
  var name: String
  /// The state drawn.
  var state: LoginState
  /// The screen width.
  var width = 40
  /// Whether to draw in ASCII.
  var ascii = false
  /// The spinner frame.
  var spinnerFrame = 0
  /// The texts drawn.
  var strings = LoginStrings.english

  var testDescription: String { name }

  /// The options to draw with.
  func options() throws -> TextRenderer.Options {
    try TextRenderer.Options(width: width, ascii: ascii, spinnerFrame: spinnerFrame)
  }

  /// The screen, as the renderer draws it now.
  func rendered() throws -> String {
    TextRenderer(options: try options(), strings: strings).render(state)
  }
}

/// States reached through `reduce`, as a user would reach them.
enum Screens {
  /// The code step for a code sent by text message, changed by `change`.
  /// The device step: the demo's codes with a `verification_uri_complete`, changed by
  /// `change`.
  static func deviceStep(_ change: (inout DeviceLoginState) -> Void = { _ in }) -> LoginState {
    let codes = DeviceAuthorization(
      deviceCode: "rendering-device-code", userCode: "WDJBMJHT",
      verificationURI: "https://example.com/device",
      verificationURIComplete: "https://example.com/device?code=WDJBMJHT",
      expiresIn: .seconds(900))
    var step = DeviceLoginState(authorization: codes, request: 1)
    change(&step)
    return LoginState(phase: .device(step), attempt: 1)
  }

  static func codeStep(
    method: SecondFactorChallenge.Method = .sms,
    _ change: (inout SecondFactorState) -> Void = { _ in }
  ) -> LoginState {
    let challenge = SecondFactorChallenge(
      id: "rendering-challenge", method: method,
      destination: method == .totp ? nil : "•••• 42")
    var step = SecondFactorState(challenge: challenge, request: 1)
    change(&step)
    return LoginState(email: demoEmail, phase: .secondFactor(step), attempt: 1)
  }

  static let demoEmail = "demo@example.com"
  static let demoPassword = "Password123!"

  /// The state after `actions`, starting from the empty screen.
  static func after(_ actions: [LoginAction], from start: LoginState = LoginState()) -> LoginState {
    actions.reduce(start) { reduce($0, $1).state }
  }

  /// An address pasted twice: one character past the email field's maximum, so it is cut.
  static let overLimitEmail =
    String(repeating: "a", count: LoginState.maximumEmailLength - demoEmail.count) + demoEmail
    + "x"
  /// A password one character past the field's maximum, so it is cut.
  static let overLimitPassword = String(
    repeating: "p", count: LoginState.maximumPasswordLength + 1)

  /// A form filled with the demo credentials.
  static func filled(email: String = demoEmail, password: String = demoPassword) -> LoginState {
    after([.emailChanged(email), .passwordChanged(password)])
  }

  /// A request in flight.
  static let submitting = after([.submitTapped], from: filled())

  /// Logged in.
  static let succeeded = after(
    [.authResponse(attempt: 1, .success(AuthSession(token: "tok-SECRET-TOKEN")))], from: submitting)

  /// The first attempt failed with `error`.
  static func failed(_ error: AuthError) -> LoginState {
    after([.authResponse(attempt: 1, .failure(error))], from: submitting)
  }

  /// A login the server refused for 42 seconds: the throttle has just started.
  static let throttled = failed(.rateLimited(retryAfter: .seconds(42)))

  /// Three wrong passwords in a row: the reset suggestion shows.
  static let resetSuggested: LoginState = {
    var state = filled()
    for attempt in 1...3 {
      state = after(
        [.submitTapped, .authResponse(attempt: attempt, .failure(.invalidCredentials))],
        from: state)
    }
    return state
  }()
}
