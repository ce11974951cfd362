import Foundation
import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The file store: one JSON file, written atomically, readable by its owner only, refused when
/// it cannot be trusted, and never a crash or a leak for a bad one.
@Suite struct FileSessionStoreTests {
  static let token = "tok-FILE-SECRET-42"
  static let refresh = "refresh-FILE-SECRET-7"
  static let session = StoredSession(
    token: token, refreshToken: refresh, expiresAt: Timestamp(secondsSinceEpoch: 1_735_689_600))

  /// The permission bits of `path`.
  static func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  static func write(_ text: String, to path: String, permissions: Int = 0o600) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
  }

  /// The session-store error `body` throws, or `nil`.
  static func error(_ body: () throws -> Void) -> SessionStoreError? {
    do {
      try body()
      return nil
    } catch let error as SessionStoreError {
      return error
    } catch {
      Issue.record("not a session-store error: \(error)")
      return nil
    }
  }

  @Test func aSaveCreatesTheFile0600InFolders0700AndLoadsBack() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("state", "loginflow", "session.json")
    let store = FileSessionStore(path: path)
    #expect(try store.load() == nil)  // no file, no folder: no session
    try store.save(Self.session)
    #expect(try Self.permissions(path) == 0o600)
    #expect(try Self.permissions(folder.path("state", "loginflow")) == 0o700)
    #expect(try Self.permissions(folder.path("state")) == 0o700)
    #expect(try store.load() == Self.session)
    // Only the file: no temporary file is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("state", "loginflow"))
        == ["session.json"])
  }

  @Test func theFileIsTheDocumentedJSON() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try FileSessionStore(path: path).save(
      StoredSession(token: "t/1", expiresAt: Timestamp(sinceEpoch: .seconds(604_801.75))))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // Sorted keys, whole seconds rounded down, no refresh token when there is none.
    #expect(text == #"{"expiresAt":604801,"formatVersion":1,"token":"t/1"}"# + "\n")
    try FileSessionStore(path: path).save(Self.session)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == #"{"expiresAt":1735689600,"formatVersion":1,"refreshToken":"refresh-FILE-SECRET-7","#
        + #""token":"tok-FILE-SECRET-42"}"# + "\n")
  }

  @Test func aSaveReplacesTheFileAndAClearRemovesIt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(path: folder.path("session.json"))
    try store.save(Self.session)
    let second = StoredSession(token: "second", expiresAt: Timestamp(secondsSinceEpoch: 9))
    try store.save(second)
    #expect(try store.load() == second)
    try store.clear()
    #expect(try store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path("session.json")))
    try store.clear()  // nothing to clear is no error
    try FileSessionStore(path: folder.path("missing", "session.json")).clear()
  }

  @Test(arguments: [0o640, 0o604, 0o620, 0o602, 0o660, 0o644, 0o601, 0o610])
  func aFileOthersCanReadOrChangeIsRefusedAndLeftAlone(_ permissions: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let store = FileSessionStore(path: path)
    try store.save(Self.session)
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = try #require(Self.error { _ = try store.load() })
    #expect(error.kind == .readableByOthers(permissions: UInt32(permissions)))
    #expect(error.isRefusal)
    #expect(error.path == path)
    #expect(error.description.contains("other users"))
    #expect(error.description.contains("chmod 600"))
    #expect(error.description.contains(SessionStoreError.octal(UInt32(permissions))))
    #expect(!error.description.contains(Self.token))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try Self.permissions(path) == permissions)
  }

  @Test(
    .enabled(
      if: geteuid() == 0, "giving a file to another user needs root; as another user, skipped"))
  func aFileAnotherUserOwnsIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let store = FileSessionStore(path: path)
    try store.save(Self.session)
    #expect(chown(path, 54_321, 54_321) == 0)
    let error = try #require(Self.error { _ = try store.load() })
    #expect(error.kind == .ownedByAnotherUser(owner: 54_321))
    #expect(error.isRefusal)
    #expect(error.description.contains("belongs to another user (uid 54321"))
    #expect(!error.description.contains(Self.token))
  }

  @Test func aSymbolicLinkOrAFolderIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = folder.path("elsewhere.json")
    try FileSessionStore(path: target).save(Self.session)
    let link = folder.path("session.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let linked = try #require(Self.error { _ = try FileSessionStore(path: link).load() })
    #expect(linked.kind == .notARegularFile)
    #expect(linked.isRefusal)
    let directory = folder.path("folder.json")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let folderError = try #require(
      Self.error { _ = try FileSessionStore(path: directory).load() })
    #expect(folderError.kind == .notARegularFile)
  }

  @Test(arguments: [
    ("", SessionStoreError.Kind.truncated),
    ("  \n", .truncated),
    (#"{"expiresAt":1,"formatVersion":1,"token":"abc"#, .truncated),
    (#"{"expiresAt":1,"formatVersion":1,"#, .truncated),
    ("not json at all", .corrupt(field: nil)),
    ("[1, 2, 3]", .corrupt(field: nil)),
    (#"{"expiresAt":1,"token":"abc"}"#, .corrupt(field: "formatVersion")),
    (#"{"expiresAt":1,"formatVersion":"1","token":"abc"}"#, .corrupt(field: "formatVersion")),
    (#"{"expiresAt":1,"formatVersion":1}"#, .corrupt(field: "token")),
    (#"{"expiresAt":1,"formatVersion":1,"token":""}"#, .corrupt(field: "token")),
    (#"{"expiresAt":1,"formatVersion":1,"token":7}"#, .corrupt(field: "token")),
    (#"{"formatVersion":1,"token":"abc"}"#, .corrupt(field: "expiresAt")),
    (#"{"expiresAt":1.5,"formatVersion":1,"token":"abc"}"#, .corrupt(field: "expiresAt")),
    (
      #"{"expiresAt":1,"formatVersion":1,"refreshToken":3,"token":"abc"}"#,
      .corrupt(field: "refreshToken")
    ),
    (#"{"expiresAt":1,"formatVersion":2,"token":"abc"}"#, .unknownVersion(2)),
    (#"{"formatVersion":99,"whatever":[]}"#, .unknownVersion(99)),
    (#"{"formatVersion":0}"#, .unknownVersion(0)),
  ])
  func anUnusableFileHoldsNoSessionAndIsReplacedAtTheNextSave(
    _ contents: String, _ expected: SessionStoreError.Kind
  ) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try Self.write(contents, to: path)
    let store = FileSessionStore(path: path)
    let error = try #require(Self.error { _ = try store.load() })
    #expect(error.kind == expected)
    #expect(error.isUnusableContent)
    #expect(!error.isRefusal)
    #expect(error.description.contains("replaced at the next login"))
    try store.save(Self.session)
    #expect(try store.load() == Self.session)
    #expect(try Self.permissions(path) == 0o600)
  }

  @Test func everyTruncationOfAGoodFileIsReportedNeverASessionOrACrash() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let store = FileSessionStore(path: path)
    try store.save(Self.session)
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    // Cut before the closing brace: every prefix is an unusable file, reported without the
    // token; the whole file, and the file without its final newline, load.
    for length in 0..<(whole.count - 2) {
      try Self.write(String(decoding: whole.prefix(length), as: UTF8.self), to: path)
      let error = try #require(Self.error { _ = try store.load() }, "\(length) bytes")
      #expect(error.isUnusableContent, "\(length) bytes: \(error.kind)")
      #expect(!error.description.contains(Self.token))
      #expect(!error.description.contains(Self.refresh))
    }
    try Self.write(String(decoding: whole.dropLast(), as: UTF8.self), to: path)
    #expect(try store.load() == Self.session)
  }

  @Test func aFileLargerThanTheMaximumIsNotRead() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try Self.write(String(repeating: " ", count: FileSessionStore.maximumFileSize + 1), to: path)
    let error = try #require(Self.error { _ = try FileSessionStore(path: path).load() })
    #expect(error.kind == .tooLarge)
  }

  @Test func anInterruptedSaveLeavesThePreviousFileIntactAndNoTemporaryFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try FileSessionStore(path: path).save(Self.session)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let written = Locked<[String]>([])
    let interrupted = FileSessionStore(path: path) {
      (temporary: String) throws(SessionStoreError) in
      // The new session is complete on disk, beside the old one, when the save stops.
      written.withLock { $0.append(temporary) }
      #expect(FileManager.default.fileExists(atPath: temporary))
      #expect((try? Self.permissions(temporary)) == 0o600)
      throw SessionStoreError(.simulatedFailure)
    }
    let next = StoredSession(token: "next-token", expiresAt: Timestamp(secondsSinceEpoch: 5))
    let error = Self.error { try interrupted.save(next) }
    #expect(error?.kind == .simulatedFailure)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileSessionStore(path: path).load() == Self.session)
    let temporary = try #require(written.withLock { $0.first })
    #expect(temporary.hasPrefix(folder.path(".session.json.")))
    #expect(!FileManager.default.fileExists(atPath: temporary))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.json"])
  }

  @Test func aSaveUnderARegularFileFailsWithAClearErrorAndNoSecret() throws {
    // Root may write anywhere, so a folder without permissions proves nothing as root; a
    // path whose parent is a regular file cannot be written by anyone.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Self.write("a file", to: folder.path("file"))
    let store = FileSessionStore(path: folder.path("file", "loginflow", "session.json"))
    let error = try #require(Self.error { try store.save(Self.session) })
    #expect(error.kind == .system(.createFolder, code: ENOTDIR))
    #expect(!error.isRefusal)
    #expect(error.description.hasPrefix("cannot create the folder for the session file "))
    #expect(error.description.hasSuffix(": Not a directory"))
    #expect(!error.description.contains(Self.token))
    #expect(try store.load() == nil)
  }

  @Test(.enabled(if: geteuid() != 0, "root writes into a read-only folder; covered above"))
  func aSaveIntoAReadOnlyFolderFails() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
    let error = Self.error {
      try FileSessionStore(path: folder.path("session.json")).save(Self.session)
    }
    #expect(error?.kind == .system(.createTemporaryFile, code: EACCES))
  }

  @Test func theDefaultLocationFollowsTheXDGConvention() throws {
    #expect(
      try FileSessionStore.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"])
        == "/x/state/loginflow/session.json")
    #expect(
      try FileSessionStore.defaultPath(environment: ["XDG_STATE_HOME": "/x/state/"])
        == "/x/state/loginflow/session.json")
    // A relative XDG_STATE_HOME is ignored, as the convention says.
    #expect(
      try FileSessionStore.defaultPath(environment: ["XDG_STATE_HOME": "state", "HOME": "/h"])
        == "/h/.local/state/loginflow/session.json")
    #expect(
      try FileSessionStore.defaultPath(environment: ["HOME": "/home/ada"])
        == "/home/ada/.local/state/loginflow/session.json")
    // Without HOME, the user database's home.
    let fallback = try FileSessionStore.defaultPath(environment: [:])
    #expect(fallback.hasSuffix("/.local/state/loginflow/session.json"))
  }

  // MARK: A logout that cannot remove the file, interrupted saves, sizes, precise messages

  /// As a read-only folder makes it (which does not stop root, so a seam fails the removal):
  /// the file is overwritten with the logged-out marker, and the next launch restores nothing.
  @Test func aLogoutThatCannotRemoveTheFileIsNotUndoneByTheNextLaunch() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try FileSessionStore(path: path).save(Self.session)
    let readOnly = FileSessionStore(
      path: path, afterWritingTemporaryFile: { _ in }, remove: { _ in EACCES })
    try readOnly.clear()
    #expect(FileManager.default.fileExists(atPath: path), "the folder kept it")
    #expect(try FileSessionStore(path: path).load() == nil, "the next launch is logged out")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(Self.token) && !text.contains(Self.refresh))
    #expect(Array(text.utf8) == SessionFileFormat.loggedOut())
    try FileSessionStore(path: path).save(Self.session)  // the next login replaces it
    #expect(try FileSessionStore(path: path).load() == Self.session)
  }

  @Test func aLogoutThatCanNeitherRemoveNorOverwriteTheFileThrows() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try FileSessionStore(path: path).save(Self.session)
    let link = folder.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    // A symbolic link is never written through: the marker cannot be written.
    let stuck = FileSessionStore(
      path: link, afterWritingTemporaryFile: { _ in }, remove: { _ in EROFS })
    let error = try #require(Self.error { try stuck.clear() })
    #expect(error.kind == .system(.remove, code: EROFS))
    #expect(try FileSessionStore(path: path).load() == Self.session, "nothing was changed")
  }

  @Test(.enabled(if: geteuid() != 0, "root removes files from read-only folders"))
  func aLogoutInARealReadOnlyFolderLeavesTheMarker() throws {
    let folder = try TemporaryDirectory()
    defer {
      _ = chmod(folder.path, 0o700)
      folder.remove()
    }
    let path = folder.path("session.json")
    try FileSessionStore(path: path).save(Self.session)
    #expect(chmod(folder.path, 0o500) == 0)
    try FileSessionStore(path: path).clear()
    #expect(try FileSessionStore(path: path).load() == nil)
  }

  /// What `kill -9` between the write and the rename leaves: a temporary file named as a save
  /// names it, holding the token. The seam keeps a hard link to it under such a name before
  /// the save is stopped.
  private func leaveAnInterruptedSave(in folder: TemporaryDirectory) throws -> String {
    let path = folder.path("session.json")
    let kept = folder.path(".session.json.KILLED")
    let interrupted = FileSessionStore(path: path) {
      (temporary: String) throws(SessionStoreError) in
      _ = link(temporary, kept)
      throw SessionStoreError(.simulatedFailure)
    }
    _ = Self.error { try interrupted.save(Self.session) }
    #expect(try String(contentsOfFile: kept, encoding: .utf8).contains(Self.token))
    return kept
  }

  @Test func theNextLoadRemovesWhatAnInterruptedSaveLeft() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let unrelated = [
      "notes.txt", ".session.json.bak", ".session.json.TOOLONG7", ".session.json.AB",
      ".other.json.ABCDEF",
    ]
    for name in unrelated { try Self.write("keep", to: folder.path(name)) }
    let kept = try leaveAnInterruptedSave(in: folder)
    #expect(try FileSessionStore(path: folder.path("session.json")).load() == nil)
    #expect(!FileManager.default.fileExists(atPath: kept))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(unrelated))
  }

  @Test func theNextSaveRemovesWhatAnInterruptedSaveLeft() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let kept = try leaveAnInterruptedSave(in: folder)
    try FileSessionStore(path: folder.path("session.json")).save(Self.session)
    #expect(!FileManager.default.fileExists(atPath: kept))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.json"])
  }

  @Test func aSessionTooLargeToLoadAgainIsNotSaved() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let store = FileSessionStore(path: path)
    try store.save(Self.session)
    let huge = StoredSession(
      token: String(repeating: "t", count: 70_000), expiresAt: Timestamp(secondsSinceEpoch: 9))
    let error = try #require(Self.error { try store.save(huge) })
    guard case .sessionTooLarge(let bytes) = error.kind else {
      Issue.record("expected sessionTooLarge, got \(error.kind)")
      return
    }
    #expect(bytes > FileSessionStore.maximumFileSize)
    #expect(error.description.contains("it is not remembered"))
    #expect(try store.load() == Self.session, "the previous file is as it was")
  }

  @Test func aLoopOfSymbolicLinksIsReportedAsOne() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("a"), withDestinationPath: folder.path("b"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("b"), withDestinationPath: folder.path("a"))
    let path = folder.path("a/session.json")
    let error = try #require(Self.error { _ = try FileSessionStore(path: path).load() })
    #expect(error.kind == .symbolicLinkLoop)
    #expect(error.isRefusal)
    #expect(error.description.contains("loop of symbolic links"))
    #expect(!error.description.contains("Remove it"))
  }

  @Test func bytesAfterTheObjectAreReportedAsSuch() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    let good = String(decoding: SessionFileFormat.encode(Self.session), as: UTF8.self)
    for extra in ["garbage", "}", "{\"x\":1}"] {
      try Self.write(good + extra, to: path)
      let error = try #require(Self.error { _ = try FileSessionStore(path: path).load() })
      #expect(error.kind == .trailingBytes, "after the object: \(extra)")
      #expect(error.description.contains("unexpected bytes after"))
      #expect(!error.description.contains(Self.token))
    }
  }

  /// A path from the environment (`XDG_STATE_HOME`) is repeated escaped: it cannot set the
  /// terminal's title or reverse the text of the message that names it.
  @Test func aHostilePathIsNamedEscaped() {
    let error = SessionStoreError(.notARegularFile, path: "/s\u{1B}]0;t\u{7}\u{9B}\u{202E}/x")
    #expect(error.description.contains("/s\\u{1B}]0;t\\u{7}\\u{9B}\\u{202E}/x"))
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value >= 0x7F })
  }
}
