import Foundation
import LoginCommandLine
import LoginRuntime

/// The options of a `login-tui` run, parsed from its command line.
///
/// The options it shares with `login-replay` (`--auth`, `--auth-format`, `--client-id`,
/// `--timeout`, `--ascii`) are declared and parsed once by the command line of every
/// executable (`LoginCommandLine`'s `CommonOption` and `OptionValues`), and so are
/// `--help` and `--version`: one parser, one help text per option.
public struct TerminalOptions: Equatable, Sendable {
  /// The options `login-tui` understands, as written on the command line, before the
  /// `--version` and `--help` every command has.
  public enum Option: String, CaseIterable, Equatable, Sendable, CommandOption {
    case auth = "--auth"
    case authFormat = "--auth-format"
    case clientID = "--client-id"
    case scope = "--scope"
    case deviceURL = "--device-url"
    case timeout = "--timeout"
    case demoDelay = "--demo-delay"
    case ascii = "--ascii"
    case screenReader = "--screen-reader"
    case remember = "--remember"

    /// The declaration this option shares with `login-replay`; `nil` for an option of
    /// `login-tui` only.
    var common: CommonOption? { CommonOption(rawValue: rawValue) }

    /// The placeholder for the option's value in the help; `nil` for a flag.
    public var valueName: String? {
      switch self {
      case .demoDelay: "duration"
      case .screenReader, .remember: nil
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii: common?.valueName
      }
    }

    /// What the option does, for the help.
    public var abstract: String {
      switch self {
      case .demoDelay:
        "How long the demo service takes to answer, from 0s to "
          + "\(DurationLiteral.format(TerminalOptions.demoDelayRange.upperBound))."
      case .screenReader:
        "Draw nothing: speak the screen as lines in reading order and announce each change "
          + "once."
      case .remember:
        "Keep the session in $XDG_STATE_HOME/\(FileSessionStore.folderName)/"
          + "\(FileSessionStore.fileName) (else ~/.local/state/\(FileSessionStore.folderName)/"
          + "\(FileSessionStore.fileName)), so that the next launch opens logged in until "
          + "logout or expiry."
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii:
        common?.abstract ?? ""
      }
    }

    /// The values the option accepts when they are a fixed list.
    public var possibleValues: [String] { common?.possibleValues ?? [] }

    /// The option's default as the command line writes it; `nil` for a flag.
    public var defaultValue: String? {
      switch self {
      case .demoDelay: DurationLiteral.format(TerminalOptions().demoDelay)
      case .screenReader, .remember: nil
      case .auth, .authFormat, .clientID, .scope, .deviceURL, .timeout, .ascii: common?.defaultValue
      }
    }
  }

  /// The longest `--demo-delay`: a minute.
  public static let demoDelayRange: ClosedRange<Duration> = .zero ... .seconds(60)

  /// `--auth`; `demo` by default.
  public var auth = AuthChoice.defaultChoice
  /// `--auth-format`; used only with an auth URL.
  public var authFormat = AuthFormat.defaultFormat
  /// `--client-id`, sent with `--auth-format oauth2`.
  public var clientID = CommonOption.defaultClientID
  /// `--scope`: the OAuth 2.0 scope asked for; none by default.
  public var scope: String?
  /// `--device-url`: device login's device authorization endpoint.
  public var deviceURL: URL?
  /// `--timeout`: the store's request timeout.
  public var timeout = LoginStore.defaultTimeout
  /// `--demo-delay`: how long the demo service takes; ``DemoAuthService/delay`` by default.
  public var demoDelay = DemoAuthService.delay
  /// `--ascii`: plain ASCII instead of box-drawing characters.
  public var ascii = false
  /// `--screen-reader`: speak the screen as lines instead of drawing it.
  public var screenReader = false
  /// `--remember`: keep the session in the default session file, restored at launch.
  public var remember = false

  /// Every default: the demo service, Unicode drawing.
  public init() {}
}
