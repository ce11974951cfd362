/// Every sentence, label and spoken word a login screen shows, in one value: the catalog a
/// front end reads its text from, so that an app can translate it or change its wording.
///
/// ``english`` is the default everywhere. A translation starts from it and changes what it
/// translates; the renderers (`TextRenderer`, `AccessibleScreen`) and `LoginViewModel` take
/// the catalog to use:
///
/// ```swift
/// var german = LoginStrings.english
/// german.title = "Willkommen zurück"
/// german.logIn = "Anmelden"
/// german.invalidCredentials = "E-Mail-Adresse oder Passwort ist falsch."
/// let model = LoginViewModel(store: store, strings: german)
/// ```
///
/// Texts with a number or another text in them are templates: `{maximum}`, `{message}` and
/// `{count}` are replaced when they are shown (``limitReached(_:)``,
/// ``loginErrorAnnouncement(_:)``, ``characterCount(_:)``); keep them in a translation. No
/// text here holds user input; a secret can never come from the catalog.
public struct LoginStrings: Hashable, Sendable {
  // MARK: The screen

  /// The screen's title: `Welcome Back`.
  public var title: String
  /// The line under the title: `Sign in to continue`.
  public var subtitle: String
  /// The email field's name, shown as its placeholder and spoken as its label.
  public var emailLabel: String
  /// The password field's name, shown as its placeholder and spoken as its label.
  public var passwordLabel: String
  /// The toggle while the password is hidden: `Show password`.
  public var showPassword: String
  /// The toggle while the password is shown: `Hide password`.
  public var hidePassword: String
  /// The button: `Log In`.
  public var logIn: String
  /// The button after a failure that may not happen again: `Try Again`.
  public var tryAgain: String
  /// The button after a successful login, for front ends that offer it: `Log Out`.
  public var logOut: String
  /// The button that stops a request in flight, for front ends that offer one: `Cancel`.
  public var cancel: String
  /// What the screen says while a request is in flight, without trailing dots (a renderer
  /// adds its own): `Signing in`.
  public var signingIn: String
  /// What the screen says once the user is logged in: `Login successful`.
  public var loginSuccessful: String
  /// What the screen says under the success line when the session could not be saved for
  /// the next launch: `This login could not be remembered for next time.`
  public var notRemembered: String
  /// The suggestion after repeated wrong passwords: `Forgot your password?`.
  public var forgotPassword: String
  /// The line at the bottom of the screen: `Secure access to your account`.
  public var footer: String
  /// The note under a field whose last change was cut to its maximum length; `{maximum}` is
  /// the number of characters.
  public var limitReachedTemplate: String

  // MARK: Messages

  /// The inline error under an email field that holds something that is not an address.
  public var invalidEmail: String
  /// The message for ``AuthError/invalidCredentials``.
  public var invalidCredentials: String
  /// The message for ``AuthError/networkUnavailable``.
  public var networkUnavailable: String
  /// The message for ``AuthError/serverError``.
  public var serverError: String
  /// The message for ``AuthError/timedOut``.
  public var timedOut: String
  /// The message for ``AuthError/rateLimited(retryAfter:)``.
  public var rateLimited: String
  /// The message for ``AuthError/accountLocked``.
  public var accountLocked: String
  /// The message for ``AuthError/rateLimited(retryAfter:)`` while its throttle runs; `{time}`
  /// is the time left, as `0:42`.
  public var throttledTemplate: String
  /// The submit button while a throttle holds requests; `{time}` is the time left.
  public var retryInTemplate: String
  /// What a screen reader hears once, when a throttle ends: `You can try again now.`
  public var retryAvailable: String
  /// The message for ``AuthError/unexpected``.
  public var unexpected: String
  /// The message for ``AuthError/tooManyCodes``.
  public var tooManyCodes: String
  /// The message for ``AuthError/deviceDenied``.
  public var deviceDenied: String
  /// The message for ``AuthError/deviceCodeExpired``.
  public var deviceCodeExpired: String

  // MARK: Spoken by a screen reader

