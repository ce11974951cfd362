/// The command-line scanner of every executable of the package.
///
/// It reads `--opt value` and `--opt=value` alike, in any order around the positional
/// arguments, with `--` ending the options; what each option means is the caller's. It is
/// written here, in the manner of swift-argument-parser, because the package has no
/// dependencies. `--help` and `--version`, which every command has, it answers itself.
package enum OptionScanner {
  /// What a command line asks for before anything else: `--help`/`-h` anywhere before `--`
  /// wins over everything, then `--version`; `nil` when it asks for neither.
  package static func request(in arguments: [String]) -> StandardOption? {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: StandardOption.help.names.contains) { return .help }
    if options.contains(where: StandardOption.version.names.contains) { return .version }
    return nil
  }

  /// Scans `arguments` in order, calling `option` for each of `command`'s options and
  /// `argument` for each positional argument with its 1-based position.
  ///
  /// - Parameters:
  ///   - command: The command whose options are looked up, and whom the errors name.
  ///   - option: Applies an option, reading its value or flag from the cursor.
  ///   - argument: Takes a positional argument (or `-`).
  /// - Throws: The first ``UsageError`` in argument order: an unknown option (with the
  ///   closest known one), a missing or unexpected value, a value given to `--help` or
  ///   `--version`, or what the closures throw.
  package static func scan<Option: CommandOption>(
    _ arguments: [String], for command: CommandDeclaration<Option>,
    option: (_ option: Option, _ cursor: ArgumentCursor) throws(UsageError.Kind) -> Void,
    argument: (_ text: String, _ position: Int) throws(UsageError.Kind) -> Void
  ) throws(UsageError) {
    do throws(UsageError.Kind) {
      try scan(arguments, command: command, option: option, argument: argument)
    } catch {
      throw UsageError(error, command: command.usage)
    }
  }

  /// ``scan(_:for:option:argument:)`` before its errors are given the command's name.
  private static func scan<Option: CommandOption>(
    _ arguments: [String], command: CommandDeclaration<Option>,
    option: (Option, ArgumentCursor) throws(UsageError.Kind) -> Void,
    argument: (String, Int) throws(UsageError.Kind) -> Void
  ) throws(UsageError.Kind) {
    var options: [String: Option] = [:]
    for declared in Option.allCases {
      for name in declared.names { options[name] = declared }
    }
    let cursor = ArgumentCursor(arguments)
    var onlyArguments = false
    while let text = cursor.next() {
      if !onlyArguments, text == "--" {
        onlyArguments = true
        continue
      }
      guard onlyArguments || !text.hasPrefix("-") || text == "-" else {
        cursor.beginOption(text)
        if let declared = options[cursor.name] {
          try option(declared, cursor)
        } else if StandardOption(named: cursor.name) != nil {
          // Only `--help=…` or `--version=…` comes this far: ``request(in:)`` found the rest.
          throw .unexpectedValue(option: cursor.name)
        } else {
          throw .unknownOption(
            position: cursor.position,
            suggestion: Suggestion.closest(to: cursor.name, among: command.optionNames))
        }
        continue
      }
      try argument(text, cursor.position)
    }
  }
}
