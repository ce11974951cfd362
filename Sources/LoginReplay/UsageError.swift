/// A command line `login-replay` cannot run; printed with a usage line, exit status 2.
///
/// ``description`` is `error: MESSAGE`; ``report`` adds the `USAGE:` line and a pointer to
/// `--help`, the text to print on standard error.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong with the command line.
  public var kind: Kind

  /// Creates a usage error.
  public init(_ kind: Kind) {
    self.kind = kind
  }

  /// Every way a command line can be wrong.
  public enum Kind: Equatable, Sendable {
    /// An option that does not exist, as written.
    case unknownOption(String)
    /// An option that needs a value came last.
    case missingValue(option: String)
    /// An option's value is not allowed; `expected` says what is.
    case badValue(option: String, value: String, expected: String)
    /// A flag was given a value with `=`.
    case unexpectedValue(option: String)
    /// No session FILE and no `-`.
    case missingInput
    /// The session FILE does not exist.
    case missingFile(String)
    /// The session FILE is a directory.
    case directory(String)
    /// An argument after the session FILE.
    case extraArgument(String)
  }

  /// The message after `error: `.
  public var message: String {
    switch kind {
    case .unknownOption(let option):
      "unknown option '\(option)'"
    case .missingValue(let option):
      "missing value for '\(option)'"
    case .badValue(let option, let value, let expected):
      "bad value '\(value)' for '\(option)'; expected \(expected)"
    case .unexpectedValue(let option):
      "option '\(option)' does not take a value"
    case .missingInput:
      "missing session file; expected FILE, or - for standard input"
    case .missingFile(let path):
      "no such file: '\(path)'"
    case .directory(let path):
      "'\(path)' is a directory; expected a session file"
    case .extraArgument(let argument):
      "unexpected argument '\(argument)'; expected a single session file"
    }
  }

  /// The full text for standard error: the error, the usage line and where to find help.
  public var report: String {
    "\(description)\n\(ReplayOptions.usageLine)\n  See 'login-replay --help' for more information."
  }
}

extension UsageError: CustomStringConvertible {
  /// `error: MESSAGE`.
  public var description: String { "error: \(message)" }
}
