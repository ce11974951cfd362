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
    // One pass over the text: blanks around the address are skipped, a blank inside it
    // fails; the local part's length, then the domain's labels, are counted.
    var localLength = 0
    var domain: (labels: Int, lastLength: Int)?
    var hasBegun = false
    var blankAfterAddress = false
    for character in email {
      let kind = Kind(of: character)
      if kind == .blank {
        blankAfterAddress = hasBegun
        continue
      }
      if blankAfterAddress { return false }
      hasBegun = true
      switch (kind, domain) {
      case (.atSign, nil):
        guard localLength > 0 else { return false }
        domain = (labels: 1, lastLength: 0)
      case (.atSign, .some):
        return false
      case (.dot, .some(let current)):
        guard current.lastLength > 0 else { return false }
        domain = (labels: current.labels + 1, lastLength: 0)
      case (.dot, nil), (.other, nil):
        localLength += 1
      case (.other, .some(let current)):
        domain = (labels: current.labels, lastLength: current.lastLength + 1)
      case (.blank, _):
        return false
      }
    }
    guard let domain else { return false }
    return domain.labels >= 2 && domain.lastLength >= 2
  }

  /// Whether `password` holds anything but whitespace and is no longer than
  /// ``LoginState/maximumPasswordLength``. Blanks around it are kept as typed.
  public static func isValidPassword(_ password: String) -> Bool {
    guard !exceeds(password, length: LoginState.maximumPasswordLength) else { return false }
    return !password.allSatisfy { Kind(of: $0) == .blank }
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
    String(text[trimmedRange(of: text)])
  }

  /// The range of `text` between its first and last characters that are not whitespace.
  private static func trimmedRange(of text: String) -> Range<String.Index> {
    guard let first = text.firstIndex(where: { Kind(of: $0) != .blank }),
      let last = text.lastIndex(where: { Kind(of: $0) != .blank })
    else { return text.startIndex..<text.startIndex }
    return first..<text.index(after: last)
  }

  /// What a character is to the rules. A character of one UTF-8 byte is that ASCII byte, and
  /// any other is never `@` or `.`, so only those ask Unicode whether they are whitespace
  /// (`Character.isWhitespace`): the look-up, and comparing characters, would otherwise be
  /// most of a keystroke's cost.
  private enum Kind {
    /// Whitespace or a newline.
    case blank
    case atSign
    case dot
    /// Any other character.
    case other

    init(of character: Character) {
      let utf8 = character.utf8
      guard utf8.count == 1, let byte = utf8.first else {
        self = character.isWhitespace ? .blank : .other
        return
      }
      switch byte {
      case UInt8(ascii: "@"): self = .atSign
      case UInt8(ascii: "."): self = .dot
      case UInt8(ascii: " "), 0x09...0x0D: self = .blank
      default: self = .other
      }
    }
  }
}
