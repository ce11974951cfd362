import LoginCommandLine

extension ReplayOptions {
  /// `login-replay` as its help, usage errors and parser know it: every text about its
  /// command line is derived from this declaration and from ``Option``'s.
  package static let command = CommandDeclaration<Option>(
    name: "login-replay",
    overview: """
      Replay a login session file through the real login store.

      A session file (.login) is a script of what a user does on the login screen and what
      the screen must show. login-replay runs it on a virtual clock and prints what the
      screen showed. See Docs/SessionFormat.md for the language.
      """,
    argument: ArgumentDeclaration(
      placeholder: "file", noun: "session file", acceptsStandardInput: true,
      abstract: "The session file to run, or - to read the session from standard input line "
        + "by line. With --coverage, several may follow one another."),
    statuses: [
      ExitStatus(.success, "every expectation held"),
      ExitStatus(.expectationFailed, "at least one expectation failed"),
      ExitStatus(.usageOrInputError, "a usage, input or parse error"),
    ])

  /// The one-line synopsis printed under a usage error.
  public static let usageLine = command.usageLine

  /// What `--version` prints: the program's name and the package's version.
  public static let versionText = command.versionText

  /// What `--help` prints, in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXIT STATUS
  /// layout, built from the declarations of ``command`` and ``Option``.
  public static let helpText = command.helpText
}
