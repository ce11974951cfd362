import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@Suite("StoreEvent", .hangGuard)
struct StoreEventTests {
  @Test func aFullSessionTracesEveryStepWithoutSecrets() async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      service: service, clock: clock, timeout: .seconds(5), onEvent: { events.append($0) })
    await store.send(.emailChanged(Fixtures.email))
    await store.send(.passwordChanged(Fixtures.password))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(5))  // times out
    await store.send(.passwordVisibilityToggled)
    await store.send(.submitTapped)
    await clock.advance(by: .milliseconds(250))
    await store.send(.cancelTapped)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()  // the third call has reached the service
    let requests = service.requests
    try #require(requests.count == 3)
    requests[0].release(.success(AuthSession(token: "stale-\(Fixtures.token)")))
    await clock.waitUntilIdle()  // one release at a time keeps the order deterministic
    requests[1].release(.failure(.serverError))
    await clock.waitUntilIdle()
    await clock.advance(by: .milliseconds(1500))
    requests[2].release(.success(Fixtures.session))
    await clock.waitUntilIdle()
    await store.send(.logoutTapped)
    await store.close()

    let lines = events.all.map(\.description)
    #expect(
      lines == [
        "[0s] transition emailChanged(\"user@example.com\"): idle -> editing",
        "[0s] transition passwordChanged(<redacted> 15 characters): editing -> editing",
        "[0s] transition submitTapped: editing -> submitting(1) [authenticate(1)]",
        "[0s] started authenticate(1)",
        "[5s] timed out authenticate(1) after 5s",
        "[5s] transition authResponse(1, failure(timedOut)): submitting(1) -> failed(timeout)",
        "[5s] transition passwordVisibilityToggled: failed(timeout) -> failed(timeout)",
        "[5s] transition submitTapped: failed(timeout) -> submitting(2) [authenticate(2)]",
        "[5s] started authenticate(2)",
        "[5.25s] transition cancelTapped: submitting(2) -> editing [cancel-authentication(2)]",
        "[5.25s] cancelled authenticate(2) after 0.25s",
        "[5.25s] transition submitTapped: editing -> submitting(3) [authenticate(3)]",
        "[5.25s] started authenticate(3)",
        "[5.25s] dropped late response to authenticate(1): success after 5.25s",
        "[5.25s] dropped late response to authenticate(2): server-error after 0.25s",
        "[6.75s] finished authenticate(3): success after 1.5s",
        "[6.75s] transition authResponse(3, success(AuthSession(token: <redacted>))): "
          + "submitting(3) -> succeeded [save-session]",
        "[6.75s] transition logoutTapped: succeeded -> idle [clear-session]",
      ])
    for line in lines + events.all.map({ String(reflecting: $0) }) {
      #expect(!line.contains(Fixtures.password))
      #expect(!line.contains(Fixtures.token))
    }
  }

  /// A service that stops because it was cancelled throws `unexpected`: that acknowledgement
  /// is no answer and is not reported; any other answer after the cancel is.
  @Test func theAcknowledgementOfACancelIsNotALateAnswer() async throws {
    let clock = VirtualClock()
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      service: DemoAuthService(clock: clock), clock: clock, onEvent: { events.append($0) })
    await store.send(.emailChanged(Fixtures.email))
    await store.send(.passwordChanged(Fixtures.password))
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    await store.send(.cancelTapped)
    await clock.advance(by: .seconds(5))
    #expect(await store.runningAttempts.isEmpty)
    let dropped = events.all.filter { event in
      guard case .responseDropped = event.kind else { return false }
      return true
    }
    #expect(dropped.isEmpty)
  }

  /// Every answer names its request and how it ended, whatever the request asked: what
  /// lets a checker rebuild the action applied. Other actions name none.
  @Test(arguments: [
    (
      LoginAction.authResponse(attempt: 1, .failure(.serverError)), RequestID.authenticate(1),
      AuthOutcome.failure(.serverError)
    ),
    (.secondFactorRequired(attempt: 2, SecondFactorChallenge(id: "c")), .authenticate(2), .success),
    (.secondFactor(.verifyAnswer(request: 3, .rejected)), RequestID(.verifyCode, 3), .success),
    (
      .secondFactor(.verifyAnswer(request: 3, .failed(.timedOut))), RequestID(.verifyCode, 3),
      .failure(.timedOut)
    ),
    (
      .secondFactor(.resendAnswer(request: 4, .success(CodeRenewal()))),
      RequestID(.resendCode, 4), .success
    ),
    (
      .secondFactor(.resendAnswer(request: 4, .failure(.networkUnavailable))),
      RequestID(.resendCode, 4), .failure(.networkUnavailable)
    ),
  ])
  func anAnswerNamesItsRequestAndOutcome(
    _ action: LoginAction, _ request: RequestID, _ outcome: AuthOutcome
  ) {
    let transition = StoreTransition(
      action: action, before: LoginState(), after: LoginState(), effects: [])
    #expect(transition.response?.request == request)
    #expect(transition.response?.outcome == outcome)
    for other: LoginAction in [.submitTapped, .secondFactor(.codeExpired), .storeClosed] {
      #expect(
        StoreTransition(action: other, before: LoginState(), after: LoginState(), effects: [])
          .response == nil)
    }
  }

  @Test func anIgnoredActionIsMarkedSo() {
    let transition = StoreTransition(
      action: .submitTapped, before: LoginState(), after: LoginState(), effects: [])
    #expect(!transition.changedState)
    #expect(transition.description == "submitTapped: idle -> idle (ignored)")
  }

  /// A transition keeps what its action text is made of and formats it when read: the text is
  /// the action's own redacted description, and neither it nor a dump shows a secret. (That
  /// the parts hold no token at all is not visible from outside: the mirrors redact too.)
  @Test(arguments: [
    LoginAction.emailChanged("demo@example.com"), .passwordChanged("Hunter2Secret"),
    .submitTapped,
    .authResponse(
      attempt: 1,
      .success(
        AuthSession(
          token: "TokenSecret77", expiresIn: .seconds(90), refreshToken: "RefreshSecret77"))),
    .authResponse(attempt: 1, .success(AuthSession(token: "TokenSecret77"))),
    .authResponse(attempt: 2, .failure(.rateLimited(retryAfter: .seconds(5)))),
  ])
  func aTransitionDescribesItsActionAsTheActionDoes(_ action: LoginAction) {
    let transition = StoreTransition(
      action: action, before: LoginState(phase: .submitting, attempt: 1),
      after: LoginState(phase: .editing, attempt: 1), effects: [])
    #expect(transition.actionDescription == action.description)
    var dumped = ""
    dump(transition, to: &dumped)
    for secret in ["Hunter2Secret", "TokenSecret77", "RefreshSecret77"] {
      #expect(!dumped.contains(secret), "\(dumped)")
      #expect(!String(reflecting: transition).contains(secret))
    }
  }

  /// A transition labels the phases on both sides, formatted when read (a succeeded phase
  /// without its session); a label set by hand reads back, and two transitions are equal
  /// when their labels read the same.
  @Test func aTransitionLabelsItsPhases() {
    let session = AuthSession(token: "TokenSecret77")
    let labels: [(LoginState, String)] = [
      (LoginState(), "idle"),
      (LoginState(phase: .editing), "editing"),
      (LoginState(phase: .submitting, attempt: 12), "submitting(12)"),
      (LoginState(phase: .succeeded(session)), "succeeded"),
      (LoginState(phase: .failed(.rateLimited(retryAfter: .seconds(3)))), "failed(rate-limited)"),
      (LoginState(phase: .failed(.timedOut)), "failed(timeout)"),
    ]
    for (before, from) in labels {
      for (after, to) in labels {
        var transition = StoreTransition(
          action: .reset, before: before, after: after, effects: [])
        #expect(transition.fromLabel == from)
        #expect(transition.toLabel == to)
        let copy = transition
        transition.fromLabel = from
        transition.toLabel = to
        #expect(transition == copy)
        transition.toLabel = "elsewhere"
        #expect(transition.toLabel == "elsewhere")
        #expect(transition != copy)
      }
    }
  }

  @Test(arguments: [
    (Duration.zero, "0s"), (.seconds(30), "30s"), (.milliseconds(1500), "1.5s"),
    (.milliseconds(1), "0.001s"), (.nanoseconds(1), "0.000000001s"), (.seconds(-2), "-2s"),
  ])
  func timesPrintExactly(duration: Duration, text: String) {
    #expect(
      StoreEvent(time: duration, kind: .effectStarted(.authenticate(1))).description
        == "[\(text)] started authenticate(1)")
  }

  /// A transition counts a new password's characters as the action's own description does
  /// (it reads the UTF-8 length of a password that is ASCII without a carriage return):
  /// `\r\n` is one character of two bytes, and combining marks, emoji and flags are among
  /// the pieces of the random passwords.
  @Test func aTransitionCountsAPasswordsCharactersAsTheActionDoes() {
    let pieces = [
      "a", "Z", "1", " ", "!", "\t", "\n", "\r", "\r\n", "\u{7F}", "\0", "é", "e\u{301}",
      "😀", "👍🏽", "🇫🇷", "中", "\u{200D}",
    ]
    var generator = SeededGenerator(seed: 2026)
    var passwords = pieces + ["", "Password123!", "\r\n\r\n", "a\rb", "\n\r"]
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...12, using: &generator)
      passwords.append(
        (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
    }
    for password in passwords {
      let action = LoginAction.passwordChanged(password)
      let transition = StoreTransition(
        action: action, before: LoginState(), after: LoginState(), effects: [])
      #expect(transition.actionDescription == action.description, "\(password.debugDescription)")
    }
  }
}
