import LoginRuntime

/// How many times each ``CoverageCell`` ran, over one replay or several: what
/// `login-replay --coverage` reports after the sessions.
///
/// Full coverage counts the cells a replay can reach: a cell with an
/// ``CoverageCell/unreachability`` is listed, and counted if it ever runs, but it is not
/// part of ``total``.
public struct TransitionCoverage: Equatable, Sendable {
  /// How many times each cell ran; a cell that never ran is absent.
  public private(set) var counts: [CoverageCell: Int] = [:]

  /// Creates an empty coverage: nothing ran.
  public init() {}

  /// Counts the cell `kind` falls in, if it is one.
  public mutating func record(_ kind: StoreEvent.Kind) {
    for cell in CoverageCell.cells(of: kind) { counts[cell, default: 0] += 1 }
  }

  /// Adds the counts of `other`, another session's.
  public mutating func add(_ other: TransitionCoverage) {
    counts.merge(other.counts, uniquingKeysWith: +)
  }

  /// How many times `cell` ran.
  public func count(of cell: CoverageCell) -> Int {
    counts[cell, default: 0]
  }

  /// The cells a replay can reach, in ``CoverageCell/all``'s order.
  public static let reachableCells = CoverageCell.all.filter { $0.unreachability == nil }

  /// The reachable cells that never ran, in order.
  public var missing: [CoverageCell] {
    Self.reachableCells.filter { count(of: $0) == 0 }
  }

  /// How many reachable cells ran at least once.
  public var covered: Int { total - missing.count }

  /// How many cells a replay can reach.
  public var total: Int { Self.reachableCells.count }

  /// ``covered`` out of ``total`` in percent, rounded down to a tenth and written without
  /// a fraction when it is whole: `100`, `97.6`, `0`. Rounding down means `100` is printed
  /// only when every reachable cell ran.
  public var percentText: String {
    Self.percentText(covered, of: total)
  }

  /// `part` out of `whole` in percent as ``percentText`` writes it; `100` when `whole` is 0.
  static func percentText(_ part: Int, of whole: Int) -> String {
    let tenths = whole == 0 ? 1000 : part * 1000 / whole
    let units = tenths / 10
    return tenths % 10 == 0 ? "\(units)" : "\(units).\(tenths % 10)"
  }
}
