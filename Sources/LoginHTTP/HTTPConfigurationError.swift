extension HTTPAuthService {
  /// Why an ``HTTPAuthService/Configuration`` was refused.
  ///
  /// These are programmer or operator mistakes found before any request is sent, so they
  /// are separate from ``/LoginFlow/AuthError`` (which is what a user sees).
  public enum ConfigurationError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The endpoint is neither `https` nor `http`.
    case unsupportedScheme(String)
    /// The endpoint has no host.
    case missingHost
    /// The endpoint is plain `http` to a host that is not loopback; credentials would
    /// travel unencrypted. Use `https`, or `127.0.0.1` / `localhost` for local tests.
    case insecureEndpoint(host: String)
    /// The request timeout is zero or negative.
    case nonPositiveTimeout
    /// The endpoint URL contains a user name or password (`https://user:secret@host/…`).
    /// Credentials in a URL end up in logs and error messages; the service sends the user's
    /// credentials in the request body and needs none in the URL. Only the host is kept.
    case credentialsInURL(host: String)
    /// The endpoint's host is an IPv6 literal (`http://[::1]:8080/…`). URLSession on Linux
    /// (swift-corelibs-foundation) fails every request to such a URL, so it is refused here
    /// rather than failing each login; use `127.0.0.1` or `localhost` for a local backend, or
    /// a host name that resolves to the IPv6 address.
    case ipv6LiteralUnsupported(host: String)
    /// Device login was asked for without its device authorization endpoint.
    case missingDeviceEndpoint

    /// A sentence for a command-line error or a log; it names the host, never a password.
    public var description: String {
      switch self {
      case .unsupportedScheme(let scheme):
        "The auth endpoint must use https (or http on loopback), not '\(scheme)'."
      case .missingHost:
        "The auth endpoint URL has no host."
      case .insecureEndpoint(let host):
        "Refusing plain http to '\(host)': use https, or http only on loopback "
          + "(127.0.0.0/8, localhost)."
      case .nonPositiveTimeout:
        "The auth request timeout must be greater than zero."
      case .credentialsInURL(let host):
        "The auth endpoint URL for '\(host)' must not contain a user name or password; "
          + "remove them from the URL."
      case .ipv6LiteralUnsupported(let host):
        "The auth endpoint host '\(host)' is an IPv6 address, which URLSession cannot reach "
          + "on this platform; use 127.0.0.1, localhost or a host name instead."
      case .missingDeviceEndpoint:
        "Device login needs its device authorization endpoint as well as its token endpoint."
      }
    }
  }
}
