import Foundation

/// Which auth service answers a program's requests: `--auth demo` or `--auth URL`.
public enum AuthChoice: Equatable, Sendable {
  /// The demo service (or `login-replay`'s `respond` queue).
  case demo
  /// The HTTP auth service at this `http` or `https` URL, on the real clock.
  case url(URL)

  /// How the command line names ``demo``: `--auth demo`.
  public static let demoName = "demo"

  /// The service when `--auth` is not given: the demo.
  package static let defaultChoice = AuthChoice.demo

  /// The choice as the command line writes it: `demo`, or the URL.
  package var text: String {
    switch self {
    case .demo: Self.demoName
    case .url(let url): url.absoluteString
    }
  }
}
