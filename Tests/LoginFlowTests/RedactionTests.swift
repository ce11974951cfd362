import Testing

@testable import LoginFlow

@Suite("Redaction")
struct RedactionTests {
  static let password = "Sup3r-Secret-PW"
  static let token = "eyJ-TOKEN-SECRET"
  static let refresh = "REFRESH-SECRET-TOKEN"
  static let session = AuthSession(token: token, expiresIn: .seconds(60), refreshToken: refresh)
  static let credentials = Credentials(email: "demo@example.com", password: password)
  static let code = "918273"
  static let challengeID = "CHALLENGE-SECRET-ID"
  static let challenge = SecondFactorChallenge(
    id: challengeID, method: .sms, destination: "•••• 42")
  /// The code step with a code typed, checking it.
  static let codeStep: SecondFactorState = {
    var step = SecondFactorState(challenge: challenge, request: 1)
    step.code = code
    step.step = .checking
    return step
  }()

  static let deviceCode = "DEVICE-CODE-SECRET"
  static let deviceCodes = DeviceAuthorization(
    deviceCode: deviceCode, userCode: "WDJBMJHT", verificationURI: "https://example.com/device",
    expiresIn: .seconds(900))
  /// The device step with a poll in flight.
  static let deviceStep: DeviceLoginState = {
    var step = DeviceLoginState(authorization: deviceCodes, request: 5)
    step.step = .polling
    return step
  }()

