import LoginCommandLine

/// What a replay did, counted as it ran: the summary line and the exit status come from it.
public struct ReplaySummary: Equatable, Sendable {
  /// Actions the store applied: the session's own, and the responses and timeouts fed back.
  public var actions = 0
  /// Expectations that held.
  public var passed = 0
  /// Expectations that did not hold.
  public var failed = 0
  /// Lines that were reported as errors and skipped (standard input only).
  public var rejectedLines = 0

  /// Creates an empty summary.
  public init() {}

  /// 2 when a line was rejected, else 1 when an expectation failed, else 0.
  public var exitCode: ExitCode {
    if rejectedLines > 0 { return .usageOrInputError }
    if failed > 0 { return .expectationFailed }
    return .success
  }
}
