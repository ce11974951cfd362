import LoginFlow

/// Where two values a test compares differ, one line per field, without ever printing a
/// secret: a password or a token is named with its length ("password differs: 3 characters,
/// expected 3"), every other field shows both values.
///
/// The tester compares actions, effects and states by value (tokens included) and explains a
/// mismatch with these lines, because the redacted descriptions of two different values can
/// be identical.
enum Difference {
  /// The fields in which `actual` differs from `expected`, read from the state's own mirror
  /// (so a field added to ``LoginState`` is compared here too); the password and the
  /// phase's session by their secrets' lengths.
  static func between(_ actual: LoginState, _ expected: LoginState) -> [String] {
    var lines: [String] = []
    let expectedFields = Dictionary(
      Mirror(reflecting: expected).children.compactMap { child in
        child.label.map { ($0, child.value) }
      },
      uniquingKeysWith: { first, _ in first })
    for child in Mirror(reflecting: actual).children {
      guard let label = child.label else { continue }
      switch label {
      case "password": secret(label, actual.password, expected.password, into: &lines)
      case "phase": phase(actual.phase, expected.phase, into: &lines)
      default:
        let shownActual = shown(child.value)
        let shownExpected = expectedFields[label].map { shown($0) } ?? "nothing"
        if shownActual != shownExpected {
          lines.append("\(label): expected \(shownExpected), got \(shownActual)")
        }
      }
    }
    if lines.isEmpty, actual != expected {
      lines.append("a value differs that no field of the state's mirror shows")
    }
    return lines
  }

  /// The fields in which `actual` differs from `expected`; for actions of different kinds or
  /// visibly different payloads, both redacted descriptions.
  static func between(_ actual: LoginAction, _ expected: LoginAction) -> [String] {
    switch (actual, expected) {
    case (.emailChanged(let a), .emailChanged(let e)):
      return lines { field("email", a, e, into: &$0) }
    case (.passwordChanged(let a), .passwordChanged(let e)):
      return lines { secret("password", a, e, into: &$0) }
    case (.authResponse(let a, let aResult), .authResponse(let e, let eResult)):
      return lines {
        field("attempt", a, e, into: &$0)
        result(aResult, eResult, into: &$0)
      }
    case (.sessionRestored(let a, let aNow), .sessionRestored(let e, let eNow)):
      return lines {
        secret("token", a.token, e.token, into: &$0)
        optionalSecret("refreshToken", a.refreshToken, e.refreshToken, into: &$0)
        field("expiresAt", a.expiresAt, e.expiresAt, into: &$0)
        field("now", aNow, eNow, into: &$0)
      }
    case (
      .secondFactorRequired(let a, let aChallenge), .secondFactorRequired(let e, let eChallenge)
    ):
      return lines {
        field("attempt", a, e, into: &$0)
        challenge(aChallenge, eChallenge, into: &$0)
      }
    case (.secondFactor(.codeChanged(let a)), .secondFactor(.codeChanged(let e))):
      return lines { secret("code", a, e, into: &$0) }
    case (
      .secondFactor(.verifyAnswer(let a, .accepted(let aSession))),
      .secondFactor(.verifyAnswer(let e, .accepted(let eSession)))
    ):
      return lines {
        field("request", a, e, into: &$0)
        session(aSession, eSession, into: &$0)
      }
    case (.deviceLoginStarted(let a, let aCodes), .deviceLoginStarted(let e, let eCodes)):
      return lines {
        field("attempt", a, e, into: &$0)
        authorization(aCodes, eCodes, into: &$0)
      }
    case (
      .deviceLogin(.pollAnswer(let a, .approved(let aSession))),
      .deviceLogin(.pollAnswer(let e, .approved(let eSession)))
    ):
      return lines {
        field("request", a, e, into: &$0)
        session(aSession, eSession, into: &$0)
      }
    case (.emailChanged, _), (.passwordChanged, _), (.passwordVisibilityToggled, _),
      (.submitTapped, _), (.cancelTapped, _), (.logoutTapped, _), (.reset, _),
      (.authResponse, _), (.storeClosed, _), (.sessionRestored, _), (.sessionSaveFailed, _),
      (.secondFactorRequired, _), (.secondFactor, _), (.throttleTicked, _), (.throttleEnded, _),
      (.deviceLoginTapped, _), (.deviceLoginStarted, _), (.deviceLogin, _):
      return actual == expected ? [] : ["expected \(expected), got \(actual)"]
    }
  }

