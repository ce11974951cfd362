/// The form's validation rules, deliberately lenient, and the fields' length limits.
///
/// A login form catches typos; it does not prove an address exists, and it accepts every
/// password the backend might, so there is no character rule for passwords and no minimum
/// length. The only length rule is the fields' maximum (``LoginState/maximumEmailLength``,
/// ``LoginState/maximumPasswordLength``, in Unicode scalars): ``reduce(_:_:)`` never stores
/// more, and a text longer than its field's maximum is not valid. So every check here reads
/// at most a bounded prefix of its input, however long the input is.
public enum Validation {
  /// Whether `email` looks like an address once surrounding whitespace is removed.
  ///
  /// The text must be no longer than ``LoginState/maximumEmailLength``, and once trimmed
  /// contain exactly one `@`, a non-empty part before it, a domain of at least two non-empty
  /// dot-separated labels whose last has two or more characters, and no whitespace anywhere.
  public static func isValidEmail(_ email: String) -> Bool {
    guard !exceeds(email, length: LoginState.maximumEmailLength) else { return false }
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

  /// Whether `password` holds anything but whitespace and is no longer than
  /// ``LoginState/maximumPasswordLength``. Blanks around it are kept as typed.
  public static func isValidPassword(_ password: String) -> Bool {
    guard !exceeds(password, length: LoginState.maximumPasswordLength) else { return false }
    return !password.allSatisfy(\.isWhitespace)
  }

  /// Whether `text` has more than `limit` Unicode scalars.
  ///
  /// It reads at most `limit + 1` scalars, so it costs O(`limit`) whatever the length of
  /// `text`.
  public static func exceeds(_ text: String, length limit: Int) -> Bool {
    limitIndex(of: text, length: limit) != nil
  }

  /// `text` cut to its first `limit` Unicode scalars, and whether anything was cut.
  ///
  /// A text within the limit comes back unchanged. The cut counts Unicode scalars (code
  /// points, as NIST SP 800-63B counts a password's characters), so a character made of
  /// several scalars — an accented letter written with a combining mark, a flag, an emoji
  /// sequence — may lose its last scalars when the limit falls inside it. It reads at most
  /// `limit + 1` scalars: O(`limit`) whatever the length of `text`.
  public static func cut(_ text: String, toLength limit: Int) -> (
    text: String, wasCut: Bool
  ) {
    guard let end = limitIndex(of: text, length: limit) else { return (text, false) }
    return (String(text.unicodeScalars[..<end]), true)
  }

  /// The index after the first `limit` scalars of `text` when more follow it, else `nil`.
  private static func limitIndex(of text: String, length limit: Int) -> String.Index? {
    // A scalar takes at least one UTF-8 byte: a text of no more bytes than `limit` has no
    // more scalars either, and a native string knows its byte count without reading it.
    if text.utf8.count <= limit { return nil }
    return scalarIndex(of: text, after: limit)
  }

  /// ``limitIndex(of:length:)`` for a text longer in bytes than `limit`: counts its scalars.
  private static func scalarIndex(of text: String, after limit: Int) -> String.Index? {
    let scalars = text.unicodeScalars
    guard
      let end = scalars.index(
        scalars.startIndex, offsetBy: max(limit, 0), limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return nil }
    return end
  }

  /// `text` without leading and trailing whitespace and newlines.
  public static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
