import LoginFlow
import LoginRuntime

/// The app's double for "the backend never answers": it parks on a `HeldValue`, so a
/// virtual clock can move on to the store's timeout instead of waiting for it.
public struct SilentBackend: AuthService {
  /// A backend that never answers.
  public init() {}

  /// Waits until cancelled; what it returns then, the store drops.
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    _ = await HeldValue<AuthSession>().valueUnlessCancelled()
    throw .unexpected
  }
}
