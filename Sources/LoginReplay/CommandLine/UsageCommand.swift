/// The program a ``UsageError`` is about: how its report names it, its usage line and the
/// options an unknown one is checked against.
public struct UsageCommand: Equatable, Sendable {
  /// The program's name, as in `See 'login-replay --help'`.
  public var name: String
  /// The one-line synopsis printed under the error.
  public var usageLine: String
  /// Every option's name, listed after an unknown option.
  public var optionNames: [String]

  /// Describes a program.
  public init(name: String, usageLine: String, optionNames: [String]) {
    self.name = name
    self.usageLine = usageLine
    self.optionNames = optionNames
  }

  /// `login-replay`.
  public static let replay = UsageCommand(
    name: "login-replay", usageLine: ReplayOptions.usageLine,
    optionNames: ReplayOptions.Option.allCases.map(\.rawValue))
}
