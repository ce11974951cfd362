/// The command-line scanner shared by `login-replay` and `login-tui`.
///
/// It reads `--opt value` and `--opt=value` alike, in any order around the positional
/// arguments, with `--` ending the options; what each option means is the caller's. It is
/// written here, in the manner of swift-argument-parser, because the package has no
/// dependencies.
public enum OptionScanner {
  /// What a command line asks for before anything else: `--help`/`-h` anywhere before `--`
  /// wins over everything, then `--version`; `nil` when it asks for neither.
  public static func request(in arguments: [String]) -> HelpRequest? {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    if options.contains("--version") { return .version }
    return nil
  }

  /// `--help` or `--version`, found by ``request(in:)``.
  public enum HelpRequest: Equatable, Sendable {
    /// `--help` or `-h`.
    case help
    /// `--version`.
    case version
  }

  /// Scans `arguments` in order, calling `option` for each option (by its name, `-h` for
  /// `-h`) and `argument` for each positional argument with its 1-based position.
  ///
  /// - Parameters:
  ///   - optionNames: Every option's name, to suggest the closest to an unknown one.
  ///   - option: Applies an option, reading its value or flag from the cursor; returns
  ///     `false` for a name it does not know.
  ///   - argument: Takes a positional argument (or `-`).
  /// - Throws: The first ``UsageError`` in argument order: an unknown option, a missing or
  ///   unexpected value, or what the closures throw.
  public static func scan(
    _ arguments: [String],
    optionNames: [String],
    option: (_ name: String, _ cursor: ArgumentCursor) throws(UsageError) -> Bool,
    argument: (_ text: String, _ position: Int) throws(UsageError) -> Void
  ) throws(UsageError) {
    let cursor = ArgumentCursor(arguments)
    var onlyArguments = false
    while let text = cursor.next() {
      if !onlyArguments, text == "--" {
        onlyArguments = true
        continue
      }
      guard onlyArguments || !text.hasPrefix("-") || text == "-" else {
        cursor.beginOption(text)
        guard try option(cursor.name, cursor) else {
          throw UsageError(
            .unknownOption(
              position: cursor.position,
              suggestion: Suggestion.closest(to: cursor.name, among: optionNames)))
        }
        continue
      }
      try argument(text, cursor.position)
    }
  }
}

/// The scanner's place in a command line, handed to the option being applied so it can
/// read its value.
public final class ArgumentCursor {
  private let arguments: [String]
  private var index = 0
  private var inlineValue: String?
  /// The name of the option being applied, without any `=value`.
  public private(set) var name = ""

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// The 1-based position of the argument read last.
  var position: Int { index }

  /// The next argument, or `nil` at the end.
  func next() -> String? {
    guard index < arguments.count else { return nil }
    index += 1
    return arguments[index - 1]
  }

  /// Starts an option: `--name=value` as `--name` with an inline value.
  func beginOption(_ text: String) {
    if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
      name = String(text[..<equals])
      inlineValue = String(text[text.index(after: equals)...])
    } else {
      name = text
      inlineValue = nil
    }
  }

  /// The option's value: after `=`, or the next argument unless that is an option.
  ///
  /// - Throws: ``UsageError/Kind/missingValue(option:)`` when there is none.
  public func value() throws(UsageError) -> String {
    if let inlineValue { return inlineValue }
    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
      throw UsageError(.missingValue(option: name))
    }
    index += 1
    return arguments[index - 1]
  }

  /// `true`, for a flag; a flag given a value with `=` is an error.
  ///
  /// - Throws: ``UsageError/Kind/unexpectedValue(option:)`` for `--flag=value`.
  public func flag() throws(UsageError) -> Bool {
    guard inlineValue == nil else { throw UsageError(.unexpectedValue(option: name)) }
    return true
  }
}
