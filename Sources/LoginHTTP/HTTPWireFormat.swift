extension HTTPAuthService {
  /// How credentials travel to the endpoint and how the token comes back.
  ///
  /// Both formats use `POST` and expect a JSON answer; see `Docs/HTTP.md` for the exact
  /// contracts.
  public enum WireFormat: Equatable, Hashable, Sendable {
    /// A JSON body `{"email": …, "password": …}`, answered by `{"token": …, "expiresIn": …}`.
    case json
    /// The OAuth 2.0 resource owner password credentials grant (RFC 6749 §4.3): a
    /// form-encoded body with `grant_type=password`, answered by `access_token`, `token_type`,
    /// `expires_in` and `refresh_token`. Deprecated by RFC 9700 (the app sees the password);
    /// kept for legacy backends and tests.
    case oauth2Password(clientID: String, scope: String? = nil)
  }
}
