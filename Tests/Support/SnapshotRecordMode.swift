/// When the snapshot helper may write reference files, chosen by `SNAPSHOT_RECORD`.
///
/// Locally the default is ``missing``: a new snapshot records its first reference, and
/// an existing one is only ever compared. Under `CI=true` the mode is always ``never``, so
/// CI can only compare, and a missing reference fails.
public enum SnapshotRecordMode: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Record references that do not exist yet; compare the others. The local default.
  case missing
  /// Record every reference, replacing any that differ. For deliberate changes.
  case all
  /// Never write a reference; a missing one fails. Always the case under `CI=true`.
  case never

  /// The environment variable that selects the mode.
  public static let environmentVariable = "SNAPSHOT_RECORD"

  /// The mode for an environment: ``never`` under `CI=true` (or `1`), else the value of
  /// `SNAPSHOT_RECORD`, else ``missing``.
  ///
  /// - Throws: ``SnapshotError/invalidRecordMode(_:)`` for an unknown `SNAPSHOT_RECORD`.
  public static func resolve(environment: [String: String]) throws(SnapshotError)
    -> SnapshotRecordMode
  {
    let ci = environment["CI"]?.lowercased()
    if ci == "true" || ci == "1" { return .never }
    guard let value = environment[environmentVariable], !value.isEmpty else { return .missing }
    guard let mode = SnapshotRecordMode(rawValue: value.lowercased()) else {
      throw .invalidRecordMode(value)
    }
    return mode
  }
}
