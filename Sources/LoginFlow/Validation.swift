/// The form's validation rules, deliberately lenient.
///
/// A login form catches typos; it does not prove an address exists, and it accepts every
/// password the backend might, so there is no length or character rule for passwords.
public enum Validation {
  /// Whether `email` looks like an address once surrounding whitespace is removed.
  ///
  /// The trimmed text must contain exactly one `@`, a non-empty part before it, a domain
  /// of at least two non-empty dot-separated labels whose last has two or more characters,
  /// and no whitespace anywhere.
  public static func isValidEmail(_ email: String) -> Bool {
    let address = trimmed(email)
    guard !address.contains(where: \.isWhitespace) else { return false }
    let halves = address.split(separator: "@", omittingEmptySubsequences: false)
    guard halves.count == 2, let local = halves.first, let domain = halves.last,
      !local.isEmpty
    else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let last = labels.last else { return false }
    return labels.allSatisfy { !$0.isEmpty } && last.count >= 2
  }

  /// Whether `password` holds anything but whitespace. Blanks around it are kept as typed.
  public static func isValidPassword(_ password: String) -> Bool {
    !password.allSatisfy(\.isWhitespace)
  }

  /// `text` without leading and trailing whitespace and newlines.
  public static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
