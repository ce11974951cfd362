/// The version of LoginFlow, in the one module every other module sees.
///
/// The HTTP client names it in its `User-Agent` and the tools print it for `--version`, so
/// they can never disagree.
public enum LoginFlowVersion {
  /// The semantic version of this release, for example `0.1.0`.
  public static let current = "0.1.0"
}
