import LoginCommandLine

extension ExitCode {
  /// 1 for `login-replay`: the session ran and at least one expectation failed.
  public static let expectationFailed = ExitCode.failure
}
