import Foundation
import LoginFlow
import LoginRuntime
import LoginTestSupport
import LoginTesting
import Testing

/// A session store that fails what it is told to, for the store's failure paths.
final class FailingSessionStore: SessionStore {
  let kept = InMemorySessionStore()
  let failsSaves: Bool
  let failsClears: Bool
  let failsLoads: SessionStoreError?

  init(failsSaves: Bool = false, failsClears: Bool = false, failsLoads: SessionStoreError? = nil) {
    self.failsSaves = failsSaves
    self.failsClears = failsClears
    self.failsLoads = failsLoads
  }

  func load() throws(SessionStoreError) -> StoredSession? {
    if let failsLoads { throw failsLoads }
    return kept.load()
  }

  func save(_ session: StoredSession) throws(SessionStoreError) {
    guard !failsSaves else { throw SessionStoreError(.system(.write, code: 28), path: "/full") }
    kept.save(session)
  }

  func clear() throws(SessionStoreError) {
    guard !failsClears else { throw SessionStoreError(.system(.remove, code: 13), path: "/ro") }
    kept.clear()
  }
}

/// The store remembers the session through a ``SessionStore``: saved at a login, cleared at a
/// logout, restored at launch until it expires, and a failed save never fails the login.
@Suite("Remembered sessions", .hangGuard)
struct RememberedSessionTests {
  /// The login's session, with a lifetime, as a backend may give it.
  static let session = AuthSession(
    token: Fixtures.token, expiresIn: .seconds(3600), refreshToken: "refresh-SECRET-9")

