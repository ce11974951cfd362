import LoginTerminal
import Testing

/// Bytes from a raw-mode terminal become keys, across chunk boundaries, and no byte before a
/// control byte can swallow it.
@Suite struct KeyDecoderTests {
  static func keys(_ chunks: [String]) -> [Key] {
    bytes(chunks.map { Array($0.utf8) })
  }

  static func bytes(_ chunks: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode($0) } + decoder.flush()
  }

  @Test func controlKeysAndArrows() {
    #expect(
      Self.keys(["\t\u{1B}[Z\u{1B}[A\u{1B}[B\u{1B}OA\r\n\u{0C}\u{03}\u{04}\u{12}\u{1A}"])
        == [
          .tab, .backTab, .up, .down, .up, .enter, .enter, .redraw, .interrupt, .endOfInput,
          .resend, .suspend,
        ])
  }

  /// Every editing key, in the forms terminals send.
  @Test(arguments: [
    ("\u{1B}[D", LineEdit.moveLeft), ("\u{1B}OD", .moveLeft), ("\u{02}", .moveLeft),
    ("\u{1B}[C", .moveRight), ("\u{1B}OC", .moveRight), ("\u{06}", .moveRight),
    ("\u{1B}[H", .moveToStart), ("\u{1B}OH", .moveToStart), ("\u{1B}[1~", .moveToStart),
    ("\u{1B}[7~", .moveToStart), ("\u{01}", .moveToStart),
    ("\u{1B}[F", .moveToEnd), ("\u{1B}OF", .moveToEnd), ("\u{1B}[4~", .moveToEnd),
    ("\u{1B}[8~", .moveToEnd), ("\u{05}", .moveToEnd),
    ("\u{1B}b", .moveWordLeft), ("\u{1B}[1;5D", .moveWordLeft), ("\u{1B}[1;3D", .moveWordLeft),
    ("\u{1B}f", .moveWordRight), ("\u{1B}[1;5C", .moveWordRight),
    ("\u{7F}", .deleteBackward), ("\u{08}", .deleteBackward), ("\u{1B}[3~", .deleteForward),
    ("\u{17}", .deleteWordBackward), ("\u{1B}\u{7F}", .deleteWordBackward),
    ("\u{15}", .deleteToStart), ("\u{0B}", .deleteToEnd),
  ])
  func editingKeys(_ bytes: String, _ edit: LineEdit) {
    #expect(Self.keys([bytes]) == [.edit(edit)], "\(bytes.debugDescription)")
  }

  @Test func functionKeyOneIsHelp() {
    #expect(Self.keys(["\u{1B}OP"]) == [.help])
    #expect(Self.keys(["\u{1B}[11~"]) == [.help])
  }

  @Test func textIsOneKeyPerRunAndMultiByteCharactersSurviveASplit() {
    #expect(Self.keys(["demo@example.com"]) == [.text("demo@example.com")])
    let bytes = Array("é日😀".utf8)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == "é日😀")
  }

  /// A lone ESC waits (the front end flushes it after the timeout) and is then Esc; ESC
  /// before another key is Esc, then that key; unknown sequences are dropped.
  @Test func aLoneEscapeIsEscOnceNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isWaiting)
    #expect(Self.keys(["\u{1B}", "[A"]) == [.up])
    #expect(Self.keys(["\u{1B}["]) == [.escape])  // Alt-[
    #expect(Self.keys(["\u{1B}x"]) == [.escape, .text("x")])
    #expect(Self.keys(["\u{1B}\u{1B}[A"]) == [.escape, .up])
    #expect(Self.keys(["a\u{1B}[1;2Xb"]) == [.text("ab")])
    #expect(Self.keys(["\u{1B}[32;"]) == [])  // unfinished, then dropped
  }

  /// The attack's inputs: each ends in a Ctrl-C that must be Ctrl-C.
  @Test func aBrokenCharacterOrSequenceNeverSwallowsAControlByte() {
    #expect(Self.bytes([[0xE2, 0x03, 0x03]]) == [.text("\u{FFFD}"), .interrupt, .interrupt])
    #expect(Self.bytes([[0xE9, 0x0D]]) == [.text("\u{FFFD}"), .enter])  // Latin-1 é, Enter
    #expect(Self.bytes([[0xF0, 0x9F, 0x61]]) == [.text("\u{FFFD}a")])
    #expect(Self.bytes([[0x80, 0xFF]]) == [.text("\u{FFFD}\u{FFFD}")])
    #expect(Self.keys(["\u{1B}[32;\u{03}"]) == [.interrupt])
    #expect(Self.keys(["\u{1B}[32;\r\t\u{7F}"]) == [.enter, .tab, .edit(.deleteBackward)])
    #expect(Self.keys(["\u{1B}[\u{1B}[A"]) == [.up])
    #expect(Self.keys(["\u{1B}O\u{03}"]) == [.interrupt])
    #expect(Self.keys(["\u{1B}\u{03}"]) == [.escape, .interrupt])
  }

  @Test func bracketedPasteIsOneKeyWithoutControlCharacters() {
    #expect(Self.keys(["\u{1B}[200~demo@\nexample.com\u{1B}[201~"]) == [.paste("demo@example.com")])
    #expect(
      Self.keys(["\u{1B}[200~Pass", "word1", "23!\u{1B}[2", "01~\t"])
        == [.paste("Password123!"), .tab])
    #expect(Self.keys(["\u{1B}[200~a\u{1B}[20b\u{85}c\u{1B}[201~"]) == [.paste("a[20bc")])
  }

  /// An unterminated paste keeps at most a field's worth, and Ctrl-C ends it.
  @Test func anEndlessPasteIsBoundedAndCtrlCStillQuits() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~".utf8)) == [])
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 65_536)
    for _ in 0..<320 { #expect(decoder.decode(chunk).isEmpty) }  // 20 MiB
    #expect(!decoder.isWaiting)
    let keys = decoder.decode([0x03])
    #expect(keys.count == 2)
    #expect(keys.last == .interrupt)
    if case .paste(let text) = keys.first {
      #expect(text.unicodeScalars.count == 1024)
    } else {
      Issue.record("expected the paste so far, got \(keys)")
    }
  }

  /// Random byte streams, cut into random chunks: every Ctrl-C byte is seen as Ctrl-C,
  /// whatever surrounds it, and nothing else is.
  @Test(arguments: 0..<200)
  func everyCtrlCByteIsCtrlC(seed: UInt64) {
    var random = SplitMix(seed: seed)
    // Bytes that open things a Ctrl-C must get out of, and plain ones.
    let alphabet: [UInt8] =
      [0x03, 0x03, 0x1B, 0x1B, 0x5B, 0x4F, 0x32, 0x30, 0x30, 0x7E, 0x3B, 0x31, 0xE2, 0xF0, 0x9F]
      + [0x80, 0xBF, 0xC3, 0xE9, 0x0D, 0x61, 0x7F]
    let count = Int(random.next() % 400)
    let bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    var chunks: [[UInt8]] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let size = 1 + Int(random.next() % 16)
      chunks.append(Array(rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    let keys = Self.bytes(chunks)
    #expect(
      keys.filter { $0 == .interrupt }.count == bytes.filter { $0 == 0x03 }.count,
      "seed \(seed): \(bytes)")
  }
}

