/// The keyword a mistyped word most likely meant, for `did you mean '…'?` in error messages.
///
/// Error messages never repeat what the user wrote (it may be a password typed on the wrong
/// line); naming the closest keyword helps more than an echo would. A keyword is suggested
/// only when it is close: at most a third of its length in edits (at least one), counted by
/// Levenshtein distance over lowercased characters. Words much longer than every keyword
/// are not compared, so a huge word costs nothing.
package enum Suggestion {
  /// The closest of `keywords` to `word`, or `nil` when none is close; ties go to the first.
  package static func closest(to word: String, among keywords: [String]) -> String? {
    let longest = keywords.map(\.count).max() ?? 0
    // Cheap bound first: a word of many more bytes than the longest keyword has characters
    // cannot be within a third of that keyword's length.
    guard word.utf8.count <= 4 * (longest + longest / 3 + 1) else { return nil }
    let typed = Array(word.lowercased())
    guard typed.count <= longest + longest / 3 + 1 else { return nil }
    var best: (keyword: String, distance: Int)?
    for keyword in keywords {
      let allowed = max(1, keyword.count / 3)
      // The distance is at least the difference in length: most keywords are ruled out
      // without the quadratic count.
      guard abs(typed.count - keyword.count) <= allowed,
        let distance = editDistance(typed, Array(keyword.lowercased()), atMost: allowed),
        distance < (best?.distance ?? Int.max)
      else { continue }
      best = (keyword, distance)
    }
    return best?.keyword
  }

  /// `; did you mean 'keyword'?`, or nothing when there is no suggestion.
  package static func clause(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The Levenshtein distance: insertions, deletions and substitutions of one character.
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    editDistance(a, b, atMost: Int.max) ?? Int.max
  }

  /// The Levenshtein distance when it is at most `limit`, else `nil`. It stops at the first
  /// row of the table whose every entry exceeds `limit`: a row's minimum never decreases
  /// from one row to the next, so the distance would exceed it too.
  package static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    var previous = Array(0...b.count)
    var current = previous
    for (i, x) in a.enumerated() {
      current[0] = i + 1
      var rowMinimum = current[0]
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        rowMinimum = min(rowMinimum, current[j + 1])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
