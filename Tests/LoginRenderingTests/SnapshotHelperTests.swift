import Foundation
import LoginTestSupport
import Testing

/// The golden-file helper itself, on temporary folders: record modes, CI, diffs, leftovers.
@Suite struct SnapshotHelperTests {
  /// A fresh temporary folder with a references folder and a failures folder in it.
  private static func directory(_ mode: SnapshotRecordMode) -> SnapshotDirectory {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-helper-\(UUID().uuidString)")
    return SnapshotDirectory(
      directory: root.appendingPathComponent("__Snapshots__"),
      failuresDirectory: root.appendingPathComponent("failures"), mode: mode)
  }

  private static func contents(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  @Test(
    arguments: [
      ([:], SnapshotRecordMode.missing), (["SNAPSHOT_RECORD": "all"], .all),
      (["SNAPSHOT_RECORD": "never"], .never), (["SNAPSHOT_RECORD": "ALL"], .all),
      (["SNAPSHOT_RECORD": ""], .missing), (["CI": "true"], .never),
      (["CI": "true", "SNAPSHOT_RECORD": "all"], .never),
      (["CI": "1", "SNAPSHOT_RECORD": "missing"], .never),
      (["CI": "false", "SNAPSHOT_RECORD": "all"], .all),
    ] as [([String: String], SnapshotRecordMode)])
  func theModeComesFromTheEnvironment(_ environment: [String: String], _ mode: SnapshotRecordMode)
    throws
  {
    #expect(try SnapshotRecordMode.resolve(environment: environment) == mode)
  }

  @Test func anUnknownModeIsAnError() {
    #expect(throws: SnapshotError.invalidRecordMode("sometimes")) {
      _ = try SnapshotRecordMode.resolve(environment: ["SNAPSHOT_RECORD": "sometimes"])
    }
  }

  @Test(arguments: [SnapshotRecordMode.missing, .all])
  func aMissingReferenceIsRecordedWhenAllowed(_ mode: SnapshotRecordMode) throws {
    let snapshots = Self.directory(mode)
    let outcome = try snapshots.check("line 1\nline 2", named: "new")
    let url = snapshots.referenceURL(named: "new")
    #expect(outcome == .recorded(referencePath: url.path))
    #expect(outcome.failureMessage == nil)
    #expect(try Self.contents(url) == "line 1\nline 2\n")
    #expect(try snapshots.check("line 1\nline 2", named: "new") == .matched)
  }

  @Test func aMissingReferenceFailsWhenRecordingIsOff() throws {
    let snapshots = Self.directory(.never)
    let outcome = try snapshots.check("text", named: "absent")
    let path = snapshots.referenceURL(named: "absent").path
    #expect(outcome == .missingReference(referencePath: path))
    #expect(outcome.failureMessage?.contains(path) == true)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(arguments: [SnapshotRecordMode.missing, .never])
  func aMismatchFailsWithADiffAndKeepsTheActualOutput(_ mode: SnapshotRecordMode) throws {
    var snapshots = Self.directory(.missing)
    _ = try snapshots.check("a\nb\nc", named: "screen")
    snapshots.mode = mode
    let outcome = try snapshots.check("a\nB\nc", named: "screen")
    guard case .mismatch(let referencePath, .written(let actualPath), let diff) = outcome else {
      Issue.record("expected a mismatch with the output written, got \(outcome)")
      return
    }
    #expect(try Self.contents(URL(fileURLWithPath: referencePath)) == "a\nb\nc\n")
    #expect(try Self.contents(URL(fileURLWithPath: actualPath)) == "a\nB\nc\n")
    #expect(
      diff == "--- \(referencePath)\n+++ \(actualPath)\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c")
    let message = try #require(outcome.failureMessage)
    #expect(message.contains(actualPath) && message.contains(diff))
  }

  /// A failures folder that cannot be created (here: below a regular file, which fails even
  /// for root, like a read-only checkout) must not hide the diff.
  @Test func aMismatchStillShowsTheDiffWhenTheOutputCannotBeWritten() throws {
    var snapshots = Self.directory(.missing)
    _ = try snapshots.check("a\nb\nc", named: "screen")
    let blocker = snapshots.referenceURL(named: "screen")
    snapshots.failuresDirectory = blocker.appendingPathComponent("failures")
    snapshots.mode = .never
    let outcome = try snapshots.check("a\nB\nc", named: "screen")
    guard case .mismatch(_, .notWritten(let error), let diff) = outcome else {
      Issue.record("expected a mismatch whose output could not be written, got \(outcome)")
      return
    }
    guard case .fileSystem = error else {
      Issue.record("expected a file-system error, got \(error)")
      return
    }
    #expect(diff.hasSuffix("@@ -1,3 +1,3 @@\n a\n-b\n+B\n c"))
    let message = try #require(outcome.failureMessage)
    #expect(message.contains(diff))
    #expect(message.contains("Actual output not written (cannot access "))
  }

