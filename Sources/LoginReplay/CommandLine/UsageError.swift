/// A command line `login-replay` cannot run; printed with a usage line, exit status 2.
///
/// ``description`` is `error: MESSAGE`; ``report`` adds the `USAGE:` line and a pointer to
/// `--help`, the text to print on standard error.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong with the command line.
  public var kind: Kind
  /// The program whose command line it is; `login-replay` by default.
  public var command: UsageCommand

  /// Creates a usage error.
  public init(_ kind: Kind, command: UsageCommand = .replay) {
    self.kind = kind
    self.command = command
  }

  /// Every way a command line can be wrong.
  ///
  /// No case holds what the user wrote, only option names and positions: an argument may be
  /// a secret put in the wrong place (a password, a URL with credentials), and a message
  /// must not repeat it. A rejected auth URL is shown only as `scheme://host:port/path`.
  public enum Kind: Equatable, Sendable {
    /// The argument at `position` (1-based) is not an option; `suggestion` is the closest one.
    case unknownOption(position: Int, suggestion: String?)
    /// An option that needs a value came last.
    case missingValue(option: String)
    /// An option's value is not allowed; `expected` says what is, `suggestion` is the
    /// closest allowed keyword, if one is close.
    case badValue(option: String, expected: String, suggestion: String?)
    /// `--auth` is neither `demo` nor an `http` or `https` URL with a host; `shown` is the
    /// value as `scheme://host:port/path` when it parses as a URL at all.
    case badAuth(shown: String?)
    /// A flag was given a value with `=`.
    case unexpectedValue(option: String)
    /// No session FILE and no `-`.
    case missingInput
    /// The session FILE does not exist.
    case missingFile
    /// Of several session files (`--coverage`), the one at `position` (1-based) does not
    /// exist.
    case missingFileAt(position: Int)
    /// The session FILE is a directory.
    case directory
    /// An argument at `position` (1-based) after the session FILE.
    case extraArgument(position: Int)
    /// An argument at `position` (1-based) to a program that takes options only.
    case argumentNotAccepted(position: Int)
  }

  /// The message after `error: `.
  public var message: String {
    switch kind {
    case .unknownOption(let position, let suggestion):
      "unknown option (argument \(position)); expected one of: "
        + command.optionNames.joined(separator: ", ")
        + Suggestion.clause(suggestion)
    case .missingValue(let option):
      "missing value for '\(option)'"
    case .badValue(let option, let expected, let suggestion):
      "bad value for '\(option)'; expected \(expected)" + Suggestion.clause(suggestion)
    case .badAuth(let shown):
      "bad value for '--auth'"
        + (shown.map { " (\($0))" } ?? "")
        + "; expected \(ReplayOptions.Auth.demoName), or an http:// or https:// URL with a host"
    case .unexpectedValue(let option):
      "option '\(option)' does not take a value"
    case .missingInput:
      "missing session file; expected FILE, or - for standard input"
    case .missingFile:
      "the session file does not exist; expected the path of a session file, or - for "
        + "standard input"
    case .missingFileAt(let position):
      "the session file (argument \(position)) does not exist; expected the path of a session "
        + "file, or - for standard input"
    case .directory:
      "the session file is a directory; expected a session file"
    case .extraArgument(let position):
      "unexpected argument (argument \(position)); expected a single session file"
    case .argumentNotAccepted(let position):
      "unexpected argument (argument \(position)); \(command.name) takes options only"
    }
  }

  /// The full text for standard error: the error, the usage line and where to find help.
  public var report: String {
    "\(description)\n\(command.usageLine)\n  See '\(command.name) --help' for more information."
  }
}

extension UsageError: CustomStringConvertible {
  /// `error: MESSAGE`, the first line of ``report``.
  public var description: String { "error: \(message)" }
}
