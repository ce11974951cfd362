/// Why the snapshot helper could not do what a test asked.
public enum SnapshotError: Error, Equatable, Sendable {
  /// `SNAPSHOT_RECORD` holds something other than `missing`, `all` or `never`.
  case invalidRecordMode(String)
  /// A snapshot name that is not a plain file name (letters, digits, `.`, `-`, `_`).
  case invalidName(String)
  /// A file could not be read or written.
  case fileSystem(path: String, reason: String)

  /// A sentence for the test report.
  public var message: String {
    switch self {
    case .invalidRecordMode(let value):
      "SNAPSHOT_RECORD=\(value) is not one of: "
        + SnapshotRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    case .invalidName(let name):
      "snapshot name \(String(reflecting: name)) must be letters, digits, '.', '-' or '_'"
        + " and must not start with '.'"
    case .fileSystem(let path, let reason):
      "cannot access \(path): \(reason)"
    }
  }
}
