import LoginFlow

/// A command as its help, its usage errors and its parser know it: its name, overview,
/// positional argument, options (``Option``, then `--version` and `--help`), further help
/// sections and exit statuses. Every text about the command line is derived from it.
package struct CommandDeclaration<Option: CommandOption>: Sendable {
  /// The executable's name, as in `login-replay`.
  package var name: String
  /// What the help says after `OVERVIEW: `: a line, then paragraphs if needed.
  package var overview: String
  /// The positional argument; `nil` for a command that takes options only.
  package var argument: ArgumentDeclaration?
  /// Sections the help prints after the options, such as KEYS.
  package var sections: [HelpSection]
  /// The program's own exit statuses (what 0, 1 and 2 mean for it), in order; 3, which
  /// every program shares, follows them in ``exitStatuses``.
  package var statuses: [ExitStatus]

  /// Declares a command.
  package init(
    name: String, overview: String, argument: ArgumentDeclaration? = nil,
    sections: [HelpSection] = [], statuses: [ExitStatus]
  ) {
    self.name = name
    self.overview = overview
    self.argument = argument
    self.sections = sections
    self.statuses = statuses
  }

  /// Every exit status the command can end with, as the help lists them.
  package var exitStatuses: [ExitStatus] {
    statuses.contains { $0.code == .outputFailed } ? statuses : statuses + [.outputFailed]
  }

  /// `USAGE: login-replay [<options>] <file>`.
  package var usageLine: String {
    "USAGE: \(name) [<options>]" + (argument.map { " <\($0.placeholder)>" } ?? "")
  }

  /// What `--version` prints: the program's name and the package's version.
  package var versionText: String { "\(name) \(LoginFlowVersion.current)" }

  /// Every option's name, the command's own then `--version` and `--help`, as an unknown
  /// option's error lists them.
  package var optionNames: [String] {
    Option.allCases.map(\.name) + StandardOption.allCases.map(\.name)
  }

  /// The command as its usage errors name it.
  package var usage: UsageCommand {
    UsageCommand(name: name, usageLine: usageLine, optionNames: optionNames, argument: argument)
  }

  /// A usage error of this command, for a problem found after the scan (a missing file).
  package func error(_ kind: UsageError.Kind) -> UsageError {
    UsageError(kind, command: usage)
  }

  /// What `--help` prints, in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXIT STATUS
  /// layout (with the further sections before EXIT STATUS).
  package var helpText: String {
    var sections = ["OVERVIEW: " + overview, usageLine]
    if let argument {
      sections.append(
        HelpLayout.section(
          "ARGUMENTS", [(label: "<\(argument.placeholder)>", abstract: argument.abstract)]))
    }
    let options =
      Option.allCases.map(HelpLayout.entry(for:)) + StandardOption.allCases.map(HelpLayout.entry)
    sections.append(HelpLayout.section("OPTIONS", options))
    sections += self.sections.map { HelpLayout.section($0.title, $0.entries) }
    sections.append(
      "EXIT STATUS:\n" + exitStatuses.map(HelpLayout.status).joined(separator: "\n"))
    return sections.joined(separator: "\n\n")
  }

  /// Parses `arguments` (without the program name): `--help` or `--version` when asked for
  /// (``OptionScanner/request(in:)``), else `nil` after applying every option and argument in
  /// order through the closures.
  ///
  /// - Throws: The first ``UsageError`` in argument order.
  package func parse(
    _ arguments: [String],
    option: (_ option: Option, _ cursor: ArgumentCursor) throws(UsageError.Kind) -> Void,
    argument: (_ text: String, _ position: Int) throws(UsageError.Kind) -> Void = {
      _, position throws(UsageError.Kind) in
      throw .unexpectedArgument(position: position)
    }
  ) throws(UsageError) -> StandardOption? {
    if let request = OptionScanner.request(in: arguments) { return request }
    try OptionScanner.scan(arguments, for: self, option: option, argument: argument)
    return nil
  }
}
