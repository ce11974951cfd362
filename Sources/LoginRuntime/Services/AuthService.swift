import LoginFlow

/// Something that can check credentials: the demo service, a test double, or an HTTP backend.
///
/// The store calls ``authenticate(_:)`` once per attempt, in a task of its own. The only
/// errors it may throw are ``AuthError``s, so no backend detail can reach the screen. A
/// service must honour task cancellation: when the store cancels an attempt, the service
/// should stop its work and throw ``AuthError/unexpected`` at once, the acknowledgement the
/// store expects and does not report. Whatever else it returns after a cancellation is never
/// applied; it is reported as a dropped late answer
/// (``StoreEvent/Kind/responseDropped(_:outcome:duration:)``).
///
/// ```swift
/// struct AlwaysOffline: AuthService {
///   func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
///     throw .networkUnavailable
///   }
/// }
/// ```
public protocol AuthService: Sendable {
  /// Checks `credentials` and returns the session the backend issued.
  ///
  /// - Parameter credentials: The trimmed email and the password as typed.
  /// - Returns: The session for a successful login.
  /// - Throws: An ``AuthError`` saying, in user terms, why the login failed.
  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession

  /// Answers `request`: the one entry point the store calls, for every kind of request.
  ///
  /// The default answers ``AuthRequest/authenticate(_:)`` with ``authenticate(_:)``; a
  /// service that serves more kinds of request implements this.
  ///
  /// - Parameter request: What the machine asks.
  /// - Returns: The service's answer.
  /// - Throws: An ``AuthError`` saying, in user terms, why the request failed.
  func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer
}

extension AuthService {
  /// Answers a login with ``authenticate(_:)``.
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    switch request {
    case .authenticate(let credentials): .session(try await authenticate(credentials))
    }
  }
}
