import LoginFlow
import LoginTestSupport
import LoginTesting
import Testing

@testable import LoginRuntime

@Suite("Auth services", .hangGuard)
struct ServiceTests {
  private struct BackendFailure: Error {}

  private func run(
    _ service: any AuthService, email: String, password: String, clock: VirtualClock,
    advance: Duration
  ) async -> LoginState {
    let store = LoginStore(
      initialState: LoginState(email: email, password: password, phase: .editing),
      service: service, clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: advance)
    let state = await store.state
    await store.close()
    return state
  }

  @Test(arguments: ["demo@example.com", "DEMO@Example.COM", "  demo@example.com\n"])
  func demoAcceptsTheDemoAccountAfterOneAndAHalfSeconds(email: String) async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: LoginState(email: email, password: "Password123!", phase: .editing),
      service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: .milliseconds(1500) - clock.minimumResolution)
    #expect(await store.state.attemptInFlight == 1)
    await clock.advance(by: clock.minimumResolution)
    #expect(await store.state.session == AuthSession(token: DemoAuthService.token))
  }

  /// The demo account's email in any letter case, and texts near it (one byte changed, cut,
  /// grown, non-ASCII lookalikes such as the Kelvin sign, which Unicode lowers to `k`), are
  /// the demo account exactly when Unicode lowering says so.
  @Test func theDemoEmailInAnyCaseIsWhatUnicodeLoweringSays() {
    var random = SeededGenerator(seed: 42)
    var texts = ["", "demo@example.co", "demo@example.comm", "DEMO@EXAMPLE.COM", "\u{212A}"]
    for _ in 0..<2_000 {
      var bytes = Array(DemoAuthService.email.utf8).map { byte -> UInt8 in
        random.next() % 2 == 0 && (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
      }
      switch random.next() % 5 {
      case 0: bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 7))
      case 1: bytes.removeLast()
      case 2: bytes.append(UInt8(0x20 + random.next() % 0x5F))
      default: break
      }
      texts.append(String(decoding: bytes, as: UTF8.self))
    }
    texts += ["d\u{E9}mo@example.com", "demo@example.\u{212A}om", "DEMO@EXAMPLE.CO\u{1E40}"]
    for text in texts {
      #expect(
        DemoAuthService.isDemoEmail(text) == (text.lowercased() == DemoAuthService.email),
        "\(text.debugDescription)")
    }
  }

  @Test(arguments: [
    ("demo@example.com", "password123!"), ("demo@example.com", "Password123! "),
    ("other@example.com", "Password123!"),
  ])
  func demoRejectsEverythingElseAfterOneAndAHalfSeconds(email: String, password: String) async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: LoginState(email: email, password: password, phase: .editing),
      service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.advance(by: .milliseconds(1500) - clock.minimumResolution)
    #expect(await store.state.attemptInFlight == 1)
    await clock.advance(by: clock.minimumResolution)
    #expect(await store.state.phase == .failed(.invalidCredentials))
  }

  @Test func demoStopsWhenCancelled() async {
    let clock = VirtualClock()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: DemoAuthService(clock: clock), clock: clock)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 2)  // the demo's delay and the timeout
    await store.send(.cancelTapped)
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.state.phase == .editing)
  }

  @Test func controllableRecordsCredentialsInOrderAndHandsOutRequestsAsTheyArrive() async {
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    async let firstArrival = service.nextRequest()
    await store.send(.submitTapped)
    let first = await firstArrival
    #expect(first.number == 1)
    #expect(!first.isReleased)
    first.release(.failure(.serverError))
    #expect(first.isReleased)
    #expect(!first.release(.success(Fixtures.session)), "a second release is refused")
    await clock.waitUntilIdle()
    await store.send(.emailChanged("second@example.com"))
    await store.send(.submitTapped)
    let second = await service.nextRequest()
    #expect(second.number == 2)
    #expect(service.heldRequests.map(\.number) == [2])
    #expect(service.requests.map(\.credentials?.email) == [Fixtures.email, "second@example.com"])
    #expect(!"\(second)".contains(Fixtures.password))
    await store.close()
  }

  @Test func adapterPassesAuthErrorsAndMapsOthersToUnexpected() async {
    let clock = VirtualClock()
    let passes = AdaptedAuthService { _ in throw AuthError.networkUnavailable }
    let maps = AdaptedAuthService { _ in throw BackendFailure() }
    let succeeds = AdaptedAuthService { _ in Fixtures.session }
    let cases: [(any AuthService, LoginPhase)] = [
      (passes, .failed(.networkUnavailable)), (maps, .failed(.unexpected)),
      (succeeds, .succeeded(Fixtures.session)),
    ]
    for (service, phase) in cases {
      let state = await run(
        service, email: Fixtures.email, password: Fixtures.password, clock: clock, advance: .zero)
      #expect(state.phase == phase)
    }
  }

  @Test func adapterTurnsCancellationErrorIntoNoResponseUntilTheTimeout() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in throw CancellationError() }
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, timeout: .seconds(10))
    await store.send(.submitTapped)
    await clock.advance(by: .seconds(9))
    #expect(await store.state.attemptInFlight == 1, "no response yet")
    await clock.advance(by: .seconds(1))
    #expect(await store.state.phase == .failed(.timedOut))
    #expect(await store.runningAttempts.isEmpty, "the parked call ended when cancelled")
  }

  @Test func adapterNoResponseEndsWhenTheUserCancels() async {
    let clock = VirtualClock()
    let service = AdaptedAuthService { _ in throw CancellationError() }
    let store = LoginStore(initialState: Fixtures.filledForm, service: service, clock: clock)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    await store.send(.cancelTapped)
    await clock.waitUntilIdle()
    #expect(await store.runningAttempts.isEmpty)
    #expect(await store.state.phase == .editing)
  }
}
