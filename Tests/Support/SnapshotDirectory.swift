import Foundation

/// A folder of reference files (`<name>.txt`) and the rules for comparing output with them.
///
/// ``assertSnapshot(of:named:record:filePath:sourceLocation:)`` uses the `__Snapshots__`
/// folder of the calling test target; tests of the helper itself point one at a temporary
/// folder. A reference holds the output followed by one newline, so files end cleanly.
public struct SnapshotDirectory: Equatable, Sendable {
  /// The folder holding the references.
  public var directory: URL
  /// Where the output of a failed comparison is written, for a look or a copy.
  public var failuresDirectory: URL

  /// This test run's folder for failed outputs, in the system's temporary directory: one per
  /// process, so runs never mix and a read-only checkout is never written to.
  public static let failuresRunDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent(
      "snapshot-failures-\(ProcessInfo.processInfo.processIdentifier)-"
        + String(UUID().uuidString.prefix(8)))
  /// Whether references may be written.
  public var mode: SnapshotRecordMode

  /// A folder of references with explicit locations and mode.
  public init(directory: URL, failuresDirectory: URL, mode: SnapshotRecordMode) {
    self.directory = directory
    self.failuresDirectory = failuresDirectory
    self.mode = mode
  }

  /// The `__Snapshots__` folder of the test target that contains `filePath`.
  ///
  /// The target is the folder directly under `Tests/` on the way up from the file, so a test
  /// in a subfolder still uses its target's folder. Failed outputs go to `<target>/` in
  /// ``failuresRunDirectory`` (under the system's temporary directory, never the checkout).
  public init(forTestFile filePath: String, mode: SnapshotRecordMode) {
    let file = URL(fileURLWithPath: filePath)
    var target = file.deletingLastPathComponent()
    var candidate = target
    while candidate.pathComponents.count > 1 {
      let parent = candidate.deletingLastPathComponent()
      if parent.lastPathComponent == "Tests" {
        target = candidate
        break
      }
      candidate = parent
    }
    self.init(
      directory: target.appendingPathComponent("__Snapshots__"),
      failuresDirectory: Self.failuresRunDirectory.appendingPathComponent(
        target.lastPathComponent),
      mode: mode)
  }

  /// The reference file for `name`.
  public func referenceURL(named name: String) -> URL {
    directory.appendingPathComponent(name + ".txt")
  }

  /// The reference text for `name`, without its final newline, or `nil` if there is none.
  ///
  /// - Throws: ``SnapshotError`` for a bad name or an unreadable file.
  public func reference(named name: String) throws(SnapshotError) -> String? {
    try Self.validate(name)
    let url = referenceURL(named: name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      var text = try String(contentsOf: url, encoding: .utf8)
      if text.hasSuffix("\n") { text.removeLast() }
      return text
    } catch {
      throw .fileSystem(path: url.path, reason: "\(error)")
    }
  }

  /// Compares `actual` with the reference `name`, recording or reporting as the mode says.
  ///
  /// On a mismatch the diff is computed first; the actual output is then written to
  /// ``failuresDirectory`` for a look, and a failure to write it is only noted in the
  /// outcome, so it never hides the diff.
  ///
  /// - Throws: ``SnapshotError`` for a bad name, a reference that cannot be read, or a
  ///   reference that cannot be recorded.
  public func check(_ actual: String, named name: String) throws(SnapshotError)
    -> SnapshotOutcome
  {
    let referencePath = referenceURL(named: name).path
    guard let expected = try reference(named: name) else {
      switch mode {
      case .missing, .all:
        try write(actual, to: referenceURL(named: name))
        return .recorded(referencePath: referencePath)
      case .never:
        return .missingReference(referencePath: referencePath)
      }
    }
    if expected == actual { return .matched }
    switch mode {
    case .all:
      try write(actual, to: referenceURL(named: name))
      return .recorded(referencePath: referencePath)
    case .missing, .never:
      let actualURL = failuresDirectory.appendingPathComponent(name + ".txt")
      let diff = LineDiff.unified(
        expected: expected, actual: actual, expectedLabel: referencePath,
        actualLabel: actualURL.path)
      do throws(SnapshotError) {
        try write(actual, to: actualURL)
        return .mismatch(referencePath: referencePath, actual: .written(actualURL.path), diff: diff)
      } catch {
        return .mismatch(referencePath: referencePath, actual: .notWritten(error), diff: diff)
      }
    }
  }

  /// The names of the reference files in the folder that are not in `expected`, sorted.
  ///
  /// A test target lists every snapshot name it uses; whatever else is in the folder is a
  /// leftover from a renamed or deleted test. A missing folder has no leftovers.
  ///
  /// - Throws: ``SnapshotError/fileSystem(path:reason:)`` when the folder cannot be listed.
  public func unusedReferences(expected: some Sequence<String>) throws(SnapshotError)
    -> [String]
  {
    guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      throw .fileSystem(path: directory.path, reason: "\(error)")
    }
    let used = Set(expected)
    return files.filter { $0.hasSuffix(".txt") }
      .map { String($0.dropLast(".txt".count)) }
      .filter { !used.contains($0) }
      .sorted()
  }

  /// Writes `text` and a final newline to `url`, creating its folder.
  private func write(_ text: String, to url: URL) throws(SnapshotError) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data((text + "\n").utf8).write(to: url, options: .atomic)
    } catch {
      throw .fileSystem(path: url.path, reason: "\(error)")
    }
  }

  /// Accepts plain file names only, so a name can never reach outside the folder.
  static func validate(_ name: String) throws(SnapshotError) {
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "." || $0 == "-" || $0 == "_"
    }
    guard allowed, !name.isEmpty, !name.hasPrefix(".") else { throw .invalidName(name) }
  }
}