  /// Logs in from `Fixtures.filledForm` with `session`, asserting what the form does.
  static func logIn(_ tester: StrictStoreTester, _ session: AuthSession = session) async throws {
    await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, Fixtures.credentials)]) {
      $0.phase = .submitting
      $0.attempt = 1
    }
    await tester.release(try await tester.nextRequest(), .success(session))
    await tester.receive(.effectFinished(.authenticate(1), outcome: .success, duration: .zero))
    await tester.receive(.authResponse(attempt: 1, .success(session))) {
      $0.phase = .succeeded(session)
      $0.password = ""
    }
  }

  @Test func aLoginIsSavedWithItsAbsoluteExpiryAndALogoutClearsIt() async throws {
    let kept = InMemorySessionStore()
    try await withStrictStoreTester(initialState: Fixtures.filledForm, sessionStore: kept) {
      tester in
      await tester.advance(by: .seconds(10.5))
      try await Self.logIn(tester)
      await tester.receive(.sessionSaved)
      // The store's clock is virtual: its dates start at the Unix epoch. Rounded down.
      #expect(
        kept.session
          == StoredSession(
            token: Fixtures.token, refreshToken: "refresh-SECRET-9",
            expiresAt: Timestamp(secondsSinceEpoch: 3610)))
      await tester.send(.logoutTapped, effects: [.clearSession]) { $0.phase = .idle }
      await tester.receive(.sessionCleared)
      #expect(kept.session == nil)
    }
  }

  @Test func aResetAfterALoginForgetsTheSessionAsALogoutDoes() async throws {
    let kept = InMemorySessionStore()
    try await withStrictStoreTester(initialState: Fixtures.filledForm, sessionStore: kept) {
      tester in
      try await Self.logIn(tester)
      await tester.receive(.sessionSaved)
      #expect(kept.session != nil)
      await tester.send(.reset, effects: [.clearSession]) { $0 = LoginState(attempt: 1) }
      await tester.receive(.sessionCleared)
      #expect(kept.session == nil)
    }
  }

  @Test func closingALoggedInStoreKeepsTheSessionForTheNextLaunch() async throws {
    let kept = InMemorySessionStore()
    let clock = VirtualClock()
    let service = ControllableAuthService()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: service, clock: clock, sessionStore: kept)
    await store.send(.submitTapped)
    (await service.nextRequest()).release(.success(Self.session))
    await clock.waitUntilIdle()
    #expect(await store.state.isLoggedIn)
    await store.close()
    #expect(await store.state.isLoggedIn)
    #expect(kept.session?.token == Fixtures.token)

    let next = LoginStore(service: ControllableAuthService(), clock: clock, sessionStore: kept)
    await next.restoreSession()
    #expect(await next.state.session?.token == Fixtures.token)
    await next.close()
  }

  @Test func aSessionWithoutALifetimeIsRememberedForTheDefaultLifetime() async throws {
    let kept = InMemorySessionStore()
    try await withStrictStoreTester(initialState: Fixtures.filledForm, sessionStore: kept) {
      tester in
      try await Self.logIn(tester, Fixtures.session)
      await tester.receive(.sessionSaved)
    }
    #expect(LoginStore.defaultSessionLifetime == .seconds(604_800))
    #expect(kept.session?.expiresAt == Timestamp(secondsSinceEpoch: 604_800))
  }

  @Test func aFailedSaveKeepsTheUserLoggedInAndSaysSo() async throws {
    let failing = FailingSessionStore(failsSaves: true)
    try await withStrictStoreTester(initialState: Fixtures.filledForm, sessionStore: failing) {
      tester in
      try await Self.logIn(tester)
      await tester.receive(
        .sessionNotSaved(SessionStoreError(.system(.write, code: 28), path: "/full")))
      await tester.receive(.sessionSaveFailed) { $0.sessionNotRemembered = true }
      #expect(await tester.store.state.isLoggedIn)
      await tester.send(.logoutTapped, effects: [.clearSession]) {
        $0.phase = .idle
        $0.sessionNotRemembered = false
      }
      await tester.receive(.sessionCleared)
    }
    #expect(failing.kept.session == nil)
  }

  @Test func aFailedClearIsReportedAndTheLogoutStands() async throws {
    let failing = FailingSessionStore(failsClears: true)
    try await withStrictStoreTester(initialState: Fixtures.filledForm, sessionStore: failing) {
      tester in
      try await Self.logIn(tester)
      await tester.receive(.sessionSaved)
      await tester.send(.logoutTapped, effects: [.clearSession]) { $0.phase = .idle }
      await tester.receive(
        .sessionNotCleared(SessionStoreError(.system(.remove, code: 13), path: "/ro")))
    }
  }

  @Test func aLaunchRestoresAnUnexpiredSessionAndForgetsAnExpiredOne() async throws {
    let clock = VirtualClock(now: .init(offset: .seconds(100)))
    let stored = StoredSession(token: Fixtures.token, expiresAt: Timestamp(secondsSinceEpoch: 160))
    let kept = InMemorySessionStore(session: stored)
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      service: ControllableAuthService(), clock: clock, sessionStore: kept,
      onEvent: { events.append($0) })
    #expect(await store.restoreSession() == nil)
    let now = Timestamp(secondsSinceEpoch: 100)
    #expect(
      await store.state
        == LoginState(
          phase: .succeeded(AuthSession(token: Fixtures.token, expiresIn: .seconds(60)))))
    #expect(
      events.all.map(\.kind) == [
        .transition(
          StoreTransition(
            action: .sessionRestored(stored, now: now), before: LoginState(),
            after: await store.state, effects: []))
      ])
    await store.close()

    // A minute later the session has expired: not restored, and forgotten.
    await clock.advance(by: .seconds(60))
    let later = LoginStore(service: ControllableAuthService(), clock: clock, sessionStore: kept)
    #expect(await later.restoreSession() == nil)
    #expect(await later.state == LoginState())
    #expect(kept.session == nil)
    await later.close()
  }

  @Test func restoreAndExpiryOnTheVirtualClockAcrossRelaunches() async throws {
    let clock = VirtualClock()
    let kept = InMemorySessionStore()
    func launch() async -> LoginStore {
      let store = LoginStore(
        service: DemoAuthService(clock: clock), clock: clock, sessionStore: kept)
      await store.restoreSession()
      return store
    }
    var store = await launch()
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await clock.advance(by: DemoAuthService.delay)
    #expect(await store.state.isLoggedIn)
    // Saved at 1.5 s for 7 days: its expiry, rounded down, is 604 801 s after the epoch.
    await clock.advance(by: LoginStore.defaultSessionLifetime - .milliseconds(501))
    await store.close()
    store = await launch()
    #expect(await store.state.isLoggedIn)  // a millisecond before its expiry
    await clock.advance(by: .milliseconds(1))
    await store.close()
    store = await launch()
    #expect(await store.state == LoginState())  // at its expiry: not restored
    #expect(kept.session == nil)
    await store.close()
  }

  /// The user is replacing the session read: keeping it would bring it back at the next
  /// launch, whatever this one ends with.
  @Test func aSessionArrivingAfterTheUserStartedChangesNoScreenAndIsForgotten() async {
    let stored = StoredSession(token: Fixtures.token, expiresAt: Timestamp(secondsSinceEpoch: 99))
    let kept = InMemorySessionStore(session: stored)
    let clock = VirtualClock()
    let store = LoginStore(service: ControllableAuthService(), clock: clock, sessionStore: kept)
    await store.send(.emailChanged("a"))
    await store.restoreSession()
    #expect(await store.state.phase == .editing)
    #expect(await store.state.email == "a")
    #expect(kept.session == nil)
    await store.close()
  }

  @Test func anUnusableSessionIsReportedAsDiscardedAndLeftInPlace() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try Data("{\"formatVersion\":1,\"token\":\"\(Fixtures.token)\"".utf8)
      .write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      service: ControllableAuthService(), clock: VirtualClock(),
      sessionStore: FileSessionStore(path: path), onEvent: { events.append($0) })
    let problem = await store.restoreSession()
    #expect(problem == SessionStoreError(.truncated, path: path))
    #expect(
      events.all.map(\.kind) == [.sessionDiscarded(SessionStoreError(.truncated, path: path))])
    #expect(await store.state == LoginState())
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(!events.all.map(\.description).joined().contains(Fixtures.token))
    await store.close()
  }

  @Test func aReadOnlyPlaceFailsTheSaveNotTheLogin() async throws {
    // A path under a regular file cannot be written, even by root.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path("file")))
    let clock = VirtualClock()
    let events = Recorder<StoreEvent>()
    let store = LoginStore(
      initialState: Fixtures.filledForm, service: DemoAuthService(clock: clock, delay: .zero),
      clock: clock, sessionStore: FileSessionStore(path: folder.path("file", "session.json")),
      onEvent: { events.append($0) })
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    let state = await store.state
    #expect(state.isLoggedIn)
    #expect(state.sessionNotRemembered)
    let notSaved = events.all.compactMap { event -> SessionStoreError? in
      guard case .sessionNotSaved(let error) = event.kind else { return nil }
      return error
    }
    #expect(notSaved.map(\.kind) == [.system(.createFolder, code: ENOTDIR)])
    #expect(
      events.all.map(\.description).contains {
        $0.contains("did not save the session: cannot create the folder")
      })
    await store.close()
  }

  @Test func noEventOrDescriptionOfTheSessionStoreShowsTheToken() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let events = Recorder<StoreEvent>()
    let clock = VirtualClock()
    func store(
      _ sessionStore: any SessionStore, from state: LoginState = Fixtures.filledForm
    ) -> LoginStore {
      LoginStore(
        initialState: state, service: ControllableAuthService(), clock: clock,
        sessionStore: sessionStore, onEvent: { events.append($0) })
    }
    let first = store(FileSessionStore(path: path))
    await first.send(.submitTapped)
    await first.send(.cancelTapped)
    await first.close()
    try FileSessionStore(path: path).save(
      StoredSession(
        token: Fixtures.token, refreshToken: "refresh-SECRET-9",
        expiresAt: Timestamp(secondsSinceEpoch: 10)))
    let second = store(FileSessionStore(path: path), from: LoginState())
    await second.restoreSession()  // restored: the clock reads 0 s
    await second.send(.logoutTapped)
    await second.close()
    try FileSessionStore(path: path).save(
      StoredSession(token: Fixtures.token, expiresAt: Timestamp(secondsSinceEpoch: 10)))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let third = store(FileSessionStore(path: path), from: LoginState())
    let refusal = await third.restoreSession()
    #expect(refusal?.isRefusal == true)
    await third.close()
    let failing = store(FailingSessionStore(failsSaves: true, failsClears: true))
    await failing.send(.submitTapped)
    await failing.close()

    let stored = StoredSession(
      token: Fixtures.token, refreshToken: "refresh-SECRET-9", expiresAt: .epoch)
    var texts = events.all.flatMap { [String(describing: $0), String(reflecting: $0)] }
    for value in [
      stored as any Sendable, LoginAction.sessionRestored(stored, now: .epoch),
      LoginEffect.saveSession(Self.session), refusal as any Sendable,
    ] {
      var dumped = ""
      dump(value, to: &dumped)
      texts += [String(describing: value), String(reflecting: value), dumped]
    }
    #expect(events.all.contains { $0.kind == .sessionCleared })
    #expect(events.all.contains { if case .sessionDiscarded = $0.kind { true } else { false } })
    for text in texts {
      #expect(!text.contains(Fixtures.token), "\(text)")
      #expect(!text.contains("refresh-SECRET"), "\(text)")
    }
  }

  @Test func aClosedStoreRestoresNothing() async {
    let kept = InMemorySessionStore(
      session: StoredSession(token: "t", expiresAt: Timestamp(secondsSinceEpoch: 99)))
    let store = LoginStore(service: ControllableAuthService(), sessionStore: kept)
    await store.close()
    #expect(await store.restoreSession() == nil)
    #expect(await store.state == LoginState())
  }

  @Test func aStoreWithoutASessionStoreRemembersNothingAndReportsNothing() async throws {
    try await withStrictStoreTester(initialState: Fixtures.filledForm) { tester in
      try await Self.logIn(tester)
      await tester.send(.logoutTapped, effects: [.clearSession]) { $0.phase = .idle }
      #expect(await tester.store.restoreSession() == nil)
    }
  }

  @Test func theWallClockFollowsAVirtualClockFromTheEpochOrTheSystemsTime() async {
    let clock = VirtualClock()
    let wall = WallClock.virtual(clock, start: Timestamp(secondsSinceEpoch: 1_000))
    await clock.advance(by: .seconds(2.5))
    #expect(wall.now() == Timestamp(sinceEpoch: .seconds(1_002.5)))
    let real = WallClock.system.now()
    #expect(real > Timestamp(secondsSinceEpoch: 1_700_000_000))  // after November 2023
  }
}
