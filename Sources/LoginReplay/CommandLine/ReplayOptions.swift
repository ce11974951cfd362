import Foundation
import LoginRendering
import LoginRuntime

/// The options of a `login-replay` run, parsed from its command line.
///
/// ``parse(_:fileExists:)`` reads `--opt value` and `--opt=value` alike, in any order around
/// the one session FILE (or `-`), with `--` ending the options; the last of a repeated option
/// wins. It is written here, in the manner of swift-argument-parser, because the package has
/// no dependencies.
public struct ReplayOptions: Equatable, Sendable {
  /// What to print.
  public enum Format: String, CaseIterable, Equatable, Sendable {
    /// Snapshots as rendered screens, then a summary line.
    case text
    /// One JSON object per action.
    case jsonl
  }

  /// Which auth service answers the requests.
  public enum Auth: Equatable, Sendable {
    /// The demo service (or the `respond` queue) on the virtual clock.
    case demo
    /// The HTTP auth service at this `http` or `https` URL, on the real clock.
    case url(URL)
  }

  /// The wire format spoken to an auth URL.
  public enum AuthFormat: String, CaseIterable, Equatable, Sendable {
    /// A JSON body with the email and password.
    case json
    /// The OAuth 2.0 resource owner password grant.
    case oauth2
  }

  /// Where the session comes from.
  public enum Input: Equatable, Sendable {
    /// A session file, checked whole before it runs.
    case file(String)
    /// Standard input (`-`), read and run line by line.
    case standardInput
  }

  /// The options `login-replay` understands, as written on the command line.
  public enum Option: String, CaseIterable, Equatable, Sendable {
    /// `--format text|jsonl`
    case format = "--format"
    /// `--trace`
    case trace = "--trace"
    /// `--auth demo|URL`
    case auth = "--auth"
    /// `--auth-format json|oauth2`
    case authFormat = "--auth-format"
    /// `--client-id ID`
    case clientID = "--client-id"
    /// `--timeout DURATION`
    case timeout = "--timeout"
    /// `--width N`
    case width = "--width"
    /// `--ascii`
    case ascii = "--ascii"
    /// `--version`
    case version = "--version"
    /// `--help`, also spelled `-h`.
    case help = "--help"
  }

  /// The store's request timeout when `--timeout` is not given.
  public static let defaultTimeout = LoginStore.defaultTimeout
  /// The OAuth 2.0 client id sent when `--client-id` is not given.
  public static let defaultClientID = "login-replay"
  /// The narrowest and widest screens `--width` accepts.
  public static let widthRange = TextRenderer.Options.widthRange

  /// `--format`; `text` by default.
  public var format: Format = .text
  /// `--trace`: one line per transition in text format.
  public var trace = false
  /// `--auth`; `demo` by default.
  public var auth: Auth = .demo
  /// `--auth-format`; `json` by default; used only with an auth URL.
  public var authFormat: AuthFormat = .json
  /// `--client-id`: the OAuth 2.0 `client_id` sent with `--auth-format oauth2`;
  /// ``defaultClientID`` by default.
  public var clientID: String = ReplayOptions.defaultClientID
  /// `--timeout`: the store's request timeout, greater than zero.
  public var timeout: Duration = ReplayOptions.defaultTimeout
  /// `--width`: the screen width in columns, within ``widthRange``; `nil` for the renderer's
  /// own default.
  public var width: Int?
  /// `--ascii`: plain ASCII instead of box-drawing characters.
  public var ascii = false
  /// The session FILE, or `-` for standard input.
  public var input: Input

  /// Creates options with every default and the given input.
  public init(input: Input) {
    self.input = input
  }
}
