/// The wire format spoken to an auth URL: `--auth-format json` or `--auth-format oauth2`.
public enum AuthFormat: String, CaseIterable, Equatable, Sendable {
  /// A JSON body with the email and password.
  case json
  /// The OAuth 2.0 resource owner password grant (legacy: the tool sees the password).
  case oauth2
  /// OAuth 2.0 device login (RFC 8628): sign in with a browser; `--auth` is the token
  /// endpoint and `--device-url` the device authorization endpoint.
  case device

  /// The format when `--auth-format` is not given.
  package static let defaultFormat = AuthFormat.json
}
