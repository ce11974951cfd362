import LoginHTTP
import LoginRendering

/// Options that name a replay that cannot be set up: a screen that cannot be drawn, or an
/// auth endpoint that is refused (such as plain `http` to a host that is not loopback).
public enum ReplaySetupError: Error, Equatable, Sendable {
  /// The renderer refused the width.
  case renderer(TextRenderer.OptionsError)
  /// The HTTP auth service refused the endpoint or the timeout.
  case auth(HTTPAuthService.ConfigurationError)

  /// A sentence for `error: …` on standard error.
  public var message: String {
    switch self {
    case .renderer(let error): error.message
    case .auth(let error): error.description
    }
  }
}
