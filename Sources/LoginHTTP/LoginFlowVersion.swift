/// The version of LoginFlow, in one place.
///
/// The HTTP client names it in its `User-Agent`; tools such as `login-replay --version`
/// should print the same constant so that the two can never disagree.
public enum LoginFlowVersion {
  /// The semantic version of this release, for example `0.1.0`.
  public static let current = "0.1.0"

  /// The `User-Agent` value sent with every request: `LoginFlow/<version>`.
  public static var userAgent: String { "LoginFlow/\(current)" }
}
