/// The exit statuses every program of the package shares, in the manner of
/// swift-argument-parser's `ExitCode`: 0 success, 1 a failure that is the program's own (an
/// expectation, an invariant), 2 a usage or input error, 3 standard output could not be
/// written. Each program's help says what each means for it (``ExitStatus``).
public struct ExitCode: RawRepresentable, Equatable, Hashable, Sendable {
  /// The status passed to `exit`.
  public var rawValue: Int32

  /// Creates an exit code with any status, such as 128 + n after signal n.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: the program did what it was asked (also `--help` and `--version`).
  public static let success = ExitCode(rawValue: 0)
  /// 1: the program ran and found what it reports as a failure; what that is is each
  /// program's own (an expectation failed, an invariant was violated, the terminal failed).
  public static let failure = ExitCode(rawValue: 1)
  /// 2: a usage error, or an input the program cannot use.
  public static let usageOrInputError = ExitCode(rawValue: 2)
  /// 3: standard output could not be written (a full disk, `/dev/full`, a closed
  /// descriptor); said once on standard error. A pipe closed by its reader ends the program
  /// quietly instead.
  public static let outputFailed = ExitCode(rawValue: 3)

  /// The worse of the two statuses, for several runs of one command: the statuses are
  /// numbered from best to worst, so it is the greater.
  public func worse(_ other: ExitCode) -> ExitCode {
    rawValue >= other.rawValue ? self : other
  }
}
