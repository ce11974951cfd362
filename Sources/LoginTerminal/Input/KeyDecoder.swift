import LoginFlow

/// Turns the bytes a terminal in raw mode sends into ``Key``s, one byte at a time, in time
/// linear in the input, holding at most a field's worth of a paste.
///
/// It never swallows a control byte, whatever came before it:
/// - a UTF-8 character that breaks off yields U+FFFD for what was read, and the byte that
///   broke it is decoded afresh (a Latin-1 `é` does not eat the Enter after it);
/// - a C0 control (or a byte no sequence can hold) inside an escape sequence ends the
///   sequence unfinished, as terminals do, and is acted on;
/// - inside a bracketed paste, Ctrl-C ends the paste and is Ctrl-C, so an unterminated
///   paste cannot hold the program;
/// - an unfinished sequence waits for the next chunk; when nothing comes for
///   ``escapeTimeout``, the front end calls ``flush()``, and a lone `ESC` is the Esc key.
///
/// Unknown escape sequences and other control bytes are dropped. Pure: no terminal, no clock,
/// so every mapping is a unit test.
public struct KeyDecoder: Sendable {
  /// How long an unfinished sequence (a lone `ESC` above all) waits for its next byte before
  /// the front end calls ``flush()``: terminals send each sequence in one write, so anything
  /// later is a key of its own.
  public static let escapeTimeout = Duration.milliseconds(50)

  /// The most bytes a paste keeps: the longest field's scalars, at UTF-8's four bytes each.
  /// The rest of a longer paste is read and dropped.
  static let maximumPasteBytes =
    max(LoginState.maximumEmailLength, LoginState.maximumPasswordLength) * 4

  /// The most parameter bytes an escape sequence keeps; a longer one is read to its end and
  /// matches no key.
  private static let maximumParameterBytes = 16

  private static let escapeByte: UInt8 = 0x1B
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
  private static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// What the bytes read so far leave open.
  private enum Mode: Equatable, Sendable {
    /// Nothing.
    case ground
    /// A UTF-8 character of `length` bytes, `bytes` of it read.
    case character(bytes: [UInt8], length: Int)
    /// `ESC`.
    case escape
    /// `ESC [` and the parameter and intermediate bytes after it.
    case controlSequence(parameters: [UInt8])
    /// `ESC O`.
    case singleShift
    /// A bracketed paste, with the first `matched` bytes of its end marker just read.
    case paste(matched: Int)
  }

  private var mode = Mode.ground
  /// The bytes of the paste in progress (controls already left out), at most
  /// ``maximumPasteBytes``.
  private var pasted: [UInt8] = []

  /// A decoder with nothing pending.
  public init() {}

  /// Whether the bytes so far end inside a character or an escape sequence, which
  /// ``flush()`` ends if nothing follows within ``escapeTimeout``. An open paste does not
  /// count: it waits for its end marker (or Ctrl-C).
  public var isWaiting: Bool {
    switch mode {
    case .ground, .paste: false
    case .character, .escape, .controlSequence, .singleShift: true
    }
  }

