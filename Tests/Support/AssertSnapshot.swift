import Foundation
import Testing

/// Checks `actual` against the golden file `<Target>/__Snapshots__/<name>.txt`.
///
/// The reference lives in the `__Snapshots__` folder of the test target holding the calling
/// file. `SNAPSHOT_RECORD` chooses whether a reference may be written (`missing`, the local
/// default; `all`; `never`), and under `CI=true` none ever is. A mismatch records an issue
/// with a unified diff and writes the actual output to a per-run folder in the system's
/// temporary directory (``SnapshotDirectory/failuresRunDirectory``), whose path the issue
/// prints (a failure to write it is noted, never hiding the diff); a recorded reference is
/// announced on standard output.
///
/// ```swift
/// @Test func emptyScreen() {
///   assertSnapshot(of: TextRenderer().render(LoginState()), named: "phase-idle")
/// }
/// ```
///
/// - Parameters:
///   - actual: Any text: a rendered screen, a command's whole output, JSON.
///   - name: The reference's file name without `.txt`: letters, digits, `.`, `-`, `_`.
///   - record: A mode that overrides the environment's (tests of the helper use it).
///   - filePath: The calling file, to find its target's folder; leave the default.
///   - sourceLocation: Where a failure is reported; leave the default.
public func assertSnapshot(
  of actual: String,
  named name: String,
  record: SnapshotRecordMode? = nil,
  filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do throws(SnapshotError) {
    var mode = try SnapshotRecordMode.resolve(environment: ProcessInfo.processInfo.environment)
    if let record { mode = record }
    let directory = SnapshotDirectory(forTestFile: filePath, mode: mode)
    let outcome = try directory.check(actual, named: name)
    if case .recorded(let path) = outcome {
      print("Recorded snapshot \(name) at \(path); inspect it and commit it.")
    }
    if let message = outcome.failureMessage {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  } catch {
    Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
  }
}

/// Fails when the calling target's `__Snapshots__` folder holds references not in `names`.
///
/// Each target keeps one explicit list of its snapshot names and calls this once, so the
/// check does not depend on which tests ran or in what order.
///
/// - Parameters:
///   - names: Every snapshot name the target's tests use.
///   - filePath: The calling file, to find its target's folder; leave the default.
///   - sourceLocation: Where a failure is reported; leave the default.
public func assertNoUnusedSnapshots(
  expected names: some Sequence<String>,
  filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = SnapshotDirectory(forTestFile: filePath, mode: .never)
  do throws(SnapshotError) {
    let unused = try directory.unusedReferences(expected: names)
    if !unused.isEmpty {
      Issue.record(
        Comment(
          rawValue: "Snapshot references no test uses (delete them from "
            + "\(directory.directory.path)): " + unused.map { $0 + ".txt" }.joined(separator: ", ")
        ),
        sourceLocation: sourceLocation)
    }
  } catch {
    Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
  }
}