  /// The fields in which `actual` differs from `expected`, effect by effect.
  static func between(_ actual: [LoginEffect], _ expected: [LoginEffect]) -> [String] {
    guard actual.count == expected.count else {
      return ["expected \(expected.count) effects \(expected), got \(actual.count) \(actual)"]
    }
    var lines: [String] = []
    for (index, (a, e)) in zip(actual, expected).enumerated() where a != e {
      let fields: [String]
      switch (a, e) {
      case (
        .authenticate(let aAttempt, let aCredentials), .authenticate(let eAttempt, let eCredentials)
      ):
        fields = Self.lines {
          field("attempt", aAttempt, eAttempt, into: &$0)
          field("email", aCredentials.email, eCredentials.email, into: &$0)
          secret("password", aCredentials.password, eCredentials.password, into: &$0)
        }
      case (.saveSession(let aSession), .saveSession(let eSession)):
        fields = Self.lines { session(aSession, eSession, into: &$0) }
      case (
        .secondFactor(.checkCode(let aRequest, let aChallenge, let aCode)),
        .secondFactor(.checkCode(let eRequest, let eChallenge, let eCode))
      ):
        fields = Self.lines {
          field("request", aRequest, eRequest, into: &$0)
          secret("challenge", aChallenge, eChallenge, into: &$0)
          secret("code", aCode, eCode, into: &$0)
        }
      case (
        .secondFactor(.sendCode(let aRequest, let aChallenge)),
        .secondFactor(.sendCode(let eRequest, let eChallenge))
      ):
        fields = Self.lines {
          field("request", aRequest, eRequest, into: &$0)
          secret("challenge", aChallenge, eChallenge, into: &$0)
        }
      case (
        .deviceLogin(.poll(let aRequest, let aCode)), .deviceLogin(.poll(let eRequest, let eCode))
      ):
        fields = Self.lines {
          field("request", aRequest, eRequest, into: &$0)
          secret("deviceCode", aCode, eCode, into: &$0)
        }
      case (.authenticate, _), (.cancelAuthentication, _), (.saveSession, _), (.clearSession, _),
        (.secondFactor, _), (.scheduleThrottleTick, _), (.scheduleThrottleEnd, _),
        (.authorizeDevice, _), (.deviceLogin, _):
        fields = ["expected \(e), got \(a)"]
      }
      lines += fields.map { "effect \(index + 1): \($0)" }
    }
    return lines
  }

  // MARK: Fields

  /// Device login's codes, field by field, the device code redacted.
  private static func authorization(
    _ actual: DeviceAuthorization, _ expected: DeviceAuthorization, into lines: inout [String]
  ) {
    secret("deviceCode", actual.deviceCode, expected.deviceCode, into: &lines)
    field("userCode", actual.userCode, expected.userCode, into: &lines)
    field("verificationURI", actual.verificationURI, expected.verificationURI, into: &lines)
    field(
      "verificationURIComplete", actual.verificationURIComplete,
      expected.verificationURIComplete, into: &lines)
    field("expiresIn", actual.expiresIn, expected.expiresIn, into: &lines)
    field("interval", actual.interval, expected.interval, into: &lines)
  }

  private static func lines(_ build: (inout [String]) -> Void) -> [String] {
    var lines: [String] = []
    build(&lines)
    return lines
  }

