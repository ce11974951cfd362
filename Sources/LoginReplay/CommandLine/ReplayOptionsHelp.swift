import LoginFlow

extension ReplayOptions {
  /// The one-line synopsis printed under a usage error.
  public static let usageLine = "USAGE: login-replay [<options>] <file>"

  /// What `--version` prints: the program's name and the package's version.
  public static let versionText = "login-replay \(LoginFlowVersion.current)"

  /// What `--help` prints, in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXIT STATUS
  /// layout, built from the declarations of ``Option`` and ``ExitCode`` as
  /// swift-argument-parser's help generator builds its help.
  public static let helpText = HelpGenerator.text

  /// Builds ``helpText``: each option's names and value, then its abstract followed by its
  /// possible values and default, wrapped under a label column.
  enum HelpGenerator {
    /// The widest line the help wraps to.
    static let width = 85
    /// Where abstracts start: labels of up to `labelWidth - 4` columns share their line.
    static let labelWidth = 26

    static let overview = """
      OVERVIEW: Replay a login session file through the real login store.

      A session file (.login) is a script of what a user does on the login screen and what
      the screen must show. login-replay runs it on a virtual clock and prints what the
      screen showed. See Docs/SessionFormat.md for the language.
      """

    static var text: String {
      let arguments = entry(
        label: "<file>",
        abstract: "The session file to run, or - to read the session from standard input line "
          + "by line. With --coverage, several may follow one another.")
      let options = Option.allCases.map { option in
        entry(label: label(of: option), abstract: abstract(of: option))
      }
      let statuses = ExitCode.allCases.map { "  \($0.rawValue)  \($0.abstract)" }
      return [
        overview,
        usageLine,
        "ARGUMENTS:\n" + arguments,
        "OPTIONS:\n" + options.joined(separator: "\n"),
        "EXIT STATUS:\n" + statuses.joined(separator: "\n"),
      ].joined(separator: "\n\n")
    }

    /// `--timeout <duration>`, `-h, --help`.
    static func label(of option: Option) -> String {
      let names = option.names.joined(separator: ", ")
      guard let value = option.valueName else { return names }
      return "\(names) <\(value)>"
    }

    /// The abstract, then `(values: …; default: …)` when the option has either.
    static func abstract(of option: Option) -> String {
      var details: [String] = []
      if !option.possibleValues.isEmpty {
        details.append("values: " + option.possibleValues.joined(separator: ", "))
      }
      if let value = option.defaultValue { details.append("default: \(value)") }
      guard !details.isEmpty else { return option.abstract }
      return option.abstract + " (" + details.joined(separator: "; ") + ")"
    }

    /// `label` in the label column and `abstract` wrapped beside it; a label too wide for
    /// its column gets a line of its own.
    static func entry(label: String, abstract: String) -> String {
      let indent = String(repeating: " ", count: labelWidth)
      var lines: [String] = []
      var current = "  " + label
      if current.count > labelWidth - 2 {
        lines.append(current)
        current = indent
      } else {
        current += String(repeating: " ", count: labelWidth - current.count)
      }
      var lineHasWords = false
      for word in abstract.split(separator: " ") {
        if lineHasWords, current.count + 1 + word.count > width {
          lines.append(current)
          current = indent
          lineHasWords = false
        }
        current += (lineHasWords ? " " : "") + word
        lineHasWords = true
      }
      lines.append(current)
      return lines.joined(separator: "\n")
    }
  }
}
