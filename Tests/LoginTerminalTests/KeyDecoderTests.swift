import LoginTerminal
import Testing

/// Bytes from a raw-mode terminal become keys, across chunk boundaries.
@Suite struct KeyDecoderTests {
  static func keys(_ chunks: [String]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode(Array($0.utf8)) }
  }

  @Test func controlKeysAndArrows() {
    #expect(
      Self.keys(["\t\u{1B}[Z\u{1B}[A\u{1B}[B\u{1B}OA\r\n\u{7F}\u{08}\u{15}\u{0C}\u{03}\u{04}"])
        == [
          .tab, .backTab, .up, .down, .up, .enter, .enter, .backspace, .backspace, .clearField,
          .redraw, .quit, .quit,
        ])
  }

  @Test func textIsOneKeyPerRunAndMultiByteCharactersSurviveASplit() {
    #expect(Self.keys(["demo@example.com"]) == [.text("demo@example.com")])
    let bytes = Array("é日😀".utf8)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == "é日😀")
  }

  @Test func aLoneEscapeIsEscAndUnknownSequencesAreDropped() {
    #expect(Self.keys(["\u{1B}"]) == [.escape])
    #expect(Self.keys(["a\u{1B}[1;5Cb"]) == [.text("a"), .text("b")])
    #expect(Self.keys(["\u{1B}[", "A"]) == [.up])
  }

  @Test func bracketedPasteIsOneKeyWithoutControlCharacters() {
    #expect(Self.keys(["\u{1B}[200~demo@\nexample.com\u{1B}[201~"]) == [.paste("demo@example.com")])
    #expect(
      Self.keys(["\u{1B}[200~Pass", "word1", "23!\u{1B}[2", "01~\t"])
        == [.paste("Password123!"), .tab])
  }
}