  @Test func recordingAllReplacesADifferentReference() throws {
    var snapshots = Self.directory(.missing)
    _ = try snapshots.check("old", named: "screen")
    snapshots.mode = .all
    let url = snapshots.referenceURL(named: "screen")
    #expect(try snapshots.check("new", named: "screen") == .recorded(referencePath: url.path))
    #expect(try Self.contents(url) == "new\n")
  }

  @Test(arguments: ["", "a\n", "\n\n", "trailing \n"])
  func anyStringRoundTrips(_ text: String) throws {
    let snapshots = Self.directory(.missing)
    _ = try snapshots.check(text, named: "text")
    #expect(try snapshots.reference(named: "text") == text)
    #expect(try snapshots.check(text, named: "text") == .matched)
  }

  @Test(arguments: ["", ".hidden", "../escape", "a/b", "sp ace", "naïve"])
  func aNameMustBeAPlainFileName(_ name: String) {
    #expect(throws: SnapshotError.invalidName(name)) {
      _ = try Self.directory(.missing).check("x", named: name)
    }
  }

  @Test func unusedReferencesAreListed() throws {
    let snapshots = Self.directory(.missing)
    #expect(try snapshots.unusedReferences(expected: []) == [])
    for name in ["kept", "old-b", "old-a"] { _ = try snapshots.check(name, named: name) }
    #expect(
      try snapshots.unusedReferences(expected: ["kept", "never-recorded"]) == ["old-a", "old-b"])
    #expect(try snapshots.unusedReferences(expected: ["kept", "old-a", "old-b"]) == [])
  }

  @Test func theFolderIsTheCallingTargets() {
    let snapshots = SnapshotDirectory(
      forTestFile: "/repo/Tests/LoginReplayTests/Sub/RunTests.swift", mode: .never)
    #expect(snapshots.directory.path == "/repo/Tests/LoginReplayTests/__Snapshots__")
    #expect(
      snapshots.failuresDirectory
        == SnapshotDirectory.failuresRunDirectory.appendingPathComponent("LoginReplayTests"))
    // Outside the checkout: in the system's temporary directory, one folder per run.
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
    #expect(SnapshotDirectory.failuresRunDirectory.standardizedFileURL.path.hasPrefix(temporary))
    #expect(!snapshots.failuresDirectory.path.hasPrefix("/repo"))
    #expect(snapshots.referenceURL(named: "x").lastPathComponent == "x.txt")
  }

  @Test func theDiffHasHunksWithThreeLinesOfContext() {
    let expected = (1...20).map { "line \($0)" }
    var actual = expected
    actual[1] = "changed 2"
    actual.remove(at: 15)
    actual.append("added")
    let diff = LineDiff.unified(
      expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"))
    let want = """
      --- expected
      +++ actual
      @@ -1,5 +1,5 @@
       line 1
      -line 2
      +changed 2
       line 3
       line 4
       line 5
      @@ -13,8 +13,8 @@
       line 13
       line 14
       line 15
      -line 16
       line 17
       line 18
       line 19
       line 20
      +added
      """
    #expect(diff == want)
  }

  @Test func nearbyChangesShareAHunkAndEqualTextsHaveNoDiff() {
    #expect(LineDiff.unified(expected: "same", actual: "same") == "")
    let diff = LineDiff.unified(
      expected: "a\nb\nc\nd\ne\nf\ng\nh", actual: "A\nb\nc\nd\ne\nf\ng\nH", context: 3)
    #expect(diff.components(separatedBy: "@@ ").count == 2)
    #expect(
      LineDiff.unified(expected: "", actual: "x") == "--- expected\n+++ actual\n@@ -0,0 +1 @@\n+x")
  }
}

/// `assertSnapshot` end to end, against this target's real folder.
@Suite struct AssertSnapshotTests {
  @Test func aMatchingSnapshotPasses() throws {
    let reference = try #require(
      try SnapshotDirectory(forTestFile: #filePath, mode: .never).reference(named: "phase-idle"))
    assertSnapshot(of: reference, named: "phase-idle", record: .never)
  }

  @Test func aMismatchRecordsAnIssue() {
    withKnownIssue {
      assertSnapshot(of: "not the idle screen", named: "phase-idle", record: .never)
    } matching: { issue in
      issue.description.contains("@@ ")
        && issue.description.contains(SnapshotDirectory.failuresRunDirectory.path)
    }
  }

  @Test func aMissingReferenceRecordsAnIssueWhenRecordingIsOff() {
    withKnownIssue {
      assertSnapshot(of: "x", named: "no-such-snapshot", record: .never)
    }
  }
}
