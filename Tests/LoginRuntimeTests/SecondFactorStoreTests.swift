import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// The code step through the real store, with the strict tester: the challenge starts it,
/// its check and resend are requests of the one runner (held, answered, cancelled), and its
/// countdown arrives on the clock only while it shows.
@Suite(.hangGuard)
struct SecondFactorStoreTests {
  static let challenge = SecondFactorChallenge(
    id: "challenge-1", method: .sms, destination: "•••• 42", codeLength: 6,
    expiresIn: .seconds(60), resendAfter: .seconds(2))

  /// The step as `challenge`, asked for by login attempt 1, starts it.
  static let entered = SecondFactorMachine.start(challenge, after: 1).state

  /// Submits the form and answers the login with the challenge.
  static func enter(_ tester: StrictStoreTester) async throws {
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting
      $0.attempt = 1
    }
    let login = try await tester.nextRequest()
    #expect(login.credentials == Fixtures.credentials)
    await tester.release(login, answer: .success(.secondFactorRequired(Self.challenge)))
    await tester.receive(.effectFinished(.authenticate(1), outcome: .success, duration: .zero))
    await tester.receive(.secondFactorRequired(attempt: 1, Self.challenge)) {
      $0.phase = .secondFactor(Self.entered)
      $0.password = ""
    }
  }

  /// Types `code` (complete) into the step `Self.entered` shows, which checks it as request 2;
  /// returns the step checking it.
  static func check(_ code: String, _ tester: StrictStoreTester) async -> SecondFactorState {
    var checking = Self.entered
    checking.code = code
    checking.step = .checking
    checking.request = 2
    await tester.send(
      .secondFactor(.codeChanged(code)),
      effects: [.secondFactor(.checkCode(request: 2, challenge: "challenge-1", code: code))]
    ) {
      $0.phase = .secondFactor(checking)
      $0.attempt = 2
    }
    return checking
  }

  @Test func aCheckIsARequestOfTheRunnerAndARejectionKeepsTheStep() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      try await Self.enter(tester)
      let checking = await Self.check("123456", tester)
      let check = try await tester.nextRequest()
      #expect(check.request == .verifyCode(challenge: "challenge-1", code: "123456"))
      #expect(check.credentials == nil)
      #expect(!"\(check)".contains("123456") && !"\(check)".contains("challenge-1"))
      await tester.release(check, answer: .success(.codeRejected))
      await tester.receive(
        .effectFinished(RequestID(.verifyCode, 2), outcome: .success, duration: .zero))
      var rejected = checking
      rejected.code = ""
      rejected.step = .rejected
      rejected.rejectedCodes = 1
      await tester.receive(.secondFactor(.verifyAnswer(request: 2, .rejected))) {
        $0.phase = .secondFactor(rejected)
      }
      // The countdown: a tick at one second, the end of the cooldown at two; then nothing.
      await tester.advance(by: .seconds(1))
      var ticked = rejected
      ticked.resendIn = .seconds(1)
      await tester.receive(.secondFactor(.countdownTicked)) { $0.phase = .secondFactor(ticked) }
      await tester.advance(by: .seconds(1))
      var over = ticked
      over.resendIn = .zero
      await tester.receive(.secondFactor(.resendAvailable)) { $0.phase = .secondFactor(over) }
      await tester.advance(by: .seconds(30))  // nothing more arrives
      await tester.send(
        .secondFactor(.backTapped),
        effects: [.secondFactor(.cancelExpiry), .secondFactor(.cancelCountdown)]
      ) {
        $0.phase = .editing
      }
    }
  }

  @Test func backDuringACheckCancelsItAndItsLateAnswerIsDropped() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      try await Self.enter(tester)
      _ = await Self.check("654321", tester)
      let check = try await tester.nextRequest()
      await tester.send(
        .secondFactor(.backTapped),
        effects: [
          .secondFactor(.cancelCheck(request: 2)), .secondFactor(.cancelExpiry),
          .secondFactor(.cancelCountdown),
        ]
      ) {
        $0.phase = .editing
      }
      await check.cancellation()
      await tester.release(check, answer: .success(.session(Fixtures.session)))
      await tester.receive(
        .responseDropped(RequestID(.verifyCode, 2), outcome: .success, duration: .zero))
      #expect(await tester.store.state.phase == .editing)
    }
  }

  @Test func aCheckTimesOutLikeALogin() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm, timeout: .seconds(10)) {
      tester in
      try await Self.enter(tester)
      let checking = await Self.check("111111", tester)
      _ = try await tester.nextRequest()
      await tester.advance(by: .seconds(10))
      var ticked = checking
      ticked.resendIn = .seconds(1)
      await tester.receive(.secondFactor(.countdownTicked)) { $0.phase = .secondFactor(ticked) }
      var over = ticked
      over.resendIn = .zero
      await tester.receive(.secondFactor(.resendAvailable)) { $0.phase = .secondFactor(over) }
      await tester.receive(.effectTimedOut(RequestID(.verifyCode, 2), duration: .seconds(10)))
      var failed = over
      failed.step = .failed(.timedOut)
      await tester.receive(.secondFactor(.verifyAnswer(request: 2, .failed(.timedOut)))) {
        $0.phase = .secondFactor(failed)
      }
      await tester.send(
        .secondFactor(.backTapped),
        effects: [.secondFactor(.cancelExpiry), .secondFactor(.cancelCountdown)]
      ) {
        $0.phase = .editing
      }
    }
  }
}
