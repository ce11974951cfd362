import LoginRuntime

/// The options several programs share, declared once: `login-replay` and `login-tui` both
/// take these, parsed by ``OptionValues`` the same way for both, and say the same of them
/// in their help (a program may say more of one in its own abstract).
package enum CommonOption: String, CommandOption {
  /// `--auth demo` or `--auth URL`: which service answers (``OptionValues/auth(_:)``).
  case auth = "--auth"
  /// `--auth-format json|oauth2`: the wire format spoken to a URL.
  case authFormat = "--auth-format"
  /// `--client-id ID`: the OAuth 2.0 `client_id`.
  case clientID = "--client-id"
  /// `--scope SCOPE`: the OAuth 2.0 scope asked for.
  case scope = "--scope"
  /// `--device-url URL`: device login's device authorization endpoint.
  case deviceURL = "--device-url"
  /// `--timeout DURATION`: the store's request timeout, in its whole range.
  case timeout = "--timeout"
  /// `--ascii`: plain ASCII instead of box-drawing characters.
  case ascii = "--ascii"

  /// The OAuth 2.0 client id sent when `--client-id` is not given.
  package static let defaultClientID = "login-replay"

  /// The placeholder of each option's value; `nil` for `--ascii`, a flag.
  package var valueName: String? {
    switch self {
    case .auth: "auth"
    case .authFormat: "auth-format"
    case .clientID: "id"
    case .scope: "scope"
    case .deviceURL: "url"
    case .timeout: "duration"
    case .ascii: nil
    }
  }

  /// What the option does.
  package var abstract: String {
    switch self {
    case .auth: "demo, or the URL of an HTTP auth service."
    case .authFormat: "The wire format spoken to the URL."
    case .clientID: "The OAuth 2.0 client_id sent with --auth-format oauth2 or device."
    case .scope: "The OAuth 2.0 scope asked for with --auth-format oauth2 or device."
    case .deviceURL:
      "The device authorization endpoint, with --auth-format device (--auth is then the "
        + "token endpoint)."
    case .timeout:
      "The store's request timeout, such as 30s or 500ms, at most "
        + "\(DurationLiteral.format(LoginStore.timeoutRange.upperBound)) (1 day)."
    case .ascii: "Draw plain ASCII instead of box-drawing characters."
    }
  }

  /// The formats of `--auth-format`; no other has a fixed list.
  package var possibleValues: [String] {
    switch self {
    case .authFormat: AuthFormat.allCases.map(\.rawValue)
    case .auth, .clientID, .scope, .deviceURL, .timeout, .ascii: []
    }
  }

  /// The defaults: the demo service, JSON, ``defaultClientID``, the store's timeout.
  package var defaultValue: String? {
    switch self {
    case .auth: AuthChoice.defaultChoice.text
    case .authFormat: AuthFormat.defaultFormat.rawValue
    case .clientID: Self.defaultClientID
    case .timeout: DurationLiteral.format(LoginStore.defaultTimeout)
    case .scope, .deviceURL, .ascii: nil
    }
  }
}
