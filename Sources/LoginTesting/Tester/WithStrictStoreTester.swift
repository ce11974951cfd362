import LoginFlow
import LoginRuntime
import Testing

/// Runs `body` with a fresh ``StrictStoreTester`` and then checks that nothing was left
/// unasserted: no event the store reported and no effect still running. Afterwards the store
/// is closed.
///
/// This is the only way to get a tester, so the final check cannot be forgotten. When `body`
/// throws (say, a failed `#require`), the test has failed already: the store is closed
/// without the final check, and the error is rethrown.
///
/// - Parameters:
///   - initialState: The state the store starts from.
///   - timeout: The store's request timeout: its default (``LoginStore/defaultTimeout``)
///     unless given; `nil` for none.
///   - sessionStore: Where the store remembers the session; `nil` for nowhere.
///   - sourceLocation: Where the final check reports an issue.
///   - body: The test; asserts every step with the tester.
public func withStrictStoreTester<T>(
  initialState: LoginState = LoginState(),
  timeout: Duration? = LoginStore.defaultTimeout,
  sessionStore: (any SessionStore)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (StrictStoreTester) async throws -> T
) async rethrows -> T {
  let tester = StrictStoreTester(
    initialState: initialState, timeout: timeout, sessionStore: sessionStore)
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