  /// How a login error is announced; `{message}` is the error's message.
  public var loginErrorTemplate: String
  /// What a logout is announced as: `Logged out`.
  public var loggedOut: String
  /// What the toggle announces once it showed the password: `Password shown`.
  public var passwordShown: String
  /// What the toggle announces once it hid the password: `Password hidden`.
  public var passwordHidden: String
  /// The value of an empty field: `empty`.
  public var emptyValue: String
  /// The length of a hidden password of one character: `1 character`.
  public var oneCharacter: String
  /// The length of a hidden password of `{count}` characters (0 and 1 excepted).
  public var charactersTemplate: String
  /// The role of a title: `heading`.
  public var headingRole: String
  /// The role of fixed text: `text`.
  public var textRole: String
  /// The role of an editable field: `text field`.
  public var textFieldRole: String
  /// The role of a field whose value is hidden: `secure text field`.
  public var secureTextFieldRole: String
  /// The role of something to press: `button`.
  public var buttonRole: String
  /// The role of a message that needs attention: `alert`.
  public var alertRole: String
  /// The trait of something that cannot be used now: `dimmed`.
  public var dimmedTrait: String
  /// The trait of work under way: `busy`.
  public var busyTrait: String
  /// The trait of a value not accepted as it is: `invalid`.
  public var invalidTrait: String

  // MARK: The children

  /// The code step's texts.
  public var codeStep: SecondFactorStrings
  /// The device login step's texts.
  public var device: DeviceLoginStrings

  /// The English texts, the default of every front end. The messages are the core's own:
  /// ``AuthError/message`` and ``LoginState/invalidEmailMessage``.
  public static let english = LoginStrings(
    title: "Welcome Back",
    subtitle: "Sign in to continue",
    emailLabel: "Email address",
    passwordLabel: "Password",
    showPassword: "Show password",
    hidePassword: "Hide password",
    logIn: "Log In",
    tryAgain: "Try Again",
    logOut: "Log Out",
    cancel: "Cancel",
    signingIn: "Signing in",
    loginSuccessful: "Login successful",
    notRemembered: "This login could not be remembered for next time.",
    forgotPassword: "Forgot your password?",
    footer: "Secure access to your account",
    limitReachedTemplate: "Limit reached: {maximum} characters",
    invalidEmail: LoginState.invalidEmailMessage,
    invalidCredentials: AuthError.invalidCredentials.message,
    networkUnavailable: AuthError.networkUnavailable.message,
    serverError: AuthError.serverError.message,
    timedOut: AuthError.timedOut.message,
    rateLimited: AuthError.rateLimited(retryAfter: nil).message,
    accountLocked: AuthError.accountLocked.message,
    throttledTemplate: "Too many attempts. Try again in {time}.",
    retryInTemplate: "Try again in {time}",
    retryAvailable: "You can try again now.",
    unexpected: AuthError.unexpected.message,
    tooManyCodes: AuthError.tooManyCodes.message,
    deviceDenied: AuthError.deviceDenied.message,
    deviceCodeExpired: AuthError.deviceCodeExpired.message,
    loginErrorTemplate: "Login error: {message}",
    loggedOut: "Logged out",
    passwordShown: "Password shown",
    passwordHidden: "Password hidden",
    emptyValue: "empty",
    oneCharacter: "1 character",
    charactersTemplate: "{count} characters",
    headingRole: "heading",
    textRole: "text",
    textFieldRole: "text field",
    secureTextFieldRole: "secure text field",
    buttonRole: "button",
    alertRole: "alert",
    dimmedTrait: "dimmed",
    busyTrait: "busy",
    invalidTrait: "invalid",
    codeStep: .english,
    device: .english
  )

  /// Every text of the catalog passed through `transform`: a pseudo-locale for tests, or one
  /// change of style applied everywhere. A template keeps its placeholders only if
  /// `transform` leaves them as they are.
  public func map(_ transform: (String) -> String) -> LoginStrings {
    LoginStrings(
      title: transform(title),
      subtitle: transform(subtitle),
      emailLabel: transform(emailLabel),
      passwordLabel: transform(passwordLabel),
      showPassword: transform(showPassword),
      hidePassword: transform(hidePassword),
      logIn: transform(logIn),
      tryAgain: transform(tryAgain),
      logOut: transform(logOut),
      cancel: transform(cancel),
      signingIn: transform(signingIn),
      loginSuccessful: transform(loginSuccessful),
      notRemembered: transform(notRemembered),
      forgotPassword: transform(forgotPassword),
      footer: transform(footer),
      limitReachedTemplate: transform(limitReachedTemplate),
      invalidEmail: transform(invalidEmail),
      invalidCredentials: transform(invalidCredentials),
      networkUnavailable: transform(networkUnavailable),
      serverError: transform(serverError),
      timedOut: transform(timedOut),
      rateLimited: transform(rateLimited),
      accountLocked: transform(accountLocked),
      throttledTemplate: transform(throttledTemplate),
      retryInTemplate: transform(retryInTemplate),
      retryAvailable: transform(retryAvailable),
      unexpected: transform(unexpected),
      tooManyCodes: transform(tooManyCodes),
      deviceDenied: transform(deviceDenied),
      deviceCodeExpired: transform(deviceCodeExpired),
      loginErrorTemplate: transform(loginErrorTemplate),
      loggedOut: transform(loggedOut),
      passwordShown: transform(passwordShown),
      passwordHidden: transform(passwordHidden),
      emptyValue: transform(emptyValue),
      oneCharacter: transform(oneCharacter),
      charactersTemplate: transform(charactersTemplate),
      headingRole: transform(headingRole),
      textRole: transform(textRole),
      textFieldRole: transform(textFieldRole),
      secureTextFieldRole: transform(secureTextFieldRole),
      buttonRole: transform(buttonRole),
      alertRole: transform(alertRole),
      dimmedTrait: transform(dimmedTrait),
      busyTrait: transform(busyTrait),
      invalidTrait: transform(invalidTrait),
      codeStep: codeStep.map(transform),
      device: device.map(transform)
    )
  }

