import LoginFlow

/// The key-hint line at the bottom of the screen — the few keys that matter where the user
/// is (`Tab next · Enter sign in · Esc cancel · Ctrl-C quit`) — and what a screen reader
/// reads for it on F1. The key names come from ``KeyBinding``.
public enum KeyHints {
  /// One hint: a binding, named by its first key, and what it does here.
  public struct Hint: Equatable, Sendable {
    /// The keys, of which the hint names the first.
    public var binding: KeyBinding
    /// What they do on this screen, in a word or two.
    public var action: String

    /// `Tab next`.
    public var text: String { (binding.keys.first ?? "") + " " + action }
  }

  /// The hints for the screen showing `state`, most useful first; quitting is always last.
  public static func hints(for state: LoginState) -> [Hint] {
    let quit = Hint(binding: .quit, action: "quit")
    if state.secondFactor != nil {
      return [
        Hint(binding: .enter, action: "verify"), Hint(binding: .resend, action: "new code"),
        Hint(binding: .escape, action: "back"), quit,
      ]
    }
    if state.deviceLogin != nil { return [Hint(binding: .escape, action: "cancel"), quit] }
    if state.isLoggedIn { return [Hint(binding: .enter, action: "log out"), quit] }
    if state.isLoading { return [Hint(binding: .escape, action: "cancel"), quit] }
    return [
      Hint(binding: .nextFocus, action: "next"), Hint(binding: .enter, action: "sign in"),
      Hint(binding: .escape, action: "cancel"), quit,
    ]
  }

  /// The hints as one line of at most `width` columns: hints before the last are left out,
  /// from the end, until the line fits (the last, quitting, stays), then the line is cut.
  public static func line(for state: LoginState, width: Int, ascii: Bool) -> String {
    let separator = ascii ? " | " : " \u{B7} "
    var hints = hints(for: state).map(\.text)
    var line = hints.joined(separator: separator)
    while line.count > width, hints.count > 1 {
      hints.remove(at: hints.count - 2)
      line = hints.joined(separator: separator)
    }
    return String(line.prefix(max(width, 0)))
  }

  /// What a screen reader says for the hints: `Keys: Tab, next. Enter, sign in. …`.
  public static func spoken(for state: LoginState) -> String {
    "Keys: "
      + hints(for: state).map { ($0.binding.keys.first ?? "") + ", " + $0.action + "." }
      .joined(separator: " ")
  }
}
