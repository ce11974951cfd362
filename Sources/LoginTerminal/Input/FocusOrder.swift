import LoginFlow
import LoginRendering

/// How focus moves: Tab and ↓ go forward through ``Focus/allCases`` (email, password,
/// toggle, button) and wrap around; Shift-Tab and ↑ go back. Focus is the front end's state,
/// not the machine's.
public enum FocusOrder {
  /// Where the focus starts.
  public static let initial = Focus.email

  /// The control after `focus`, wrapping to the first.
  public static func next(after focus: Focus) -> Focus {
    let all = Focus.allCases
    let index = all.firstIndex(of: focus) ?? all.startIndex
    return all[(index + 1) % all.count]
  }

  /// The control before `focus`, wrapping to the last.
  public static func previous(before focus: Focus) -> Focus {
    let all = Focus.allCases
    let index = all.firstIndex(of: focus) ?? all.startIndex
    return all[(index + all.count - 1) % all.count]
  }

  /// Where the focus goes when the store moves from `before` to `after` by itself: to the
  /// Log Out button on a successful login, back to the email field after logging out;
  /// otherwise it stays.
  public static func focus(_ focus: Focus, from before: LoginState, to after: LoginState) -> Focus {
    if after.isLoggedIn, !before.isLoggedIn { return .button }
    // The code step shows its field where the email was; back from it, the password waits.
    if after.secondFactor != nil, before.secondFactor == nil { return initial }
    if before.secondFactor != nil, after.secondFactor == nil, !after.isLoggedIn { return .password }
    if before.isLoggedIn, !after.isLoggedIn { return initial }
    return focus
  }
}
