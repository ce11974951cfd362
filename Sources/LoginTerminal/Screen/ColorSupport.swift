/// Whether `login-tui` colours its screen: only on a terminal that has colours, never with
/// `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
public enum ColorSupport {
  /// Whether colours are on for this environment: `TERM` set and not `dumb`, and no
  /// `NO_COLOR`, whatever its value.
  public static func isEnabled(environment: [String: String]) -> Bool {
    guard environment["NO_COLOR"] == nil, let term = environment["TERM"] else { return false }
    return !term.isEmpty && term != "dumb"
  }
}
