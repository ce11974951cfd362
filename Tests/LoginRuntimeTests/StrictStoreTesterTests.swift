import LoginFlow
import LoginRuntime
import LoginTesting
import Testing

/// The strict tester must fail when a test leaves something unasserted or asserts wrongly —
/// including at the end, which `withStrictStoreTester` checks even though no test asks for it.
@Suite("StrictStoreTester", .timeLimit(.minutes(1)))
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
}
