/// What comparing an output with its reference file found, and did.
public enum SnapshotOutcome: Equatable, Sendable {
  /// The reference exists and equals the output.
  case matched
  /// The output was written as the reference (it was missing, or the mode is `all`).
  case recorded(referencePath: String)
  /// There is no reference and the mode forbids recording one.
  case missingReference(referencePath: String)
  /// The output differs from the reference; `actual` says where it was kept for a look.
  case mismatch(referencePath: String, actual: ActualOutput, diff: String)

  /// Where the output of a mismatch was kept.
  public enum ActualOutput: Equatable, Sendable {
    /// Written to this path.
    case written(String)
    /// Not written (a read-only or full disk, say); the diff is still reported.
    case notWritten(SnapshotError)
  }

  /// The failure to report, or `nil` when the test passes.
  public var failureMessage: String? {
    switch self {
    case .matched, .recorded:
      return nil
    case .missingReference(let referencePath):
      return "Missing snapshot reference \(referencePath). Run the tests locally with "
        + "SNAPSHOT_RECORD=missing (the default outside CI), inspect it, and commit it."
    case .mismatch(let referencePath, let actual, let diff):
      let kept: String
      switch actual {
      case .written(let path): kept = "Actual output written to \(path)"
      case .notWritten(let error): kept = "Actual output not written (\(error.message))"
      }
      return "Snapshot does not match \(referencePath)\n\(kept)\n"
        + "To accept it: SNAPSHOT_RECORD=all swift test --filter <test>\n\n\(diff)"
    }
  }
}
