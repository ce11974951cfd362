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
    // A native string lends its bytes without a copy; a bridged one (never made by `reduce`)
    // takes the character rules.
    if let isValid = email.utf8.withContiguousStorageIfAvailable({ isValidASCIIEmail($0) }),
      let isValid
    {
      return isValid
    }
    return isValidEmailByCharacter(email)
  }

  /// The rules over characters: the reference for every input.
  static func isValidEmailByCharacter(_ email: String) -> Bool {
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

  /// The same rules over the bytes of an ASCII email, or `nil` when it is not ASCII.
  ///
  /// Typing runs validation on every keystroke; most addresses are ASCII, where one pass over
  /// the bytes gives the same answer as the character rules without grapheme breaking.
  static func isValidASCIIEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    // One pass. A rule broken early still reads on, because a non-ASCII byte anywhere means
    // the character rules decide.
    var start = -1
    var end = -1
    var atSign = -1
    var lastDot = -1
    var previous: UInt8 = 0
    var blankAfterText = false
    var isBroken = false
    for index in bytes.indices {
      let byte = bytes[index]
      if byte >= 0x80 { return nil }
      if isBlank(byte) {
        blankAfterText = start >= 0
        continue
      }
      // Whitespace between two non-blank bytes is inside the address.
      if blankAfterText { isBroken = true }
      if start < 0 { start = index }
      end = index
      if byte == UInt8(ascii: "@") {
        if atSign >= 0 || index == start { isBroken = true }
        atSign = index
      } else if byte == UInt8(ascii: "."), atSign >= 0 {
        // A label may not be empty: no dot right after the @ or after another dot.
        if index == atSign + 1 || previous == UInt8(ascii: ".") { isBroken = true }
        lastDot = index
      }
      previous = byte
    }
    guard !isBroken, start >= 0, atSign >= 0, lastDot > atSign else { return false }
    return end - lastDot >= 2
  }

  /// Whether `password` holds anything but whitespace and is no longer than
  /// ``LoginState/maximumPasswordLength``. Blanks around it are kept as typed.
  public static func isValidPassword(_ password: String) -> Bool {
    guard !exceeds(password, length: LoginState.maximumPasswordLength) else { return false }
    // A character is whitespace when its first scalar is, so a first byte that is ASCII and
    // not blank decides it: typing takes this path, with no grapheme breaking.
    if let first = password.utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first)
    {
      return true
    }
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
  public static func cut(_ text: String, toLength limit: Int) -> (text: String, wasCut: Bool) {
    guard let end = limitIndex(of: text, length: limit) else { return (text, false) }
    return (String(text.unicodeScalars[..<end]), true)
  }

  /// The index after the first `limit` scalars of `text` when more follow it, else `nil`.
  @inline(__always)
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
