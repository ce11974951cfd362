import LoginFlow
import LoginRuntime
import Testing

/// Runs `body` with a fresh ``StrictStoreTester`` and then checks that nothing was left
/// unasserted: no event the store reported and no request still in flight. Afterwards the
/// store is closed, which abandons a call whose service never returns.
///
/// This is the only way to get a tester, so the final check cannot be forgotten. When `body`
/// throws (say, a failed `#require`), the test has failed already: the store is closed
/// without the final check, and the error is rethrown.
///
/// It runs where it is called — on the main actor in a `@MainActor` test — and so does
/// `body`: nothing is sent across actors.
///
/// ```swift
/// @MainActor @Test func aBackendThatNeverAnswers() async {
///   let clock = VirtualClock()
///   await withStrictStoreTester(
///     initialState: form, service: SilentBackend(), clock: clock
///   ) { tester in
///     await tester.send(.submitTapped, effects: [.authenticate(attempt: 1, form.credentials)]) {
///       $0.phase = .submitting
///       $0.attempt = 1
///     }
///     await tester.advance(by: .seconds(30))
///     await tester.receive(.effectTimedOut(.authenticate(1), duration: .seconds(30)))
///     await tester.receive(.authResponse(attempt: 1, .failure(.timedOut))) {
///       $0.phase = .failed(.timedOut)
///     }
///   }
/// }
/// ```
///
/// - Parameters:
///   - initialState: The state the store starts from.
///   - timeout: The store's request timeout: its default
///              (``/LoginRuntime/LoginStore/defaultTimeout``)
///     unless given; `nil` for none.
///   - service: The service the store calls; `nil` (the default) for a new
///     ``ControllableAuthService`` that holds each request until the test releases it.
///   - clock: The virtual clock the store runs on; give the app's own when its service
///     sleeps on it.
///   - sessionStore: Where the store remembers the session; `nil` for nowhere.
///   - exhaustivity: Whether every lifecycle event must be asserted
///                   (``StrictStoreTester/Exhaustivity/on``, the default).
///   - isolation: Where the tester runs: the caller's actor, by default.
///   - sourceLocation: Where the final check reports an issue.
///   - body: The test; asserts every step with the tester.
public func withStrictStoreTester<T>(
  initialState: LoginState = LoginState(),
  timeout: Duration? = LoginStore.defaultTimeout,
  service: (any AuthService)? = nil,
  clock: VirtualClock = VirtualClock(),
  sessionStore: (any SessionStore)? = nil,
  exhaustivity: StrictStoreTester.Exhaustivity = .on,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (StrictStoreTester) async throws -> T
) async rethrows -> T {
  let tester = StrictStoreTester(
    initialState: initialState, timeout: timeout, service: service, clock: clock,
    sessionStore: sessionStore, exhaustivity: exhaustivity)
  let result: T
  do {
    result = try await body(tester)
  } catch {
    await tester.abandon()
    throw error
  }
  await tester.finish(sourceLocation: sourceLocation)
  return result
}
