import LoginFlow

/// A login state as a JSON object, for machine consumers such as `login-replay --format jsonl`.
///
/// The object always has the same keys, sorted, and never holds a secret: the password is
/// given as its length, and as text only while the user has made it visible; a session
/// appears only as `"loggedIn": true`, never its token. The keys, as in `Docs/Rendering.md`:
///
/// | key | value |
/// |---|---|
/// | `attempt` | the id of the most recent auth request (0 before the first) |
/// | `canSubmit` | whether the button is enabled |
/// | `consecutiveInvalidCredentials` | wrong passwords in a row |
/// | `email` | the email field as typed |
/// | `emailError` | the inline email error, or `null` |
/// | `device` | `null`, or the device login step: see ``deviceValue(of:strings:)`` |
/// | `emailLimitReached` | whether the last email change was cut to the maximum length |
/// | `error` | `null`, or `{"message", "name", "retryable"}` of the shown error |
/// | `loading` | whether a request is in flight |
/// | `loggedIn` | whether the phase is `succeeded` |
/// | `password` | the password while visible, else `null` |
/// | `passwordLength` | the password's length in characters |
/// | `passwordLimitReached` | whether the last password change was cut to the maximum length |
/// | `passwordVisible` | the eye toggle |
/// | `phase` | `idle`, `editing`, `submitting`, `succeeded` or `failed` |
/// | `resetSuggested` | whether "Forgot your password?" is shown |
/// | `retryIn` | the throttle left in whole seconds, or `null` while none holds requests |
/// | `secondFactor` | `null`, or the code step: see ``secondFactorValue(of:strings:)`` |
/// | `sessionNotRemembered` | whether the login could not be saved for the next launch |
/// | `submitTitle` | the submit button's title: `Log In`, `Try Again`, `Try again in 0:42` |
public enum StateJSON {
  /// The state's JSON object, to print alone or to embed in a larger object, its messages
  /// in `strings`.
  public static func value(
    of state: LoginState, strings: LoginStrings = .english
  ) -> JSONValue {
    let error: JSONValue =
      if let error = state.error, let message = state.errorMessage(in: strings) {
        .object([
          "message": .string(message),
          "name": .string(error.name),
          "retryable": .bool(error.isRetryable),
        ])
      } else {
        .null
      }
    return .object([
      "attempt": .int(state.attempt),
      "canSubmit": .bool(state.canSubmit),
      "consecutiveInvalidCredentials": .int(state.consecutiveInvalidCredentials),
      "device": deviceValue(of: state, strings: strings),
      "email": .string(state.email),
      "emailError": state.emailError(in: strings).map(JSONValue.string) ?? .null,
      "emailLimitReached": .bool(state.emailLimitReached),
      "error": error,
      "loading": .bool(state.isLoading),
      "loggedIn": .bool(state.isLoggedIn),
      "password": state.isPasswordVisible ? .string(state.password) : .null,
      "passwordLength": .int(state.password.count),
      "passwordLimitReached": .bool(state.passwordLimitReached),
      "passwordVisible": .bool(state.isPasswordVisible),
      "phase": .string(state.phase.kind.rawValue),
      "resetSuggested": .bool(state.suggestsPasswordReset),
      "retryIn": state.retrySecondsLeft.map(JSONValue.int) ?? .null,
      "secondFactor": secondFactorValue(of: state, strings: strings),
      "sessionNotRemembered": .bool(state.sessionNotRemembered),
      "submitTitle": .string(strings.submitTitle(for: state)),
    ])
  }

  /// The code step of `state` as JSON, without the code or the challenge's id (`null`
  /// outside the step): `canResend`, `canVerify`, `codeLength` (the digits the code has),
  /// `digitsEntered`, `error` (`null` or `{"message", "name"}`), `expired`, `method`,
  /// `destination`, `rejectedCodes`, `resendIn` (whole seconds, or `null`) and `step`.
  public static func secondFactorValue(
    of state: LoginState, strings: LoginStrings = .english
  ) -> JSONValue {
    guard let step = state.secondFactor else { return .null }
    let error: JSONValue =
      if let error = step.error, let message = state.codeErrorMessage(in: strings) {
        .object([
          "message": .string(message),
          "name": .string(Self.name(of: error)),
        ])
      } else {
        .null
      }
    return .object([
      "canResend": .bool(step.canResend),
      "canVerify": .bool(step.canVerify),
      "codeLength": .int(step.challenge.codeLength),
      "destination": step.challenge.destination.map(JSONValue.string) ?? .null,
      "digitsEntered": .int(step.code.utf8.count),
      "error": error,
      "expired": .bool(step.isExpired),
      "method": .string(step.challenge.method.rawValue),
      "rejectedCodes": .int(step.rejectedCodes),
      "resendIn": step.resendSecondsLeft.map(JSONValue.int) ?? .null,
      "step": .string(SecondFactorMachine.phase(of: step).rawValue),
    ])
  }

  /// The device login step of `state` as JSON, without the device code (`null` outside the
  /// step): `userCode` (as the server wrote it), `userCodeGrouped` (as the screen shows it),
  /// `verificationURI`, `verificationURIComplete` (or `null`), `expiresIn` and
  /// `pollInterval` (whole seconds), `notice` (`null` or `{"message", "name"}`) and `step`
  /// (`waiting` or `polling`).
  public static func deviceValue(
    of state: LoginState, strings: LoginStrings = .english
  ) -> JSONValue {
    guard let step = state.deviceLogin else { return .null }
    let authorization = step.authorization
    let notice: JSONValue =
      if let error = step.notice {
        .object([
          "message": .string(strings.message(for: error)),
          "name": .string(error.name),
        ])
      } else {
        .null
      }
    return .object([
      "expiresIn": .int(step.secondsLeft),
      "notice": notice,
      "pollInterval": .int(SecondFactorState.wholeSeconds(roundingUp: step.interval)),
      "step": .string(DeviceLoginMachine.phase(of: step).rawValue),
      "userCode": .string(authorization.userCode),
      "userCodeGrouped": .string(DeviceLoginStrings.grouped(authorization.userCode)),
      "verificationURI": .string(authorization.verificationURI),
      "verificationURIComplete": authorization.verificationURIComplete.map(JSONValue.string)
        ?? .null,
    ])
  }

  /// `code-rejected`, `code-expired`, or a login error's name.
  private static func name(of error: SecondFactorError) -> String {
    switch error {
    case .rejected: "code-rejected"
    case .expired: "code-expired"
    case .failed(let error): error.name
    }
  }

  /// The state's JSON text: one line, keys sorted, no whitespace; messages in `strings`.
  public static func text(of state: LoginState, strings: LoginStrings = .english) -> String {
    value(of: state, strings: strings).text
  }
}