extension KeyDecoderTests {
  /// Random pastes, cut into random chunks: the paste is its bytes without C0 controls and
  /// DEL, whatever partial end markers and escapes it holds and wherever the chunks end.
  @Test(arguments: 0..<200)
  func aPasteIsItsTextWhereverTheChunksEnd(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let alphabet: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), [0x09], [0x1B], Array("[".utf8), Array("2".utf8),
      Array("0".utf8), Array("1".utf8), [0x7F], Array("~".utf8), Array("\u{1B}[20".utf8),
    ]
    var text: [UInt8] = []
    for _ in 0..<Int(random.next() % 300) {
      text += alphabet[Int(random.next() % UInt64(alphabet.count))]
    }
    let end = Array("\u{1B}[201~".utf8)
    // The text must not hold the end marker itself.
    while let range = text.firstRange(of: end) { text.removeSubrange(range) }
    let bytes = Array("\u{1B}[200~".utf8) + text + end + Array("z".utf8)
    var chunks: [[UInt8]] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let size = 1 + Int(random.next() % 24)
      chunks.append(Array(rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    let kept = text.filter { $0 >= 0x20 && $0 != 0x7F }
    #expect(
      Self.bytes(chunks) == [.paste(String(decoding: kept, as: UTF8.self)), .text("z")],
      "seed \(seed): \(bytes)")
    #expect(Self.bytes(chunks) == Self.bytes([bytes]), "the same keys in one chunk")
  }
}

/// A small deterministic generator (SplitMix64), so every run tries the same streams.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
