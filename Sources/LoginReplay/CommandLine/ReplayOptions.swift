import Foundation
import LoginRendering
import LoginRuntime

/// The options of a `login-replay` run, parsed from its command line.
///
/// ``parse(_:fileExists:)`` reads `--opt value` and `--opt=value` alike, in any order around
/// the one session FILE (or `-`; several with `--coverage`), with `--` ending the options;
/// the last of a repeated option wins. It is written here, in the manner of swift-argument-parser, because the package has
/// no dependencies.
public struct ReplayOptions: Equatable, Sendable {
  /// What to print.
  public enum Format: String, CaseIterable, Equatable, Sendable {
    /// Snapshots as rendered screens, then a summary line.
    case text
    /// One JSON object per action.
    case jsonl
    /// What a screen reader says: the elements at each snapshot, announcements per action.
    case accessible
  }

  /// Which auth service answers the requests.
  public enum Auth: Equatable, Sendable {
    /// The demo service (or the `respond` queue) on the virtual clock.
    case demo
    /// The HTTP auth service at this `http` or `https` URL, on the real clock.
    case url(URL)

    /// How the command line names ``demo``: `--auth demo`.
    public static let demoName = "demo"
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
  ///
  /// Each option declares what the help says about it (``valueName``, ``abstract``,
  /// ``possibleValues``, ``defaultValue``), derived from the constants the parser uses, and
  /// ``ReplayOptions/helpText`` is built from these declarations.
  public enum Option: String, CaseIterable, Equatable, Sendable {
    case format = "--format"
    case trace = "--trace"
    case auth = "--auth"
    case authFormat = "--auth-format"
    case clientID = "--client-id"
    case timeout = "--timeout"
    case width = "--width"
    case ascii = "--ascii"
    case sessionFile = "--session-file"
    case coverage = "--coverage"
    case version = "--version"
    /// Also spelled `-h`.
    case help = "--help"

    /// Every spelling, short ones first: `-h`, `--help`.
    public var names: [String] {
      self == .help ? ["-h", rawValue] : [rawValue]
    }

    /// The placeholder for the option's value in the help, such as `duration`; `nil` for a
    /// flag, which takes no value.
    public var valueName: String? {
      switch self {
      case .format: "format"
      case .auth: "auth"
      case .authFormat: "auth-format"
      case .clientID: "id"
      case .timeout: "duration"
      case .width: "n"
      case .sessionFile: "path"
      case .trace, .ascii, .coverage, .version, .help: nil
      }
    }

    /// What the option does, in a sentence or two for the help.
    public var abstract: String {
      switch self {
      case .format:
        "text: snapshots as rendered screens; jsonl: one JSON object per action; accessible: "
          + "what a screen reader says (the elements at each snapshot, announcements per action)."
      case .trace:
        "Print one line per transition and per step of each auth request (in jsonl: add "
          + "\"event\" objects)."
      case .auth:
        "demo, or the URL of an HTTP auth service (the clock is then real, wait sleeps and "
          + "respond is an error)."
      case .authFormat: "The wire format spoken to the URL."
      case .clientID: "The OAuth 2.0 client_id sent with --auth-format oauth2."
      case .timeout:
        "The store's request timeout, such as 30s or 500ms, at most "
          + "\(DurationLiteral.format(LoginStore.timeoutRange.upperBound)) (1 day)."
      case .width:
        "The screen width in columns, from \(widthRange.lowerBound) to "
          + "\(widthRange.upperBound)."
      case .ascii: "Draw plain ASCII instead of box-drawing characters."
      case .sessionFile:
        "Keep the remembered session in this file (created mode 0600, in a folder created "
          + "0700), where relaunch restores it and the next run finds it; a file other users "
          + "can read is refused. Without it the session is kept in memory for the run."
      case .coverage:
        "Run each session file in turn, each on a fresh store, then report which cells of the "
          + "transition table they ran (several files are allowed)."
      case .version: "Show the version."
      case .help: "Show help information."
      }
    }

    /// The values the option accepts when they are a fixed list; empty otherwise.
    public var possibleValues: [String] {
      switch self {
      case .format: Format.allCases.map(\.rawValue)
      case .authFormat: AuthFormat.allCases.map(\.rawValue)
      default: []
      }
    }

    /// The option's value when it is not given, as the command line writes it; `nil` for a
    /// flag and for `--width`, whose default is the renderer's own.
    public var defaultValue: String? {
      let defaults = ReplayOptions(input: .standardInput)
      switch self {
      case .format: return defaults.format.rawValue
      case .auth:
        guard case .demo = defaults.auth else { return nil }
        return Auth.demoName
      case .authFormat: return defaults.authFormat.rawValue
      case .clientID: return defaults.clientID
      case .timeout: return DurationLiteral.format(defaults.timeout)
      case .trace, .width, .ascii, .sessionFile, .coverage, .version, .help: return nil
      }
    }
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
  /// `--session-file`: the file the session is remembered in (a ``FileSessionStore``);
  /// `nil` keeps it in memory for the run.
  public var sessionFile: String?
  /// `--coverage`: after the sessions, report the transition table's cells they ran.
  public var coverage = false
  /// The session FILE, or `-` for standard input: the first of ``inputs``.
  public var input: Input
  /// The sessions after the first, which only `--coverage` allows; run in turn, each on a
  /// fresh store.
  public var moreInputs: [Input] = []

  /// Every session to run, in order.
  public var inputs: [Input] { [input] + moreInputs }

  /// Creates options with every default and the given input.
  public init(input: Input) {
    self.input = input
  }
}
