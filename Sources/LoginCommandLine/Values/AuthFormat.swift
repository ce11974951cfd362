/// The wire format spoken to an auth URL: `--auth-format json` or `--auth-format oauth2`.
public enum AuthFormat: String, CaseIterable, Equatable, Sendable {
  /// A JSON body with the email and password.
  case json
  /// The OAuth 2.0 resource owner password grant.
  case oauth2

  /// The format when `--auth-format` is not given.
  package static let defaultFormat = AuthFormat.json
}
