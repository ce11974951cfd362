import Testing

@testable import LoginRendering

/// Terminal widths per grapheme, escaping, and the layout helpers built on them.
@Suite struct TerminalTextTests {
  @Test(
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
      ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧‍👦", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2),
      ("ا", 1), ("א", 1), ("•", 1), ("─", 1), ("が", 2),
    ] as [(String, Int)])
  func widthOfPrintableGrapheme(_ text: String, _ width: Int) throws {
    let character = try #require(text.first)
    #expect(text.count == 1)
    #expect(TerminalText.width(of: character) == width)
    #expect(TerminalText.width(text, ascii: false) == width)
  }

  @Test(arguments: [
    ("\u{7}", "\\u{7}"), ("\t", "\\u{9}"), ("\r\n", "\\u{D}\\u{A}"), ("\u{7F}", "\\u{7F}"),
    ("\u{85}", "\\u{85}"), ("\u{202E}", "\\u{202E}"), ("\u{2066}", "\\u{2066}"),
    ("\u{200B}", "\\u{200B}"), ("\u{2028}", "\\u{2028}"), ("\u{FEFF}", "\\u{FEFF}"),
    ("\u{0}", "\\u{0}"),
  ])
  func invisibleAndControlCharactersAreEscaped(_ text: String, _ shown: String) {
    let cells = TerminalText.cells(text, ascii: false)
    #expect(cells.text == shown)
    #expect(cells.width == shown.count)
  }

  @Test func aCombiningMarkWithoutBaseSitsOnADottedCircle() {
    let cells = TerminalText.cells("\u{301}x", ascii: false)
    #expect(cells.map(\.text) == ["\u{25CC}\u{301}", "x"])
    #expect(cells.width == 2)
  }

  @Test func asciiModeEscapesEveryScalarOutsidePrintableASCII() {
    let cells = TerminalText.cells("é日😀a\u{7}~", ascii: true)
    #expect(cells.text == "\\u{E9}\\u{65E5}\\u{1F600}a\\u{7}~")
    #expect(cells.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) })
    #expect(cells.allSatisfy { $0.width == $0.text.count })
    #expect(cells.map(\.text) == [#"\u{E9}"#, #"\u{65E5}"#, #"\u{1F600}"#, "a", #"\u{7}"#, "~"])
  }

  /// An escape is cut, kept or wrapped whole: never `\u{30` left dangling on a line.
  @Test func cuttingAndWrappingNeverSplitAnEscape() {
    let cells = TerminalText.cells("例え.jp", ascii: true)
    let ellipsis = DisplayCell(text: "…", width: 1)
    #expect(TextLayout.keepingEnd(cells, width: 11, ellipsis: ellipsis).text == "….jp")
    #expect(TextLayout.keepingEnd(cells, width: 12, ellipsis: ellipsis).text == #"…\u{3048}.jp"#)
    #expect(TextLayout.cut(cells, to: 10).text == #"\u{4F8B}"#)
    #expect(TextLayout.pad(cells, to: 12, alignment: .leading) == #"\u{4F8B}    "#)
    let lines = TextLayout.wrap(TerminalText.cells("例え例え", ascii: true), width: 17)
    #expect(lines.map(\.text) == [#"\u{4F8B}\u{3048}"#, #"\u{4F8B}\u{3048}"#])
    for width in 10...40 {
      for line in TextLayout.wrap(cells, width: width) + [TextLayout.cut(cells, to: width)] {
        #expect(line.text.filter { $0 == "{" }.count == line.text.filter { $0 == "}" }.count)
      }
    }
  }

  @Test func theWideTableIsSortedAndDisjoint() {
    let ranges = EastAsianWidth.wideRanges
    #expect(!ranges.isEmpty)
    for (previous, next) in zip(ranges, ranges.dropFirst()) {
      #expect(previous.upperBound < next.lowerBound)
    }
    #expect(EastAsianWidth.contains("\u{1100}"))
    #expect(EastAsianWidth.contains("\u{3FFFD}"))
    #expect(!EastAsianWidth.contains("\u{10FFFF}"))
    #expect(!EastAsianWidth.contains("a"))
  }

  @Test func aLongValueKeepsItsEndBehindAnEllipsis() {
    let cells = TerminalText.cells("abcdefgh", ascii: false)
    let ellipsis = DisplayCell(text: "…", width: 1)
    #expect(TextLayout.keepingEnd(cells, width: 5, ellipsis: ellipsis).text == "…efgh")
    #expect(TextLayout.keepingEnd(cells, width: 8, ellipsis: ellipsis).text == "abcdefgh")
  }

  @Test func aWideCharacterIsNeverSplitByTheCut() {
    let cells = TerminalText.cells("日本語", ascii: false)
    let kept = TextLayout.keepingEnd(cells, width: 4, ellipsis: DisplayCell(text: "…", width: 1))
    #expect(kept.text == "…語")
    #expect(TextLayout.pad(kept, to: 4, alignment: .leading) == "…語 ")
  }

  @Test func wrappingBreaksAtSpacesAndSplitsOverlongWords() {
    let cells = TerminalText.cells("one two three abcdefghij", ascii: false)
    let lines = TextLayout.wrap(cells, width: 7).map(\.text)
    #expect(lines == ["one two", "three", "abcdefg", "hij"])
  }

  @Test(arguments: [TextLayout.Alignment.leading, .center, .trailing])
  func paddingGivesExactlyTheWidth(_ alignment: TextLayout.Alignment) {
    let cells = TerminalText.cells("日本x", ascii: false)
    let padded = TextLayout.pad(cells, to: 9, alignment: alignment)
    #expect(TerminalText.width(padded, ascii: false) == 9)
    let cut = TextLayout.pad(cells, to: 3, alignment: alignment)
    #expect(cut.contains("日") && !cut.contains("本"))
    #expect(TerminalText.width(cut, ascii: false) == 3)
  }
}
