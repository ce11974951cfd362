/// The program a ``UsageError`` is about: how its report names it, its usage line, the
/// options an unknown one is checked against and its positional argument, if it takes one.
///
/// Made from the program's ``CommandDeclaration`` (its ``CommandDeclaration/usage``), so a
/// usage error says what the help says.
public struct UsageCommand: Equatable, Sendable {
  /// The program's name, as in `See 'login-replay --help'`.
  package var name: String
  /// The one-line synopsis printed under the error.
  package var usageLine: String
  /// Every option's name, listed after an unknown option.
  package var optionNames: [String]
  /// The positional argument, named in the errors about it; `nil` for options only.
  package var argument: ArgumentDeclaration?

  /// Describes a program.
  package init(
    name: String, usageLine: String, optionNames: [String], argument: ArgumentDeclaration?
  ) {
    self.name = name
    self.usageLine = usageLine
    self.optionNames = optionNames
    self.argument = argument
  }
}
