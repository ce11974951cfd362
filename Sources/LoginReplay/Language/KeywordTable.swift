/// The keywords of one kind (command words, fields, phases, …) keyed by their bytes, so that
/// the parser finds the keyword a word spells without building the word's string.
///
/// A keyword is at most ``maximumLength`` bytes: each is copied into three zeroed machine
/// words beside its length, and a lookup packs the word the same way and compares.
struct KeywordTable<Keyword: Sendable>: Sendable {
  /// The longest keyword a table holds, in bytes; a longer word is no keyword.
  static var maximumLength: Int { MemoryLayout<PackedWord.Bytes>.size }

  private let keys: [PackedWord]
  private let keywords: [Keyword]

  /// A table of `keywords`, each under the word session files write for it; a word longer
  /// than ``maximumLength`` is left out, and so never found.
  init(_ keywords: [(word: String, keyword: Keyword)]) {
    let packable = keywords.compactMap { entry in
      Array(entry.word.utf8).withUnsafeBytes { bytes in
        PackedWord(bytes).map { (key: $0, keyword: entry.keyword) }
      }
    }
    keys = packable.map(\.key)
    self.keywords = packable.map(\.keyword)
  }

  /// The keyword the UTF-8 `word` spells, or `nil`.
  subscript(word: UnsafeRawBufferPointer) -> Keyword? {
    guard let key = PackedWord(word), let index = keys.firstIndex(of: key) else { return nil }
    return keywords[index]
  }

  /// A word's bytes in three zeroed words, and their count (so that a word ending in NUL
  /// bytes is not the word without them).
  private struct PackedWord: Equatable, Sendable {
    /// Where the bytes go: its size is the longest keyword.
    typealias Bytes = (UInt64, UInt64, UInt64)

    var count: Int
    var words: Bytes = (0, 0, 0)

    init?(_ bytes: UnsafeRawBufferPointer) {
      count = bytes.count
      guard count <= KeywordTable.maximumLength else { return nil }
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
        && lhs.words.2 == rhs.words.2
    }
  }
}

extension KeywordTable where Keyword: RawRepresentable & CaseIterable, Keyword.RawValue == String {
  /// A table of every case of `Keyword`, under its raw value.
  init() {
    self.init(Keyword.allCases.map { (word: $0.rawValue, keyword: $0) })
  }
}
