/// A unified line diff (`---`/`+++` headers, `@@` hunks with context), as `diff -u` prints.
///
/// Written here because the project takes no dependencies. Lines common to both ends are
/// set aside first; the middle is aligned by a longest-common-subsequence table, or shown
/// as wholly replaced when it is too large for one (beyond ``maximumTableSize`` cells).
public enum LineDiff {
  /// The largest LCS table (expected lines × actual lines) the diff will build.
  public static let maximumTableSize = 4_000_000

  /// The diff from `expected` to `actual`, or `""` when they are equal.
  ///
  /// - Parameters:
  ///   - expected: The reference text; its lines are marked `-`.
  ///   - actual: The text produced; its lines are marked `+`.
  ///   - expectedLabel: The name after `---`.
  ///   - actualLabel: The name after `+++`.
  ///   - context: Unchanged lines shown around each change.
  /// - Returns: The diff, lines joined by `"\n"`.
  public static func unified(
    expected: String, actual: String, expectedLabel: String = "expected",
    actualLabel: String = "actual", context: Int = 3
  ) -> String {
    let old = lines(expected)
    let new = lines(actual)
    guard old != new else { return "" }
    let edits = script(old, new)
    var output = ["--- \(expectedLabel)", "+++ \(actualLabel)"]
    for hunk in hunks(edits, context: max(0, context)) {
      output += render(hunk, of: edits)
    }
    return output.joined(separator: "\n")
  }

  /// One step of an edit script.
  enum Edit: Equatable {
    /// A line in both texts.
    case keep(String)
    /// A line only in the expected text.
    case delete(String)
    /// A line only in the actual text.
    case insert(String)
  }

  /// `text` split at `"\n"`; the empty text has no lines.
  static func lines(_ text: String) -> [String] {
    text.isEmpty
      ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The edits that turn `old` into `new`, in order.
  static func script(_ old: [String], _ new: [String]) -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    return old[..<prefix].map(Edit.keep) + middle(oldMiddle, newMiddle)
      + old[(old.count - suffix)...].map(Edit.keep)
  }

  /// The edits for two texts with no common first or last line.
  private static func middle(_ old: [String], _ new: [String]) -> [Edit] {
    guard old.count * new.count <= maximumTableSize else {
      return old.map(Edit.delete) + new.map(Edit.insert)
    }
    // lcs[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
    let width = new.count + 1
    var lcs = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lcs[i * width + j] =
          old[i] == new[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(.keep(old[i]))
        i += 1
        j += 1
      } else if j == new.count
        || (i < old.count && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])
      {
        edits.append(.delete(old[i]))
        i += 1
      } else {
        edits.append(.insert(new[j]))
        j += 1
      }
    }
    return edits
  }

  /// The ranges of `edits` shown as hunks: each change with `context` lines around it,
  /// hunks closer than twice the context merged.
  static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for (index, edit) in edits.enumerated() {
      if case .keep = edit { continue }
      let lower = max(0, index - context)
      let upper = min(edits.count, index + context + 1)
      if let last = ranges.last, last.upperBound >= lower {
        ranges[ranges.count - 1] = last.lowerBound..<upper
      } else {
        ranges.append(lower..<upper)
      }
    }
    return ranges
  }

  /// A hunk's `@@` header and lines.
  private static func render(_ hunk: Range<Int>, of edits: [Edit]) -> [String] {
    var oldStart = 1
    var newStart = 1
    for edit in edits[..<hunk.lowerBound] {
      switch edit {
      case .keep:
        oldStart += 1
        newStart += 1
      case .delete: oldStart += 1
      case .insert: newStart += 1
      }
    }
    var oldCount = 0
    var newCount = 0
    var body: [String] = []
    for edit in edits[hunk] {
      switch edit {
      case .keep(let line):
        oldCount += 1
        newCount += 1
        body.append(" " + line)
      case .delete(let line):
        oldCount += 1
        body.append("-" + line)
      case .insert(let line):
        newCount += 1
        body.append("+" + line)
      }
    }
    // As in `diff -u`, an empty side is numbered by the line before it.
    let header =
      "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"
    return [header] + body
  }

  /// `start,count` in a hunk header (`start` alone when count is 1).
  private static func range(_ start: Int, _ count: Int) -> String {
    switch count {
    case 0: "\(start - 1),0"
    case 1: "\(start)"
    default: "\(start),\(count)"
    }
  }
}