  /// Every way Swift turns a value into text.
  static func renderings(of value: any Sendable) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return [
      "\(value)", String(describing: value), String(reflecting: value), dumped,
      "\([value])", "\(Optional(value) as Any)",
    ]
  }

  static let states: [LoginState] = LoginPhase.Kind.allCases.flatMap { kind -> [LoginState] in
    let phase: LoginPhase =
      switch kind {
      case .idle: .idle
      case .editing: .editing
      case .submitting: .submitting
      case .succeeded: .succeeded(session)
      case .failed: .failed(.invalidCredentials)
      case .secondFactor: .secondFactor(codeStep)
      case .device: .device(deviceStep)
      }
    return [false, true].map {
      LoginState(
        email: "demo@example.com", password: password, isPasswordVisible: $0, phase: phase,
        attempt: 1)
    }
  }

  static let actions: [LoginAction] =
    [
      .emailChanged("demo@example.com"), .passwordChanged(password), .passwordVisibilityToggled,
      .submitTapped, .cancelTapped, .logoutTapped, .reset,
      .authResponse(attempt: 1, .success(session)), .storeClosed,
      .sessionRestored(stored, now: .epoch), .sessionSaveFailed,
      .secondFactorRequired(attempt: 1, challenge), .secondFactor(.codeChanged(code)),
      .secondFactor(.verifyAnswer(request: 2, .accepted(session))), .throttleTicked,
      .throttleEnded, .deviceLoginTapped, .deviceLoginStarted(attempt: 4, deviceCodes),
      .deviceLogin(.pollAnswer(request: 5, .approved(session))),
    ] + AuthError.allCases.map { .authResponse(attempt: 1, .failure($0)) }

  static let effects: [LoginEffect] =
    [
      .authenticate(attempt: 1, credentials), .cancelAuthentication(attempt: 1),
      .saveSession(session), .clearSession, .scheduleThrottleTick(after: .seconds(1)),
      .scheduleThrottleEnd(after: .seconds(1)),
    ]
    + [
      .checkCode(request: 2, challenge: challengeID, code: code), .cancelCheck(request: 2),
      .sendCode(request: 3, challenge: challengeID), .cancelSend(request: 3),
      .scheduleExpiry(after: .seconds(300)), .cancelExpiry,
      .scheduleCountdown(.countdownTicked, after: .seconds(1)), .cancelCountdown,
    ].map(LoginEffect.secondFactor)
    + [.authorizeDevice(attempt: 4)]
    + [
      .poll(request: 5, deviceCode: deviceCode), .cancelPoll(request: 5),
      .schedulePoll(after: .seconds(5)), .cancelScheduledPoll,
      .scheduleCountdown(.countdownTicked, after: .seconds(1)), .cancelCountdown,
    ].map(LoginEffect.deviceLogin)

  static let stored = StoredSession(
    token: token, refreshToken: refresh, expiresAt: Timestamp(secondsSinceEpoch: 604_801))

  static let values: [(String, any Sendable)] =
    [
      ("credentials", credentials), ("session", session), ("phase", LoginPhase.succeeded(session)),
      ("stored session", stored), ("challenge", challenge), ("code step", codeStep),
      ("check request", AuthRequest.verifyCode(challenge: challengeID, code: code)),
      ("resend request", AuthRequest.resendCode(challenge: challengeID)),
      ("challenge answer", AuthAnswer.secondFactorRequired(challenge)),
      ("device codes", deviceCodes), ("device step", deviceStep),
      ("poll request", AuthRequest.pollDevice(deviceCode: deviceCode)),
      ("device codes answer", AuthAnswer.deviceAuthorization(deviceCodes)),
      ("approved poll answer", AuthAnswer.devicePoll(.approved(session))),
    ]
    + states.map { ("state \($0.phase.kind) visible=\($0.isPasswordVisible)", $0) }
    + actions.map { ("action \($0.kind)", $0) }
    + effects.map { ("effect \($0.kind)", $0) }
    + [("effect list", effects), ("reduce result", reduce(states[2], .submitTapped))]

  @Test("no textual form of any value shows the password or a token")
  func nothingLeaks() {
    // The action and effect lists cover every kind, so a new kind is rendered here too.
    #expect(Set(Self.actions.map(\.kind)) == Set(LoginAction.Kind.allCases))
    #expect(Set(Self.effects.map(\.kind)) == Set(LoginEffect.Kind.allCases))
    #expect(Set(Self.states.map(\.phase.kind)) == Set(LoginPhase.Kind.allCases))
    for (name, value) in Self.values {
      for text in Self.renderings(of: value) {
        #expect(!text.contains(Self.password), "\(name) shows the password: \(text)")
        #expect(!text.contains(Self.token), "\(name) shows the token: \(text)")
        #expect(!text.contains(Self.refresh), "\(name) shows the refresh token: \(text)")
        #expect(!text.contains(Self.code), "\(name) shows the code: \(text)")
        #expect(!text.contains(Self.challengeID), "\(name) shows the challenge: \(text)")
        #expect(!text.contains(Self.deviceCode), "\(name) shows the device code: \(text)")
      }
    }
  }

  @Test("descriptions still say what they describe")
  func descriptionsAreUseful() {
    #expect(
      "\(Self.credentials)" == "Credentials(email: \"demo@example.com\", password: <redacted>)")
    #expect(
      "\(Self.session)"
        == "AuthSession(token: <redacted>, expiresIn: 60.0 seconds, refreshToken: <redacted>)")
    #expect("\(LoginEffect.cancelAuthentication(attempt: 3))" == "cancelAuthentication(3)")
    #expect("\(LoginAction.passwordChanged("abc"))" == "passwordChanged(<redacted> 3 characters)")
    #expect("\(LoginPhase.failed(.timedOut))" == "failed(timedOut)")
    let state = LoginState(
      email: "a@b.co", password: "abc", phase: .submitting, attempt: 2)
    #expect(
      "\(state)"
        == "LoginState(email: \"a@b.co\", password: <redacted> 3 characters, isPasswordVisible: false, phase: submitting(2), attempt: 2, consecutiveInvalidCredentials: 0, emailLimitReached: false, passwordLimitReached: false, sessionNotRemembered: false, retryIn: 0.0 seconds)"
    )
  }

  @Test("a remembered session and its restoring say when it expires, never its tokens")
  func storedSessionDescriptions() {
    #expect(
      "\(Self.stored)"
        == "StoredSession(token: <redacted>, refreshToken: <redacted>, expiresAt: 1970-01-08T00:00:01Z)"
    )
    #expect(
      "\(LoginAction.sessionRestored(Self.stored, now: .epoch))"
        == "sessionRestored(StoredSession(token: <redacted>, refreshToken: <redacted>, "
        + "expiresAt: 1970-01-08T00:00:01Z), now: 1970-01-01T00:00:00Z)")
    #expect(
      "\(LoginEffect.saveSession(Self.session))".hasPrefix(
        "saveSession(AuthSession(token: <redacted>"))
    #expect("\(LoginEffect.clearSession)" == "clearSession")
  }

  @Test("the redaction test would catch a leak")
  func detectorWorks() {
    struct Leaky { var password = RedactionTests.password }
    #expect(Self.renderings(of: Leaky()).allSatisfy { $0.contains(Self.password) })
  }
}

@Suite("Redaction wording")
struct RedactionWordingTests {
  @Test("a hidden length reads as English")
  func singular() {
    #expect("\(LoginAction.passwordChanged("a"))" == "passwordChanged(<redacted> 1 character)")
    #expect("\(LoginAction.passwordChanged(""))" == "passwordChanged(<redacted> 0 characters)")
    #expect("\(LoginState(password: "x"))".contains("password: <redacted> 1 character, "))
  }
}

@Suite("Quoted texts in descriptions")
struct QuotedTextTests {
  @Test("an email is quoted in a description as String(reflecting:) quotes it")
  func emailsAreQuotedAsReflecting() {
    var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    texts += ["", "demo@example.com", "a\"b", "a\\b", "tab\there", "é", "日本", "\u{7F}"]
    for text in texts {
      #expect(
        LoginAction.emailChanged(text).description == "emailChanged(\(String(reflecting: text)))")
    }
  }
}