  /// The message the screen shows for `error`.
  public func message(for error: AuthError) -> String {
    switch error {
    case .invalidCredentials: invalidCredentials
    case .networkUnavailable: networkUnavailable
    case .serverError: serverError
    case .timedOut: timedOut
    case .rateLimited: rateLimited
    case .accountLocked: accountLocked
    case .unexpected: unexpected
    case .tooManyCodes: tooManyCodes
    case .deviceDenied: deviceDenied
    case .deviceCodeExpired: deviceCodeExpired
    }
  }

  /// The message for `error` with `secondsLeft` of throttle to go: the countdown's form for
  /// a refusal while its throttle runs, ``message(for:)`` otherwise.
  public func message(for error: AuthError, throttledFor secondsLeft: Int?) -> String {
    guard case .rateLimited = error else { return message(for: error) }
    // A refusal always starts a throttle, so one that no longer holds has ended.
    guard let secondsLeft else { return retryAvailable }
    return throttledTemplate.replacing("{time}", with: SecondFactorStrings.clock(secondsLeft))
  }

  /// `Try again in 0:42` while a throttle holds requests in `state`, else `nil`: the title
  /// of whichever button the throttle holds.
  public func throttledTitle(for state: LoginState) -> String? {
    state.retrySecondsLeft.map {
      retryInTemplate.replacing("{time}", with: SecondFactorStrings.clock($0))
    }
  }

  /// The code step's Verify button in `state`: its throttled title while a throttle holds
  /// checks, otherwise ``SecondFactorStrings/verify``.
  public func verifyTitle(for state: LoginState) -> String {
    throttledTitle(for: state) ?? codeStep.verify
  }

  /// The title of the submit button in `state`: `Try again in 0:42` while a throttle holds
  /// requests, ``tryAgain`` after a failure that may not happen again
  /// (``AuthError/isRetryable``), otherwise ``logIn``.
  public func submitTitle(for state: LoginState) -> String {
    if let title = throttledTitle(for: state) { return title }
    return state.error?.isRetryable == true ? tryAgain : logIn
  }

  /// The note under a field cut to `maximum` characters.
  public func limitReached(_ maximum: Int) -> String {
    limitReachedTemplate.replacing("{maximum}", with: String(maximum))
  }

  /// The announcement of a login error whose message is `message`.
  public func loginErrorAnnouncement(_ message: String) -> String {
    loginErrorTemplate.replacing("{message}", with: message)
  }

  /// How many characters a hidden password holds, as spoken: `empty`, `1 character`,
  /// `12 characters`.
  public func characterCount(_ count: Int) -> String {
    switch count {
    case 0: emptyValue
    case 1: oneCharacter
    default: charactersTemplate.replacing("{count}", with: String(count))
    }
  }
}

extension LoginState {
  /// The inline error under the email field, in `strings`: shown for a non-empty invalid
  /// email only (``emailError`` is the English one).
  public func emailError(in strings: LoginStrings) -> String? {
    email.isEmpty || isEmailValid ? nil : strings.invalidEmail
  }

  /// The message for ``error`` in `strings`, after a failed attempt only (``errorMessage``
  /// is the English one).
  public func errorMessage(in strings: LoginStrings) -> String? {
    error.map { strings.message(for: $0, throttledFor: retrySecondsLeft) }
  }

  /// The message for the code step's error in `strings`, with the throttle's countdown when
  /// one runs; `nil` outside the step or while it shows no error.
  public func codeErrorMessage(in strings: LoginStrings) -> String? {
    guard let error = secondFactor?.error else { return nil }
    switch error {
    case .rejected, .expired: return strings.codeStep.message(for: error, in: strings)
    case .failed(let error): return strings.message(for: error, throttledFor: retrySecondsLeft)
    }
  }
}