  private static func field<Value: Equatable>(
    _ name: String, _ actual: Value, _ expected: Value, into lines: inout [String]
  ) {
    guard actual != expected else { return }
    lines.append("\(name): expected \(shown(expected)), got \(shown(actual))")
  }

  /// A secret differs: its lengths, never its text.
  private static func secret(
    _ name: String, _ actual: String, _ expected: String, into lines: inout [String]
  ) {
    guard actual != expected else { return }
    lines.append("\(name) differs: \(characters(actual.count)), expected \(expected.count)")
  }

  private static func optionalSecret(
    _ name: String, _ actual: String?, _ expected: String?, into lines: inout [String]
  ) {
    switch (actual, expected) {
    case (let a?, let e?): secret(name, a, e, into: &lines)
    case (nil, nil): break
    case (nil, _?): lines.append("\(name) differs: none, expected one")
    case (_?, nil): lines.append("\(name) differs: one, expected none")
    }
  }

  private static func session(
    _ actual: AuthSession, _ expected: AuthSession, into lines: inout [String]
  ) {
    secret("token", actual.token, expected.token, into: &lines)
    optionalSecret("refreshToken", actual.refreshToken, expected.refreshToken, into: &lines)
    field("expiresIn", actual.expiresIn, expected.expiresIn, into: &lines)
  }

  private static func result(
    _ actual: Result<AuthSession, AuthError>, _ expected: Result<AuthSession, AuthError>,
    into lines: inout [String]
  ) {
    switch (actual, expected) {
    case (.success(let a), .success(let e)): session(a, e, into: &lines)
    case (.failure(let a), .failure(let e)): field("error", a, e, into: &lines)
    case (.success, .failure(let e)): lines.append("result: expected failure(\(e)), got success")
    case (.failure(let a), .success): lines.append("result: expected success, got failure(\(a))")
    }
  }

  private static func phase(
    _ actual: LoginPhase, _ expected: LoginPhase, into lines: inout [String]
  ) {
    switch (actual, expected) {
    case (.succeeded(let a), .succeeded(let e)): session(a, e, into: &lines)
    case (.secondFactor(let a), .secondFactor(let e)):
      challenge(a.challenge, e.challenge, into: &lines)
      secret("code", a.code, e.code, into: &lines)
      field("step", a.step, e.step, into: &lines)
      field("request", a.request, e.request, into: &lines)
      field("rejectedCodes", a.rejectedCodes, e.rejectedCodes, into: &lines)
      field("isExpired", a.isExpired, e.isExpired, into: &lines)
      field("resendIn", a.resendIn, e.resendIn, into: &lines)
    case (.device(let a), .device(let e)):
      authorization(a.authorization, e.authorization, into: &lines)
      field("step", a.step, e.step, into: &lines)
      field("request", a.request, e.request, into: &lines)
      field("interval", a.interval, e.interval, into: &lines)
      field("timeLeft", a.timeLeft, e.timeLeft, into: &lines)
      field("notice", a.notice, e.notice, into: &lines)
    case (.idle, _), (.editing, _), (.submitting, _), (.succeeded, _), (.failed, _),
      (.secondFactor, _), (.device, _):
      field("phase", actual, expected, into: &lines)
    }
  }

  private static func challenge(
    _ actual: SecondFactorChallenge, _ expected: SecondFactorChallenge, into lines: inout [String]
  ) {
    secret("challenge", actual.id, expected.id, into: &lines)
    var a = actual
    a.id = expected.id
    field("challenge", a, expected, into: &lines)
  }

  /// A value as a failure message shows it: its (redacted) description, strings quoted.
  private static func shown<Value>(_ value: Value) -> String {
    if let text = value as? String { return String(reflecting: text) }
    return String(describing: value)
  }

  private static func characters(_ count: Int) -> String {
    "\(count) \(count == 1 ? "character" : "characters")"
  }
}
