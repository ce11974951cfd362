import LoginHTTP

/// The version of `login-replay`, kept in this one place for `--version` and any output.
public enum ReplayVersion {
  /// The version number, following semantic versioning.
  public static let current = LoginFlowVersion.current
}
