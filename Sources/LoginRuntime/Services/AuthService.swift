import LoginFlow

/// Something that can check credentials: the demo service, a test double, or an HTTP backend.
///
/// The store calls ``authenticate(_:)`` once per attempt, in a task of its own. The only
/// errors it may throw are ``/LoginFlow/AuthError``s, so no backend detail can reach the screen.
///
/// When the store cancels a call (a cancel, a reset, its timeout, ``LoginStore/close()``),
/// the call's task is cancelled and whatever the call returns afterwards is the store's to
/// drop: it is never applied, whatever it is, so a service needs no special error. Stopping
/// at once saves work; ending with ``/LoginFlow/AuthError/unexpected`` keeps the trace quiet, since
/// any other late return is reported as a dropped answer
/// (``StoreEvent/Kind/responseDropped(_:outcome:duration:)``). A service that ignores the
/// cancellation and never returns holds nothing of the store once it is closed.
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
  /// - Throws: An ``/LoginFlow/AuthError`` saying, in user terms, why the login failed.
  func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession

  /// Answers `request`: the one entry point the store calls, for every kind of request.
  ///
  /// The default answers ``/LoginFlow/AuthRequest/authenticate(_:)`` with ``authenticate(_:)``; a
  /// service that serves more kinds of request implements this.
  ///
  /// - Parameter request: What the machine asks.
  /// - Returns: The service's answer.
  /// - Throws: An ``/LoginFlow/AuthError`` saying, in user terms, why the request failed.
  func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer

  /// Whether the service answers device login's requests
  /// (``/LoginFlow/AuthRequest/authorizeDevice`` and
  /// ``/LoginFlow/AuthRequest/pollDevice(deviceCode:)``): the login form then offers "Sign in
  /// with a browser". `false` by default.
  var offersDeviceLogin: Bool { get }
}

extension AuthService {
  /// `false`: a service that only checks passwords offers no device login.
  public var offersDeviceLogin: Bool { false }

  /// Answers a login with ``authenticate(_:)``. A service that never asks for a code is
  /// never asked to check one; if it is, the answer is ``/LoginFlow/AuthError/unexpected``.
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    switch request {
    case .authenticate(let credentials): return .session(try await authenticate(credentials))
    case .verifyCode, .resendCode, .authorizeDevice, .pollDevice: throw .unexpected
    }
  }
}
