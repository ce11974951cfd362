/// The keywords of one kind (command words, fields, phases, …) keyed by their bytes, so that
/// the parser finds the keyword a word spells without building the word's string.
///
/// A keyword is at most ``maximumLength`` bytes, packed into three machine words beside its
/// length. The table hashes the packed words into slots with a multiplier chosen when it is
/// built so that no two keywords share a slot: a lookup packs the word, reads one slot and
/// compares one key, however many keywords the table holds.
struct KeywordTable<Keyword: Sendable>: Sendable {
  /// The longest keyword a table holds, in bytes; a longer word is no keyword.
  static var maximumLength: Int { MemoryLayout<PackedWord.Bytes>.size }

  private let keys: [PackedWord]
  private let keywords: [Keyword]
  /// For each slot, the keyword hashed there with its key, or none; empty when no multiplier
  /// was found (two keywords whose words mix to the same value), and then a lookup compares
  /// every key. A lookup reads one slot, which holds all it needs.
  private let slots: [Slot]
  /// The hash of a packed word: its words and length mixed by this odd multiplier, the top
  /// `64 - slotShift` bits kept.
  private let multiplier: UInt64
  private let slotShift: UInt64

  /// One slot of the table.
  private struct Slot: Sendable {
    var key: PackedWord
    var keyword: Keyword?
  }

  /// A table of `keywords`, each under the word session files write for it; a word longer
  /// than ``maximumLength`` is left out, and so never found. A word given twice keeps its
  /// first keyword.
  init(_ keywords: [(word: String, keyword: Keyword)]) {
    var keys: [PackedWord] = []
    var kept: [Keyword] = []
    for entry in keywords {
      let key = Array(entry.word.utf8).withUnsafeBufferPointer { PackedWord($0) }
      guard let key, !keys.contains(key) else { continue }
      keys.append(key)
      kept.append(entry.keyword)
    }
    self.keys = keys
    self.keywords = kept
    // Slots for four times as many keywords, doubled until some multiplier of a fixed,
    // reproducible sequence places every keyword in a slot of its own.
    var bits: UInt64 = 2
    while (1 << bits) < 4 * Swift.max(keys.count, 1) { bits += 1 }
    var multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var indices: [Int] = []
    search: while bits <= 16 {
      for _ in 0..<64 {
        indices = Self.slots(for: keys, multiplier: multiplier, shift: 64 - bits)
        if !indices.isEmpty { break search }
        multiplier = multiplier &* 0x5851_F42D_4C95_7F2D &+ 0x1405_7B7E_F767_814F | 1
      }
      bits += 1
    }
    let empty = Slot(key: PackedWord(), keyword: nil)
    slots = indices.map { $0 < 0 ? empty : Slot(key: keys[$0], keyword: kept[$0]) }
    self.multiplier = multiplier
    slotShift = 64 - bits
  }

  /// For each slot of `keys` under `multiplier`, the index of its key or -1; an empty array
  /// when two share one.
  private static func slots(for keys: [PackedWord], multiplier: UInt64, shift: UInt64) -> [Int] {
    var slots = [Int](repeating: -1, count: 1 << (64 - shift))
    for (index, key) in keys.enumerated() {
      let slot = key.slot(multiplier: multiplier, shift: shift)
      guard slots[slot] < 0 else { return [] }
      slots[slot] = index
    }
    return slots
  }

  /// The keyword the UTF-8 `word` spells, or `nil`.
  @inline(__always)
  subscript(word: UnsafeBufferPointer<UInt8>) -> Keyword? {
    guard let key = PackedWord(word) else { return nil }
    guard !slots.isEmpty else { return keys.firstIndex(of: key).map { keywords[$0] } }
    return slots.withUnsafeBufferPointer { slots in
      let slot = slots[key.slot(multiplier: multiplier, shift: slotShift)]
      return slot.key == key ? slot.keyword : nil
    }
  }

  /// A word's bytes in three zeroed words, and their count (so that a word ending in NUL
  /// bytes is not the word without them).
  private struct PackedWord: Equatable, Sendable {
    /// Where the bytes go: its size is the longest keyword.
    typealias Bytes = (UInt64, UInt64, UInt64)

    var count: Int
    var words: Bytes = (0, 0, 0)

    /// The word of no bytes, which no slot holds (a slot's keyword is `nil` then).
    init() {
      count = -1
    }

    /// Packs `bytes`, read a word at a time and never past their end; `nil` when they are
    /// longer than a keyword can be.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
      count = bytes.count
      guard count <= KeywordTable.maximumLength else { return nil }
      guard let base = bytes.baseAddress else { return }
      words.0 = Self.load(base, count: Swift.min(count, 8))
      if count > 8 { words.1 = Self.load(base + 8, count: Swift.min(count - 8, 8)) }
      if count > 16 { words.2 = Self.load(base + 16, count: count - 16) }
    }

    /// The `count` bytes (at most eight) at `base` as one word, the first in its lowest
    /// byte, zeros above: read as two overlapping loads of the largest width that fits, so
    /// that no byte past `base + count` is read.
    @inline(__always)
    private static func load(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
      func load<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> UInt64 {
        UInt64(
          truncatingIfNeeded: Word(
            littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: Word.self)))
      }
      switch count {
      case 8: return load(UInt64.self, at: 0)
      case 4...7:
        return load(UInt32.self, at: 0) | load(UInt32.self, at: count - 4) &<< (8 * (count - 4))
      case 2...3:
        return load(UInt16.self, at: 0) | load(UInt16.self, at: count - 2) &<< (8 * (count - 2))
      case 1: return UInt64(base[0])
      default: return 0
      }
    }

    /// The slot of this word among `1 << (64 - shift)`.
    @inline(__always)
    func slot(multiplier: UInt64, shift: UInt64) -> Int {
      let mixed =
        (words.0 ^ words.1 &* 3 ^ words.2 &* 5 ^ UInt64(truncatingIfNeeded: count)
          &* 0x100_0000_0001)
      return Int(truncatingIfNeeded: (mixed &* multiplier) &>> shift)
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
