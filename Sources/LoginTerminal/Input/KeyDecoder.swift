/// Turns the bytes a terminal in raw mode sends into ``Key``s.
///
/// It keeps what a chunk leaves unfinished (half of a multi-byte character, an escape
/// sequence, a paste still open) for the next chunk. An `ESC` that ends a chunk is the Esc
/// key: terminals send each escape sequence in one write. Unknown escape sequences and other
/// control bytes are dropped. Pure: no terminal, no clock, so every mapping is a unit test.
public struct KeyDecoder: Sendable {
  private static let escape: UInt8 = 0x1B
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Bytes not yet decoded.
  private var pending: [UInt8] = []
  /// The bytes of a paste in progress, or `nil` outside a paste.
  private var paste: [UInt8]?

  /// A decoder with nothing pending.
  public init() {}

  /// The keys `bytes` complete, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
    }
    while index < pending.count {
      if var pasted = paste {
        if let end = Self.find(Self.pasteEnd, in: pending, from: index) {
          pasted.append(contentsOf: pending[index..<end])
          paste = nil
          keys.append(.paste(Self.pasteText(pasted)))
          index = end + Self.pasteEnd.count
        } else {
          // Keep a possible start of the end marker for the next chunk.
          let keep = Self.partialSuffix(of: pending[index...], matching: Self.pasteEnd)
          pasted.append(contentsOf: pending[index..<(pending.count - keep)])
          paste = pasted
          index = pending.count - keep
          break
        }
        continue
      }
      let byte = pending[index]
      switch byte {
      case Self.escape:
        flushText()
        switch escapeSequence(at: index) {
        case .incomplete:
          pending.removeFirst(index)
          return keys
        case .key(let key, let length):
          if let key { keys.append(key) }
          index += length
        case .pasteStarted(let length):
          paste = []
          index += length
        }
        continue
      case 0x20..<0x7F:
        text.append(byte)
        index += 1
        continue
      case 0x80...0xFF:
        let length = Self.scalarLength(leadingByte: byte)
        guard index + length <= pending.count else {
          flushText()
          pending.removeFirst(index)
          return keys
        }
        text.append(contentsOf: pending[index..<(index + length)])
        index += length
        continue
      default:
        break
      }
      flushText()
      index += 1
      switch byte {
      case 0x03, 0x04: keys.append(.quit)
      case 0x08, 0x7F: keys.append(.backspace)
      case 0x09: keys.append(.tab)
      case 0x0A, 0x0D: keys.append(.enter)
      case 0x0C: keys.append(.redraw)
      case 0x12: keys.append(.resend)
      case 0x15: keys.append(.clearField)
      default: break
      }
    }
    flushText()
    pending.removeFirst(min(index, pending.count))
    return keys
  }

  private enum EscapeSequence {
    /// More bytes are needed.
    case incomplete
    /// A key (or nothing, for an unknown sequence) and the bytes it used.
    case key(Key?, length: Int)
    /// `ESC[200~`.
    case pasteStarted(length: Int)
  }

  /// The escape sequence starting at `start` (an `ESC`).
  private func escapeSequence(at start: Int) -> EscapeSequence {
    let rest = pending.count - start
    guard rest >= 2 else { return .key(.escape, length: 1) }
    let introducer = pending[start + 1]
    switch introducer {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates up to a final byte in 0x40...0x7E.
      var end = start + 2
      while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
      guard end < pending.count else {
        // An unfinished sequence waits, unless it cannot be one (too long to be real).
        return end - start > 32 ? .key(nil, length: end - start) : .incomplete
      }
      let sequence = Array(pending[start...end])
      let length = sequence.count
      if sequence == Self.pasteStart { return .pasteStarted(length: length) }
      switch (sequence.count, pending[end]) {
      case (3, UInt8(ascii: "A")): return .key(.up, length: length)
      case (3, UInt8(ascii: "B")): return .key(.down, length: length)
      case (3, UInt8(ascii: "Z")): return .key(.backTab, length: length)
      default: return .key(nil, length: length)
      }
    case UInt8(ascii: "O"):
      guard rest >= 3 else { return .incomplete }
      switch pending[start + 2] {
      case UInt8(ascii: "A"): return .key(.up, length: 3)
      case UInt8(ascii: "B"): return .key(.down, length: 3)
      default: return .key(nil, length: 3)
      }
    case Self.escape:
      // Esc pressed twice: the first is a key of its own.
      return .key(.escape, length: 1)
    default:
      // Alt+key: Esc, then the key.
      return .key(.escape, length: 1)
    }
  }

  /// How many bytes the UTF-8 sequence starting with `byte` has (1 for a stray byte, which
  /// then decodes to U+FFFD).
  private static func scalarLength(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }

  /// Pasted bytes as text: invalid UTF-8 replaced, control characters (newlines, tabs,
  /// escapes) removed, since both fields hold one line.
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var text = String.UnicodeScalarView()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars
    where !(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)) {
      text.append(scalar)
    }
    return String(text)
  }

  /// Where `needle` starts in `haystack` at or after `start`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }

  /// How many bytes at the end of `bytes` could begin `marker`.
  private static func partialSuffix(of bytes: ArraySlice<UInt8>, matching marker: [UInt8]) -> Int {
    for length in stride(from: min(marker.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
      return length
    }
    return 0
  }
}
