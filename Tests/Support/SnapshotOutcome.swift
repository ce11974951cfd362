/// What comparing an output with its reference file found, and did.
public enum SnapshotOutcome: Equatable, Sendable {
  /// The reference exists and equals the output.
  case matched
  /// The output was written as the reference (it was missing, or the mode is `all`).
  case recorded(referencePath: String)
  /// There is no reference and the mode forbids recording one.
  case missingReference(referencePath: String)
  /// The output differs from the reference; it was written to `actualPath`.
  case mismatch(referencePath: String, actualPath: String, diff: String)

  /// The failure to report, or `nil` when the test passes.
  public var failureMessage: String? {
    switch self {
    case .matched, .recorded:
      return nil
    case .missingReference(let referencePath):
      return "Missing snapshot reference \(referencePath). Run the tests locally with "
        + "SNAPSHOT_RECORD=missing (the default outside CI), inspect it, and commit it."
    case .mismatch(let referencePath, let actualPath, let diff):
      return "Snapshot does not match \(referencePath)\nActual output written to \(actualPath)\n"
        + "To accept it: SNAPSHOT_RECORD=all swift test --filter <test>\n\n\(diff)"
    }
  }
}
