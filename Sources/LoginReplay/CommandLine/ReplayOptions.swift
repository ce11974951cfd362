import Foundation
import LoginCommandLine
import LoginRendering
import LoginRuntime

/// The options of a `login-replay` run, parsed from its command line.
///
/// ``parse(_:fileExists:)`` reads `--opt value` and `--opt=value` alike, in any order around
/// the one session FILE (or `-`; several with `--coverage`), with `--` ending the options;
/// the last of a repeated option wins. The scanner, the values and the help layout are the
/// command line's (`LoginCommandLine`), shared by every executable of the package.
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

  /// Where the session comes from.
  public enum Input: Equatable, Sendable {
    /// A session file, checked whole before it runs.
    case file(String)
    /// Standard input (`-`), read and run line by line.
    case standardInput
  }

  /// The options `login-replay` understands, as written on the command line, before the
  /// `--version` and `--help` every command has.
  ///
  /// Each option declares what the help says about it (``valueName``, ``abstract``,
  /// ``possibleValues``, ``defaultValue``), derived from the constants the parser uses, and
  /// ``ReplayOptions/helpText`` is built from these declarations. The options `login-tui`
  /// shares are the command line's (`CommonOption`), declared there once.
  public enum Option: String, CaseIterable, Equatable, Sendable, CommandOption {
    case format = "--format"
    case trace = "--trace"
    case auth = "--auth"
    case authFormat = "--auth-format"
    case clientID = "--client-id"
    case scope = "--scope"
    case deviceURL = "--device-url"
    case timeout = "--timeout"
    case width = "--width"
    case ascii = "--ascii"
    case sessionFile = "--session-file"
    case coverage = "--coverage"

    /// The declaration this option shares with `login-tui`; `nil` for one of its own.
    var common: CommonOption? { CommonOption(rawValue: rawValue) }

    /// The placeholder for the option's value in the help, such as `duration`; `nil` for a
    /// flag, which takes no value.
    public var valueName: String? {
      switch self {
      case .format: "format"
      case .width: "n"
      case .sessionFile: "path"
      case .trace, .coverage: nil
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii: common?.valueName
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
      case .width:
        "The screen width in columns, from \(widthRange.lowerBound) to "
          + "\(widthRange.upperBound)."
      case .sessionFile:
        "Keep the remembered session in this file (created mode 0600, in a folder created "
          + "0700), where relaunch restores it and the next run finds it; a file other users "
          + "can read is refused. Without it the session is kept in memory for the run."
      case .coverage:
        "Run each session file in turn, each on a fresh store, then report which cells of the "
          + "transition table they ran (several files are allowed)."
      case .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii: common?.abstract ?? ""
      }
    }

    /// The values the option accepts when they are a fixed list; empty otherwise.
    public var possibleValues: [String] {
      switch self {
      case .format: Format.allCases.map(\.rawValue)
      case .trace, .width, .sessionFile, .coverage: []
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii:
        common?.possibleValues ?? []
      }
    }

    /// The option's value when it is not given, as the command line writes it; `nil` for a
    /// flag and for `--width`, whose default is the renderer's own.
    public var defaultValue: String? {
      switch self {
      case .format: ReplayOptions(input: .standardInput).format.rawValue
      case .trace, .width, .sessionFile, .coverage: nil
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii: common?.defaultValue
      }
    }
  }

  /// The store's request timeout when `--timeout` is not given.
  public static let defaultTimeout = LoginStore.defaultTimeout
  /// The OAuth 2.0 client id sent when `--client-id` is not given.
  public static let defaultClientID = CommonOption.defaultClientID
  /// The narrowest and widest screens `--width` accepts.
  public static let widthRange = TextRenderer.Options.widthRange

  /// `--format`; `text` by default.
  public var format: Format = .text
  /// `--trace`: one line per transition in text format.
  public var trace = false
  /// `--auth`; `demo` by default.
  public var auth = AuthChoice.defaultChoice
  /// `--auth-format`; `json` by default; used only with an auth URL.
  public var authFormat = AuthFormat.defaultFormat
  /// `--client-id`: the OAuth 2.0 `client_id` sent with `--auth-format oauth2`;
  /// ``defaultClientID`` by default.
  public var clientID: String = ReplayOptions.defaultClientID
  /// `--scope`: the OAuth 2.0 scope asked for; none by default.
  public var scope: String?
  /// `--device-url`: device login's device authorization endpoint.
  public var deviceURL: URL?
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
