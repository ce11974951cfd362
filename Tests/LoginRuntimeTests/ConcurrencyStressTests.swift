import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

@Suite("LoginStore under concurrency", .hangGuard)
struct ConcurrencyStressTests {
  private static let actions: [LoginAction] = [
    .emailChanged(Fixtures.email), .emailChanged(" \(Fixtures.email) "), .emailChanged("nope"),
    .passwordChanged(Fixtures.password), .passwordChanged(""), .passwordVisibilityToggled,
    .submitTapped, .submitTapped, .submitTapped, .cancelTapped, .logoutTapped,
    .authResponse(attempt: 0, .success(Fixtures.session)),
    .authResponse(attempt: -1, .failure(.serverError)),
  ]

  private static let outcomes: [Result<AuthSession, AuthError>] =
    [.success(Fixtures.session)] + AuthError.allCases.map { .failure($0) }

  @Test func thousandActionsFromFiftyTasksKeepEveryInvariant() async throws {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let checker = InvariantChecker()
    let store = LoginStore(
      service: service, clock: clock, timeout: .seconds(2), onEvent: { checker.observe($0) })
    let states = store.states(buffering: .all)
    let sent = Recorder<Int>()

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<50 {
        group.addTask {
          var random = SeededGenerator(seed: UInt64(task))
          for _ in 0..<20 {
            let action = Self.actions.randomElement(using: &random) ?? .submitTapped
            let effects = await store.send(action)
            sent.append(1)
            for case .authenticate(_, let credentials) in effects {
              #expect(credentials == Fixtures.credentials)
            }
            if Int.random(in: 0..<4, using: &random) == 0,
              let held = service.heldRequests.randomElement(using: &random)
            {
              held.release(Self.outcomes.randomElement(using: &random) ?? .failure(.unexpected))
            }
          }
        }
      }
      group.addTask {
        for _ in 0..<10 { await clock.advance(by: .milliseconds(500)) }
      }
    }

    // Let everything end: answer what is still held, then let every timeout fall due.
    await clock.waitUntilIdle()  // every call started has reached the service
    for request in service.heldRequests {
      request.release(.failure(.serverError))
      await clock.waitUntilIdle()
    }
    await clock.advance(by: .seconds(3))
    #expect(sent.all.count == 1000)
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.attemptInFlight == nil)
    let final = await store.state
    #expect(final.attemptInFlight == nil)
    #expect(final.attempt == checker.startedAttempts.count)
    #expect(checker.startedAttempts.count > 1, "the script exercises several requests")
    #expect(service.requests.count == checker.startedAttempts.count)
    #expect(checker.violations == [])
    #expect(checker.checkEveryRequestEndedOnce() == [])

    await store.close()
    var previous = LoginState()
    for await state in states {
      if case .submitting = state.phase { #expect(state.attemptInFlight == state.attempt) }
      if case .succeeded = state.phase { #expect(state.password.isEmpty) }
      #expect(state.attempt >= previous.attempt)
      previous = state
    }
    #expect(previous == final)
  }
}
