/// A command line a program cannot run; printed with its usage line, exit status 2.
///
/// ``description`` is `error: MESSAGE`; ``report`` adds the `USAGE:` line and a pointer to
/// `--help`, the text to print on standard error. It names the program it is about, so every
/// executable of the package reports a bad command line in the same words.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong with the command line.
  public var kind: Kind
  /// The program whose command line it is.
  public var command: UsageCommand

  /// A usage error of `command`'s command line.
  package init(_ kind: Kind, command: UsageCommand) {
    self.kind = kind
    self.command = command
  }

  /// Every way a command line can be wrong.
  ///
  /// No case holds what the user wrote, only option names and positions: an argument may be
  /// a secret put in the wrong place (a password, a URL with credentials), and a message
  /// must not repeat it. A rejected auth URL is shown only as `scheme://host:port/path`.
  /// A value parser throws the kind alone; the scanner names the command.
  public enum Kind: Error, Equatable, Sendable {
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
    /// The command's positional argument is missing.
    case missingArgument
    /// The file the positional argument names does not exist.
    case missingFile
    /// Of several files (`login-replay --coverage`), the one at `position` (1-based) does
    /// not exist.
    case missingFileAt(position: Int)
    /// The file the positional argument names is a directory.
    case directory
    /// An argument at `position` (1-based) the command does not take: a second one, or any
    /// at all for a command that takes options only.
    case unexpectedArgument(position: Int)
    /// `option` was not given, and `neededBy` (another option with its value) needs it.
    case missingOption(option: String, neededBy: String)
  }

  /// The message after `error: `.
  public var message: String {
    let argument = command.argument
    let noun = argument?.noun ?? "argument"
    let orStandardInput = argument?.acceptsStandardInput == true ? ", or - for standard input" : ""
    switch kind {
    case .unknownOption(let position, let suggestion):
      return "unknown option (argument \(position)); expected one of: "
        + command.optionNames.joined(separator: ", ")
        + Suggestion.clause(suggestion)
    case .missingValue(let option):
      return "missing value for '\(option)'"
    case .badValue(let option, let expected, let suggestion):
      return "bad value for '\(option)'; expected \(expected)" + Suggestion.clause(suggestion)
    case .badAuth(let shown):
      return "bad value for '\(CommonOption.auth.name)'"
        + (shown.map { " (\($0))" } ?? "")
        + "; expected \(AuthChoice.demoName), or an http:// or https:// URL with a host"
    case .unexpectedValue(let option):
      return "option '\(option)' does not take a value"
    case .missingArgument:
      let placeholder = argument?.placeholder.uppercased() ?? "an argument"
      return "missing \(noun); expected \(placeholder)\(orStandardInput)"
    case .missingFile:
      return "the \(noun) does not exist; expected the path of a \(noun)\(orStandardInput)"
    case .missingFileAt(let position):
      return "the \(noun) (argument \(position)) does not exist; expected the path of a "
        + "\(noun)\(orStandardInput)"
    case .directory:
      return "the \(noun) is a directory; expected a \(noun)"
    case .unexpectedArgument(let position):
      guard argument != nil else {
        return "unexpected argument (argument \(position)); \(command.name) takes options only"
      }
      return "unexpected argument (argument \(position)); expected a single \(noun)"
    case .missingOption(let option, let neededBy):
      return "missing option '\(option)', which '\(neededBy)' needs"
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
