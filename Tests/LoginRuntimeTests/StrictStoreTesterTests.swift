import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// The strict tester must fail when a test leaves something unasserted or asserts wrongly —
/// including at the end, which `withStrictStoreTester` checks even though no test asks for it.
@Suite("StrictStoreTester", .hangGuard)
struct StrictStoreTesterTests {
  private func submit(_ tester: StrictStoreTester) async {
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting
      $0.attempt = 1
    }
  }

  @Test func failsOnAWrongState() async {
    await withStrictStoreTester { tester in
      await withKnownIssue {
        await tester.send(.emailChanged("a")) { $0.email = "a" }  // forgot: phase = .editing
      }
    }
  }

  @Test func failsOnUnassertedEffects() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await withKnownIssue {
        await tester.send(.submitTapped) {
          $0.phase = .submitting
          $0.attempt = 1
        }
      }
      let request = try await tester.nextRequest()
      await tester.send(.cancelTapped, effects: [.cancelAuthentication(attempt: 1)]) {
        $0.phase = .editing
      }
      await tester.release(request, .failure(.serverError))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .failure(.serverError), duration: .zero))
    }
  }

  /// The body never asks for the final check; the wrapper runs it anyway.
  @Test func failsWhenAnEffectIsStillRunningAtTheEnd() async {
    await withKnownIssue {
      await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
        await submit(tester)
      }
    } matching: { issue in
      "\(issue)".contains("still running")
    }
  }

  @Test func failsWhenAnEventIsUnassertedAtTheEnd() async throws {
    try await withKnownIssue {
      try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
        await submit(tester)
        let request = try await tester.nextRequest()
        await tester.release(request, .success(Fixtures.session))
      }
    } matching: { issue in
      "\(issue)".contains("Unasserted events")
    }
  }

  @Test func failsWhenUsedAfterTheEnd() async {
    let escaped = await withStrictStoreTester { $0 }
    await withKnownIssue {
      await escaped.send(.emailChanged("a")) {
        $0.email = "a"
        $0.phase = .editing
      }
    } matching: { issue in
      "\(issue)".contains("used after withStrictStoreTester returned")
    }
  }

  @Test func failsWhenSendingWithEventsUnasserted() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await submit(tester)
      await tester.advance(by: .seconds(30))
      await withKnownIssue {
        await tester.send(.cancelTapped) { $0.phase = .editing }
      }
      await tester.release(try await tester.nextRequest(), .failure(.serverError))
      await tester.receive(
        .responseDropped(.authenticate(1), outcome: .failure(.serverError), duration: .seconds(30)))
    }
  }

  @Test func failsOnAWrongReceive() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await submit(tester)
      await tester.release(try await tester.nextRequest(), .failure(.serverError))
      await withKnownIssue {
        await tester.receive(.effectTimedOut(.authenticate(1), duration: .zero))
      }
      await withKnownIssue {
        await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
          $0.phase = .failed(.timedOut)
        }
      }
    }
  }

  @Test func failsWhenNoRequestArrived() async {
    await withStrictStoreTester { tester in
      await withKnownIssue {
        _ = try await tester.nextRequest()
      }
    }
  }

  // MARK: Compared by value, explained without secrets

  @Test func aWrongTokenInAReceivedAnswerFailsNamingTheTokenNotItsValue() async throws {
    let messages = Locked<[String]>([])
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      await submit(tester)
      await tester.release(try await tester.nextRequest(), .success(Fixtures.session))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .success, duration: .zero))
      await withKnownIssue {
        await tester.receive(.authResponse(attempt: 1, .success(AuthSession(token: "WRONG")))) {
          $0.phase = .succeeded(AuthSession(token: "WRONG"))
          $0.password = ""
        }
      } matching: { issue in
        messages.withLock { $0.append("\(issue)") }
        return true
      }
    }
    let text = messages.withLock { $0 }.joined(separator: "\n")
    #expect(text.contains("token differs: 15 characters, expected 5"))
    #expect(!text.contains(Fixtures.token) && !text.contains("WRONG"))
  }

  @Test func aWrongPasswordOfTheSameLengthIsADifferenceNotTwoEqualLines() async {
    let messages = Locked<[String]>([])
    await withStrictStoreTester { tester in
      await withKnownIssue {
        await tester.send(.passwordChanged("abc")) {
          $0.password = "xyz"
          $0.phase = .editing
        }
      } matching: { issue in
        messages.withLock { $0.append("\(issue)") }
        return true
      }
    }
    let text = messages.withLock { $0 }.joined(separator: "\n")
    #expect(text.contains("password differs: 3 characters, expected 3"))
    #expect(!text.contains("abc") && !text.contains("xyz"))
  }

  @Test func wrongCredentialsInAnEffectAreNamed() async {
    let messages = Locked<[String]>([])
    await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      let wrong = Credentials(email: Fixtures.email, password: "Correct-Horse-0")
      await withKnownIssue {
        await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, wrong)]) {
          $0.phase = .submitting
          $0.attempt = 1
        }
      } matching: { issue in
        messages.withLock { $0.append("\(issue)") }
        return true
      }
      await tester.send(.cancelTapped, effects: [.cancelAuthentication(attempt: 1)]) {
        $0.phase = .editing
      }
    }
    let text = messages.withLock { $0 }.joined(separator: "\n")
    #expect(text.contains("effect 1: password differs: 15 characters, expected 15"))
    #expect(!text.contains(Fixtures.password) && !text.contains("Correct-Horse-0"))
  }

  // MARK: The app's own service and clock, any isolation, events not asserted

  /// The app's "backend never answers": parked until cancelled, ignoring nothing the store
  /// needs; the timeout ends the request and the final check is satisfied.
  @Test func anAppServiceThatNeverAnswersTimesOutOnTheAppsClock() async {
    struct SilentBackend: AuthService {
      func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
        _ = await HeldValue<AuthSession>().valueUnlessCancelled()
        throw .unexpected
      }
    }
    let clock = VirtualClock()
    await withStrictStoreTester(
      initialState: Fixtures.filledForm, service: SilentBackend(), clock: clock
    ) { tester in
      #expect(tester.clock === clock)
      await submit(tester)
      await tester.advance(by: .seconds(30))
      await tester.receive(.effectTimedOut(.authenticate(1), duration: .seconds(30)))
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
      #expect(tester.requests.isEmpty, "the app's service, not the tester's")
    }
  }

  @MainActor @Test func worksFromTheMainActor() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      MainActor.assertIsolated()
      await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      MainActor.assertIsolated()
      await tester.release(try await tester.nextRequest(), .failure(.serverError))
      await tester.receive(
        .effectFinished(.authenticate(1), outcome: .failure(.serverError), duration: .zero))
      await tester.receive(.authResponse(attempt: 1, .failure(.serverError))) {
        $0.phase = .failed(.serverError)
      }
    }
  }

  /// Device login through the tester: the codes, the first poll with the countdown's tick
  /// at the same instant, and the approval.
  @Test func drivesDeviceLoginFromItsCodesToTheSignIn() async throws {
    let codes = DeviceAuthorization(
      deviceCode: "device-code-secret", userCode: "ABCDEFGH",
      verificationURI: "https://example.com/device", expiresIn: .seconds(2),
      interval: .seconds(1))
    try await withStrictStoreTester(exhaustivity: .off) { tester in
      await tester.send(.deviceLoginTapped, effects: [.authorizeDevice(attempt: 1)]) {
        $0.phase = .submitting
        $0.attempt = 1
      }
      await tester.release(
        try await tester.nextRequest(), answer: .success(.deviceAuthorization(codes)))
      var step = DeviceLoginState(authorization: codes, request: 1)
      await tester.receive(.deviceLoginStarted(attempt: 1, codes)) { $0.phase = .device(step) }
      await tester.advance(by: .seconds(1))
      step.request = 2
      step.step = .polling
      await tester.receive(.deviceLogin(.pollDue)) {
        $0.phase = .device(step)
        $0.attempt = 2
      }
      step.timeLeft = .seconds(1)
      await tester.receive(.deviceLogin(.countdownTicked)) { $0.phase = .device(step) }
      let poll = try await tester.nextRequest()
      #expect(poll.request == .pollDevice(deviceCode: codes.deviceCode))
      await tester.release(poll, .success(Fixtures.session))
      await tester.receive(.deviceLogin(.pollAnswer(request: 2, .approved(Fixtures.session)))) {
        $0.phase = .succeeded(Fixtures.session)
      }
    }
  }

  @Test func withExhaustivityOffLifecycleEventsNeedNoAssertion() async throws {
    try await withStrictStoreTester(
      initialState: Fixtures.filledForm, sessionStore: InMemorySessionStore(), exhaustivity: .off
    ) { tester in
      await submit(tester)
      await tester.release(try await tester.nextRequest(), .success(Fixtures.session))
      // effectFinished and sessionSaved go unasserted
      await tester.receive(.authResponse(attempt: 1, .success(Fixtures.session))) {
        $0.phase = .succeeded(Fixtures.session)
        $0.password = ""
      }
      await tester.send(.logoutTapped, effects: [.clearSession]) { $0.phase = .idle }
      await tester.receive(.sessionCleared)  // may still be asserted
    }
  }

  @Test func withExhaustivityOffAFedBackActionMustStillBeReceived() async throws {
    try await withKnownIssue {
      try await withStrictStoreTester(initialState: Fixtures.filledForm, exhaustivity: .off) {
        tester in
        await submit(tester)
        await tester.release(try await tester.nextRequest(), .failure(.serverError))
      }
    } matching: { issue in
      "\(issue)".contains("Unasserted events") && "\(issue)".contains("authResponse")
    }
  }
}
