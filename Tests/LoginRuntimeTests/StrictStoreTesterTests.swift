import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

/// The strict tester must fail when a test leaves something unasserted or asserts wrongly.
@Suite("StrictStoreTester")
struct StrictStoreTesterTests {
  private func submitted() async -> StrictStoreTester {
    let tester = StrictStoreTester(initialState: Fixtures.filledForm)
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting(attempt: 1)
      $0.attempt = 1
    }
    return tester
  }

  @Test func failsOnAWrongState() async {
    let tester = StrictStoreTester()
    await withKnownIssue {
      await tester.send(.emailChanged("a")) { $0.email = "a" }  // forgot: phase = .editing
    }
  }

  @Test func failsOnUnassertedEffects() async throws {
    let tester = StrictStoreTester(initialState: Fixtures.filledForm)
    await withKnownIssue {
      await tester.send(.submitTapped) {
        $0.phase = .submitting(attempt: 1)
        $0.attempt = 1
      }
    }
    let request = try await tester.nextRequest()
    await tester.send(.cancelTapped, effects: [.cancelAuthentication(attempt: 1)]) {
      $0.phase = .editing
    }
    await tester.release(request, .failure(.serverError))
    await tester.receive(.responseDropped(attempt: 1, outcome: "server-error", duration: .zero))
    await tester.finish()
  }

  @Test func failsWhenAnEffectIsStillRunningAtTheEnd() async {
    let tester = await submitted()
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      "\(issue)".contains("still running")
    }
    await tester.store.close()
  }

  @Test func failsWhenAnEventIsUnassertedAtTheEnd() async throws {
    let tester = await submitted()
    await tester.release(try await tester.nextRequest(), .success(Fixtures.session))
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      "\(issue)".contains("Unasserted events")
    }
  }

  @Test func failsWhenSendingWithEventsUnasserted() async throws {
    let tester = await submitted()
    await tester.advance(by: .seconds(30))
    await withKnownIssue {
      await tester.send(.cancelTapped) { $0.phase = .editing }
    }
    await tester.release(try await tester.nextRequest(), .failure(.serverError))
    await tester.receive(
      .responseDropped(attempt: 1, outcome: "server-error", duration: .seconds(30)))
    await tester.finish()
  }

  @Test func failsOnAWrongReceive() async throws {
    let tester = await submitted()
    await tester.release(try await tester.nextRequest(), .failure(.serverError))
    await withKnownIssue {
      await tester.receive(.effectTimedOut(attempt: 1, duration: .zero))
    }
    await withKnownIssue {
      await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
        $0.phase = .failed(.timedOut)
      }
    }
    await tester.finish()
  }

  @Test func failsWhenNoRequestArrived() async {
    let tester = StrictStoreTester()
    await withKnownIssue {
      _ = try await tester.nextRequest()
    }
  }
}
