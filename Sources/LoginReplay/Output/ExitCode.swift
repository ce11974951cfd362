/// The exit statuses of `login-replay`, in the manner of swift-argument-parser's `ExitCode`.
public struct ExitCode: RawRepresentable, Equatable, Hashable, Sendable {
  /// The status passed to `exit`.
  public var rawValue: Int32

  /// Creates an exit code with any status.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: the session ran and every expectation held (also `--help` and `--version`).
  public static let success = ExitCode(rawValue: 0)
  /// 1: the session ran and at least one expectation failed.
  public static let expectationFailed = ExitCode(rawValue: 1)
  /// 2: a usage error, an unreadable input or a parse error.
  public static let usageOrInputError = ExitCode(rawValue: 2)
  /// 3: standard output could not be written (a full disk, `/dev/full`); what was lost is
  /// said once on standard error. A pipe closed by its reader ends the run quietly instead.
  public static let outputFailed = ExitCode(rawValue: 3)

  /// Every status `login-replay` exits with, in order, as the help lists them.
  public static let allCases: [ExitCode] = [
    .success, .expectationFailed, .usageOrInputError, .outputFailed,
  ]

  /// The worse of the two statuses, for several sessions run by one command: the statuses
  /// are numbered from best to worst, so it is the greater.
  public func worse(_ other: ExitCode) -> ExitCode {
    rawValue >= other.rawValue ? self : other
  }

  /// What the status means, in a few words for the help; empty for other statuses.
  public var abstract: String {
    switch self {
    case .success: "every expectation held"
    case .expectationFailed: "at least one expectation failed"
    case .usageOrInputError: "a usage, input or parse error"
    case .outputFailed: "standard output could not be written"
    default: ""
    }
  }
}
