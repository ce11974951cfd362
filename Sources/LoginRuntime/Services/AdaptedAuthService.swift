import LoginFlow

/// Wraps any throwing login function as an ``AuthService`` that can only throw
/// ``/LoginFlow/AuthError``, so no other error type (and no detail inside one) can reach the
/// screen.
///
/// An ``/LoginFlow/AuthError`` passes through; `CancellationError` means "no response": the call
/// waits until the store cancels it (the user's cancel or the timeout decides); any other error
/// becomes ``/LoginFlow/AuthError/unexpected``.
///
/// ```swift
/// let service = AdaptedAuthService { credentials in
///   try await legacyClient.logIn(user: credentials.email, password: credentials.password)
/// }
/// ```
public struct AdaptedAuthService: AuthService {
  private let body: @Sendable (Credentials) async throws -> AuthSession

  /// Adapts `authenticate`, a function that may throw anything.
  public init(_ authenticate: @escaping @Sendable (Credentials) async throws -> AuthSession) {
    body = authenticate
  }

  /// Calls the wrapped function and maps what it throws (see ``AdaptedAuthService``).
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    do {
      return try await body(credentials)
    } catch let error as AuthError {
      throw error
    } catch is CancellationError {
      await CancellationGate.suspendUntilCancelled()
      throw .unexpected
    } catch {
      throw .unexpected
    }
  }
}
