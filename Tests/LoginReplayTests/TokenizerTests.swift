import LoginTestSupport
import Testing

@testable import LoginReplay

/// The tokenizer's fast path, which reads a bare word eight bytes at a time, finds the words
/// that a plain reading of the rules finds, and refuses the lines it refuses.
@Suite struct TokenizerTests {
  /// The rules read byte by byte: words between blanks (space, tab) up to a `#` at a word's
  /// start; `nil` when a word holds `"` or a non-ASCII byte.
  static func reference(_ line: [UInt8]) -> [Token]? {
    var tokens: [Token] = []
    var index = 0
    while true {
      while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
      guard index < line.count, line[index] != UInt8(ascii: "#") else { return tokens }
      let start = index
      while index < line.count, line[index] != 0x20, line[index] != 0x09 {
        if line[index] >= 0x80 || line[index] == UInt8(ascii: "\"") { return nil }
        index += 1
      }
      tokens.append(Token(source: .bytes(start..<index), column: start + 1, isQuoted: false))
    }
  }

  static func fastPath(_ line: [UInt8]) -> [Token]? {
    var room = TokenRoom(capacity: 1)
    let taken = line.withUnsafeBufferPointer { Tokenizer.asciiBareWords($0, into: &room) }
    return taken ? Array(room.tokens) : nil
  }

  @Test func randomLinesOfBlanksWordsCommentsQuotesAndAccents() {
    var random = SeededGenerator(seed: 64)
    let pieces: [[UInt8]] = [
      Array("set".utf8), Array("email".utf8), Array("x".utf8), [0x20], [0x20, 0x20], [0x09],
      [0x23], [0x22], Array("é".utf8), Array("demo@example.com".utf8), [0x7E], [0x5C], [0x21],
      [0x7F], [0x01],
    ]
    for _ in 0..<20_000 {
      var line: [UInt8] = []
      let target = Int(random.next() % 90)
      while line.count < target { line += pieces[Int(random.next() % UInt64(pieces.count))] }
      #expect(
        Self.fastPath(line) == Self.reference(line),
        "\(String(decoding: line, as: UTF8.self).debugDescription)")
    }
  }

  /// A blank, a quote or a non-ASCII byte at every place of words of every length up to
  /// 40, so that each falls at every offset of an eight-byte read and of the tail after it.
  @Test func anOddByteAtEveryPlaceOfEveryWord() {
    for length in 1...40 {
      let word = [UInt8](repeating: UInt8(ascii: "w"), count: length)
      #expect(Self.fastPath(word) == Self.reference(word))
      for position in 0..<length {
        for odd: UInt8 in [0x20, 0x09, 0x22, 0x80, 0xC3, 0x23, 0x7F] {
          var line = word
          line[position] = odd
          #expect(Self.fastPath(line) == Self.reference(line), "\(odd) at \(position) of \(length)")
        }
      }
    }
  }
}
