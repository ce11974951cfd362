/// Whether `login-tui` colours its screen: only on a terminal that has colours, never with
/// `NO_COLOR` set to a non-empty value (https://no-color.org: an empty one keeps colour) or
/// `TERM=dumb`.
public enum ColorSupport {
  /// Whether colours are on for this environment: `TERM` set and not `dumb`, and `NO_COLOR`
  /// absent or empty.
  public static func isEnabled(environment: [String: String]) -> Bool {
    guard environment["NO_COLOR"]?.isEmpty ?? true, let term = environment["TERM"] else {
      return false
    }
    return !term.isEmpty && term != "dumb"
  }
}
