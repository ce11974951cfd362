/// The two options every command has and the scanner answers itself: `--help` (also `-h`)
/// and `--version`, each printed on standard output with exit status 0.
package enum StandardOption: String, CommandOption {
  /// `--version`: the program's name and the package's version.
  case version = "--version"
  /// `-h`, `--help`: the help, built from the command's declarations.
  case help = "--help"

  /// The option spelled `name` (`-h` is `--help`), or `nil` for any other.
  package init?(named name: String) {
    guard let option = Self.allCases.first(where: { $0.names.contains(name) }) else {
      return nil
    }
    self = option
  }

  /// `-h, --help`; `--version`.
  package var names: [String] {
    switch self {
    case .version: [rawValue]
    case .help: ["-h", rawValue]
    }
  }

  /// Both are flags.
  package var valueName: String? { nil }

  /// What the help says of each.
  package var abstract: String {
    switch self {
    case .version: "Show the version."
    case .help: "Show help information."
    }
  }

  /// Flags accept no value.
  package var possibleValues: [String] { [] }

  /// Flags have no default to show.
  package var defaultValue: String? { nil }
}
