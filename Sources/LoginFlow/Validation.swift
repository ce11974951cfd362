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
  @inline(__always)
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
  @inline(__always)
  static func isValidASCIIEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    bytes.count <= UInt64.bitWidth ? isValidShortASCIIEmail(bytes) : isValidLongASCIIEmail(bytes)
  }

  /// ``isValidASCIIEmail(_:)`` for at most 64 bytes: eight bytes at a time, it records where
  /// the `@` and the dots are, one bit per byte, without a branch per byte; the rules are then
  /// a few operations on those bits. Typing validates on every keystroke, so this is most of a
  /// keystroke's work. An address with a blank or a control character (to trim, or to find
  /// inside) takes the byte-at-a-time rules.
  @inline(__always)
  static func isValidShortASCIIEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    var atSigns: UInt64 = 0
    var dots: UInt64 = 0
    var highBits: UInt64 = 0
    var hasSpaceOrControl = false
    var offset = 0
    while offset < bytes.count {
      let word = ByteWord(bytes, from: offset)
      highBits |= word.bits
      hasSpaceOrControl =
        hasSpaceOrControl || word.hasByte(below: 0x21, inFirst: bytes.count &- offset)
      let shift = UInt64(offset)
      atSigns |= ByteWord.gather(word.bytes(equalTo: UInt8(ascii: "@"))) &<< shift
      dots |= ByteWord.gather(word.bytes(equalTo: UInt8(ascii: "."))) &<< shift
      offset &+= 8
    }
    // A non-ASCII byte anywhere: the character rules decide.
    guard highBits & ByteWord.highBitOfEachByte == 0 else { return nil }
    guard !hasSpaceOrControl else { return isValidLongASCIIEmail(bytes) }
    guard bytes.count > 0, atSigns.nonzeroBitCount == 1 else { return false }
    // Exactly one @, not first.
    let atSign = atSigns.trailingZeroBitCount
    guard atSign != 0, atSign < UInt64.bitWidth - 1 else { return false }
    // The domain's dots: at least one, none right after the @, no two in a row, and the
    // last label at least two bytes long.
    let afterAtSign = UInt64(1) &<< UInt64(atSign + 1)
    let domainDots = dots & ~(afterAtSign &- 1)
    guard domainDots != 0, domainDots & afterAtSign == 0, domainDots & (domainDots &>> 1) == 0
    else { return false }
    let lastDot = UInt64.bitWidth - 1 - domainDots.leadingZeroBitCount
    return bytes.count - 1 - lastDot >= 2
  }

  /// ``isValidASCIIEmail(_:)`` for any length, one byte at a time.
  static func isValidLongASCIIEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
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
  @inline(__always)
  public static func isValidPassword(_ password: String) -> Bool {
    guard !exceeds(password, length: LoginState.maximumPasswordLength) else { return false }
    // A character is whitespace when its first scalar is, so a first byte that is ASCII and
    // not blank decides it: typing takes this path, with no grapheme breaking.
    if !password.isEmpty {
      let first = password.utf8[password.utf8.startIndex]
      if first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return true }
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
  @inline(__always)
  public static func cut(_ text: consuming String, toLength limit: Int) -> (
    text: String, wasCut: Bool
  ) {
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
    // Nearly every address starts and ends with a printable ASCII byte, and then there is
    // nothing to trim: a character is whitespace when its first scalar is, and no grapheme
    // that starts with whitespace goes on into an ASCII byte that is not a blank.
    if let first = text.utf8.first, let last = text.utf8.last, isPrintableASCII(first),
      isPrintableASCII(last)
    {
      return text
    }
    return trimmedByCharacter(text)
  }

  /// ``trimmed(_:)`` over characters: the reference for every input.
  static func trimmedByCharacter(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }

  /// Whether `byte` is ASCII and neither a blank (space, tab, line or page break) nor
  /// another control character.
  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F
  }
}

/// Eight bytes of a text in one `UInt64`, the first in the lowest byte, and tests of all
/// eight at once (SWAR: "SIMD within a register"); each test sets the high bit of the bytes
/// it holds for.
struct ByteWord {
  /// The high bit of each of the eight bytes.
  static let highBitOfEachByte: UInt64 = 0x8080_8080_8080_8080
  private static let lowBitsOfEachByte: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let eachByte: UInt64 = 0x0101_0101_0101_0101

  let bits: UInt64

  /// The eight bytes of `bytes` from `offset`; past its end, zero bytes.
  ///
  /// A short tail is read without a loop: as the last eight bytes of the text, shifted down,
  /// or as two overlapping loads of four (or two) bytes, whose common bytes are the same
  /// bytes in the same places.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) {
    guard let base = bytes.baseAddress else {
      bits = 0
      return
    }
    func load<Word: FixedWidthInteger & UnsignedInteger>(_: Word.Type, at index: Int) -> UInt64 {
      UInt64(Word(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: Word.self)))
    }
    let available = bytes.count - offset
    if available >= 8 {
      bits = load(UInt64.self, at: offset)
    } else if bytes.count >= 8 {
      bits = load(UInt64.self, at: bytes.count - 8) &>> UInt64(8 * (8 - available))
    } else if available >= 4 {
      bits =
        load(UInt32.self, at: offset)
        | load(UInt32.self, at: offset + available - 4) &<< UInt64(8 * (available - 4))
    } else if available >= 2 {
      bits =
        load(UInt16.self, at: offset)
        | load(UInt16.self, at: offset + available - 2) &<< UInt64(8 * (available - 2))
    } else if available == 1 {
      bits = UInt64(base[offset])
    } else {
      bits = 0
    }
  }

  /// The high bit set in each byte equal to `byte`, exactly (no carry crosses bytes).
  @inline(__always)
  func bytes(equalTo byte: UInt8) -> UInt64 {
    let difference = bits ^ (UInt64(byte) &* Self.eachByte)
    let nonZero = ((difference & Self.lowBitsOfEachByte) &+ Self.lowBitsOfEachByte) | difference
    return ~nonZero & Self.highBitOfEachByte
  }

  /// Whether one of the word's first `count` bytes (all eight when `count` is 8 or more) is
  /// below `limit`, at most 0x80. A borrow from such a byte may flag the bytes above it too,
  /// so only whether any is flagged is meaningful; the zero bytes past the text are above
  /// every byte of it, so they cannot flag one.
  @inline(__always)
  func hasByte(below limit: UInt8, inFirst count: Int) -> Bool {
    let present: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
    let below = (bits &- UInt64(limit) &* Self.eachByte) & ~bits & Self.highBitOfEachByte
    return below & present != 0
  }

  /// The high bits of `flags` (one per byte) as the eight low bits, byte 0 in bit 0.
  @inline(__always)
  static func gather(_ flags: UInt64) -> UInt64 {
    ((flags &>> 7) &* 0x0102_0408_1020_4080) &>> 56
  }
}