  /// The keys `bytes` complete, in order.
  ///
  /// Inside a paste, a run of bytes that holds neither ESC (which may start the end marker)
  /// nor Ctrl-C is taken whole: what fits is kept, the rest skipped, so that a paste of
  /// megabytes costs a scan, not a step of the decoder per byte (20 MB in a debug build:
  /// 6 s that way, well under a second this way).
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    var output = Output()
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if case .paste(matched: 0) = mode {
        let end =
          bytes[index...].firstIndex { $0 == Self.escapeByte || $0 == 0x03 } ?? bytes.endIndex
        if end > index {
          keep(bytes[index..<end])
          index = end
          continue
        }
      }
      feed(bytes[index], into: &output)
      index += 1
    }
    return output.finished()
  }

  /// Ends what is waiting, because nothing followed it: a lone `ESC` (or `ESC [`, `ESC O`)
  /// is Esc, a broken-off character is U+FFFD, and an unfinished sequence is dropped.
  public mutating func flush() -> [Key] {
    var output = Output()
    switch mode {
    case .ground, .paste:
      return []
    case .character:
      output.append(Self.replacement)
    case .escape, .singleShift:
      output.key(.escape)
    case .controlSequence(let parameters):
      if parameters.isEmpty { output.key(.escape) }
    }
    mode = .ground
    return output.finished()
  }

  /// Keys and a run of text, in the order they were read.
  private struct Output {
    var keys: [Key] = []
    var text = String.UnicodeScalarView()

    mutating func append(_ scalar: Unicode.Scalar) {
      text.append(scalar)
    }

    mutating func key(_ key: Key) {
      flushText()
      keys.append(key)
    }

    mutating func finished() -> [Key] {
      flushText()
      return keys
    }

    private mutating func flushText() {
      guard !text.isEmpty else { return }
      keys.append(.text(String(text)))
      text = String.UnicodeScalarView()
    }
  }

  private mutating func feed(_ byte: UInt8, into output: inout Output) {
    switch mode {
    case .ground:
      ground(byte, into: &output)
    case .character(var bytes, let length):
      guard (0x80...0xBF).contains(byte) else {
        mode = .ground
        output.append(Self.replacement)
        ground(byte, into: &output)
        return
      }
      bytes.append(byte)
      guard bytes.count == length else {
        mode = .character(bytes: bytes, length: length)
        return
      }
      mode = .ground
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        output.append(scalar)
      }
    case .escape:
      mode = .ground
      switch byte {
      case UInt8(ascii: "["): mode = .controlSequence(parameters: [])
      case UInt8(ascii: "O"): mode = .singleShift
      case UInt8(ascii: "b"): output.key(.edit(.moveWordLeft))
      case UInt8(ascii: "f"): output.key(.edit(.moveWordRight))
      case 0x7F, 0x08: output.key(.edit(.deleteWordBackward))
      default:
        // Esc, then whatever follows on its own (another ESC starts a new sequence).
        output.key(.escape)
        ground(byte, into: &output)
      }
    case .controlSequence(var parameters):
      switch byte {
      case 0x20...0x3F:
        if parameters.count < Self.maximumParameterBytes { parameters.append(byte) }
        mode = .controlSequence(parameters: parameters)
      case 0x40...0x7E:
        mode = .ground
        if byte == UInt8(ascii: "~"), parameters == Array("200".utf8) {
          mode = .paste(matched: 0)
          pasted = []
        } else if let key = Self.controlSequenceKey(parameters, final: byte) {
          output.key(key)
        }
      default:
        mode = .ground
        ground(byte, into: &output)
      }
    case .singleShift:
      mode = .ground
      switch byte {
      case 0x40...0x7E:
        if let key = Self.singleShiftKey(byte) { output.key(key) }
      default:
        ground(byte, into: &output)
      }
    case .paste(let matched):
      paste(byte, matched: matched, into: &output)
    }
  }

  /// A byte outside any sequence.
  private mutating func ground(_ byte: UInt8, into output: inout Output) {
    switch byte {
    case Self.escapeByte: mode = .escape
    case 0x20..<0x7F: output.append(Unicode.Scalar(byte))
    case 0xC2...0xDF: mode = .character(bytes: [byte], length: 2)
    case 0xE0...0xEF: mode = .character(bytes: [byte], length: 3)
    case 0xF0...0xF4: mode = .character(bytes: [byte], length: 4)
    case 0x80...0xFF: output.append(Self.replacement)
    default:
      if let key = Self.controlKey(byte) { output.key(key) }
    }
  }

  /// A byte of a paste: the end marker closes it, Ctrl-C ends it and interrupts, anything
  /// else is kept while there is room.
  private mutating func paste(_ byte: UInt8, matched: Int, into output: inout Output) {
    if byte == Self.pasteEnd[matched] {
      guard matched + 1 == Self.pasteEnd.count else {
        mode = .paste(matched: matched + 1)
        return
      }
      mode = .ground
      output.key(.paste(Self.pasteText(pasted)))
      pasted = []
      return
    }
    // What looked like the start of the end marker was pasted text after all.
    for held in Self.pasteEnd.prefix(matched) { keep(held) }
    if byte == 0x03 {
      mode = .ground
      output.key(.paste(Self.pasteText(pasted)))
      pasted = []
      output.key(.interrupt)
      return
    }
    if byte == Self.pasteEnd[0] {
      mode = .paste(matched: 1)
    } else {
      keep(byte)
      mode = .paste(matched: 0)
    }
  }

  /// Keeps a pasted byte unless it is a C0 control or DEL (both fields hold one line) or
  /// the paste is full.
  private mutating func keep(_ byte: UInt8) {
    guard byte >= 0x20, byte != 0x7F, pasted.count < Self.maximumPasteBytes else { return }
    pasted.append(byte)
  }

  /// Keeps the bytes of `run` that ``keep(_:)`` keeps, stopping once the paste is full.
  private mutating func keep(_ run: ArraySlice<UInt8>) {
    for byte in run {
      guard pasted.count < Self.maximumPasteBytes else { return }
      keep(byte)
    }
  }

  /// The key of a C0 control byte, or `nil` for one with no key.
  private static func controlKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x01: .edit(.moveToStart)
    case 0x02: .edit(.moveLeft)
    case 0x03: .interrupt
    case 0x04: .endOfInput
    case 0x05: .edit(.moveToEnd)
    case 0x06: .edit(.moveRight)
    case 0x08, 0x7F: .edit(.deleteBackward)
    case 0x09: .tab
    case 0x0A, 0x0D: .enter
    case 0x0B: .edit(.deleteToEnd)
    case 0x0C: .redraw
    case 0x0F: .browserLogin
    case 0x12: .resend
    case 0x15: .edit(.deleteToStart)
    case 0x17: .edit(.deleteWordBackward)
    case 0x1A: .suspend
    default: nil
    }
  }

  /// The key of `ESC [ parameters final`, or `nil` for a sequence with no key. A modifier
  /// parameter (`1;5C`, Ctrl-Right) turns Left and Right into word moves.
  private static func controlSequenceKey(_ parameters: [UInt8], final: UInt8) -> Key? {
    let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    let modified = fields.count > 1 && fields[1] != "1"
    switch (final, fields.first ?? "") {
    case (UInt8(ascii: "A"), _): return .up
    case (UInt8(ascii: "B"), _): return .down
    case (UInt8(ascii: "C"), _): return .edit(modified ? .moveWordRight : .moveRight)
    case (UInt8(ascii: "D"), _): return .edit(modified ? .moveWordLeft : .moveLeft)
    case (UInt8(ascii: "H"), _): return .edit(.moveToStart)
    case (UInt8(ascii: "F"), _): return .edit(.moveToEnd)
    case (UInt8(ascii: "Z"), _): return .backTab
    case (UInt8(ascii: "P"), "1"): return .help
    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .edit(.moveToStart)
    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .edit(.moveToEnd)
    case (UInt8(ascii: "~"), "3"): return .edit(.deleteForward)
    case (UInt8(ascii: "~"), "11"): return .help
    default: return nil
    }
  }

  /// The key of `ESC O final` (application cursor keys, F1), or `nil`.
  private static func singleShiftKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .edit(.moveRight)
    case UInt8(ascii: "D"): .edit(.moveLeft)
    case UInt8(ascii: "H"): .edit(.moveToStart)
    case UInt8(ascii: "F"): .edit(.moveToEnd)
    case UInt8(ascii: "P"): .help
    default: nil
    }
  }

  /// Pasted bytes as text: invalid UTF-8 replaced, C1 controls removed (the C0 ones never
  /// got in), cut to the longest field.
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var text = String.UnicodeScalarView()
    var count = 0
    let limit = max(LoginState.maximumEmailLength, LoginState.maximumPasswordLength)
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars
    where !(0x80..<0xA0).contains(scalar.value) {
      guard count < limit else { break }
      text.append(scalar)
      count += 1
    }
    return String(text)
  }
}
