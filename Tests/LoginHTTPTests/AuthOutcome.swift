import LoginFlow
import LoginHTTP

/// The result of one `authenticate` call, as a value a test can compare.
func authOutcome(
  _ service: HTTPAuthService, _ credentials: Credentials = .sample
) async -> Result<AuthSession, AuthError> {
  do {
    return .success(try await service.authenticate(credentials))
  } catch {
    return .failure(error)
  }
}

extension Credentials {
  /// Credentials whose password needs escaping in both wire formats.
  static let sample = Credentials(email: "ada@example.com", password: "p4ss word&=+\"é")
}
