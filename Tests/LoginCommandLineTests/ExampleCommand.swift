import LoginCommandLine

/// A command declared as an executable declares one, for the module's tests: a value
/// option, a flag, a choice and a duration, and a file argument.
enum ExampleOption: String, CaseIterable, CommandOption {
  case name = "--name"
  case loud = "--loud"
  case level = "--level"
  case delay = "--delay"

  /// A level among three.
  enum Level: String, CaseIterable {
    case low, middle, high
  }

  var valueName: String? {
    switch self {
    case .name: "text"
    case .loud: nil
    case .level: "level"
    case .delay: "duration"
    }
  }

  var abstract: String {
    switch self {
    case .name: "Who to greet, in a sentence long enough to be wrapped beside its label."
    case .loud: "Shout."
    case .level: "How much."
    case .delay: "How long to wait first."
    }
  }

  var possibleValues: [String] {
    switch self {
    case .level: Level.allCases.map(\.rawValue)
    case .name, .loud, .delay: []
    }
  }

  var defaultValue: String? {
    switch self {
    case .level: Level.middle.rawValue
    case .delay: "1s"
    case .name, .loud: nil
    }
  }

  /// `example` with a file argument (`-` for standard input).
  static let command = CommandDeclaration<ExampleOption>(
    name: "example",
    overview: "Greet someone.\n\nA second paragraph.",
    argument: ArgumentDeclaration(
      placeholder: "file", noun: "greeting file", acceptsStandardInput: true,
      abstract: "The file to read, or - for standard input."),
    statuses: [
      ExitStatus(.success, "greeted"),
      ExitStatus(.failure, "nobody answered"),
      ExitStatus(.usageOrInputError, "a usage error"),
    ])

  /// `example-options` with options only.
  static let optionsOnly = CommandDeclaration<ExampleOption>(
    name: "example-options", overview: "Options only.", statuses: [])
}

/// What a command line of ``ExampleOption/command`` gave.
struct ExampleParse: Equatable {
  var request: StandardOption?
  var name: String?
  var loud = false
  var level = ExampleOption.Level.middle
  var delay = Duration.seconds(1)
  var arguments: [String] = []

  /// Parses `arguments` with ``ExampleOption/command``.
  static func parse(
    _ arguments: [String], command: CommandDeclaration<ExampleOption> = ExampleOption.command
  ) throws(UsageError) -> ExampleParse {
    var parsed = ExampleParse()
    let takesArguments = command.argument != nil
    let apply: (ExampleOption, ArgumentCursor) throws(UsageError.Kind) -> Void = {
      option, cursor throws(UsageError.Kind) in
      switch option {
      case .name: parsed.name = try cursor.value()
      case .loud: parsed.loud = try cursor.flag()
      case .level: parsed.level = try OptionValues.choice(try cursor.value(), for: option.name)
      case .delay:
        parsed.delay = try OptionValues.duration(
          try cursor.value(), for: option.name, in: .zero ... .seconds(10))
      }
    }
    if takesArguments {
      parsed.request = try command.parse(arguments, option: apply) {
        text, _ throws(UsageError.Kind) in
        parsed.arguments.append(text)
      }
    } else {
      parsed.request = try command.parse(arguments, option: apply)
    }
    return parsed
  }
}
