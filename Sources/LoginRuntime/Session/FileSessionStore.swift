import Foundation
import LoginFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``SessionStore`` that keeps the session in one file, for Linux and servers: the JSON
/// object of ``SessionFileFormat``, readable by its owner only.
///
/// - **Saving is atomic.** The session is written to a temporary file in the same folder
///   (mode `0600` from its creation), flushed to the device, then renamed over the file, and
///   the folder is flushed too. A save that fails at any step removes its temporary file and
///   leaves the previous file exactly as it was. Missing folders are created with mode
///   `0700`.
/// - **Loading refuses a file it must not trust**: one that other users can read or change
///   (any group or other permission bit), one that belongs to another user, a symbolic link,
///   a folder or a device. The file is not read and not removed; the error says what to fix
///   (``SessionStoreError/isRefusal``).
/// - **A corrupt, truncated, oversized or unknown-version file holds no session**: loading
///   throws a ``SessionStoreError`` saying which, and the next save replaces the file.
/// - **Clearing removes the file**; no file is not an error. When the file cannot be removed
///   (a read-only folder), it is overwritten in place with the logged-out marker
///   (``SessionFileFormat/loggedOut()``), so the next launch restores nothing; only when that
///   fails too does clearing throw.
/// - **An interrupted save leaves nothing behind for long**: the temporary files a save
///   killed before its rename left (`.session.json.XXXXXX`, holding a token) are removed at
///   the next load or save.
/// - **A session too large to load again is not saved** (``SessionStoreError/Kind/sessionTooLarge(bytes:)``).
///
/// The default location follows the XDG base directory convention (``defaultPath(environment:)``).
/// Nothing here prints a token: errors name the file, never its contents.
public struct FileSessionStore: SessionStore {
  /// The file's name in its folder: `session.json`.
  public static let fileName = "session.json"
  /// The folder the default location puts the file in, under the state directory.
  public static let folderName = "loginflow"
  /// The file's permissions: read and write for its owner only.
  public static let filePermissions: UInt32 = 0o600
  /// The permissions of a folder the store creates: its owner only.
  public static let folderPermissions: UInt32 = 0o700
  /// The largest file loading reads, 64 KiB: a session is a few hundred bytes, and a bound
  /// keeps a wrong path from reading a huge file.
  public static let maximumFileSize = 65_536

  /// The file.
  public let path: String
  /// A step run after the temporary file is written and flushed, before it is renamed:
  /// nothing in production, a failure in tests that prove an interrupted save leaves the
  /// previous file intact.
  private let afterWritingTemporaryFile: @Sendable (String) throws(SessionStoreError) -> Void
  /// Removes a file, returning 0 or an `errno` value: `unlink`, or a failure in tests.
  private let remove: @Sendable (String) -> Int32

  /// A store that keeps the session in the file at `path`.
  public init(path: String) {
    self.init(path: path, afterWritingTemporaryFile: { _ in })
  }

  /// A store whose save runs `afterWritingTemporaryFile` with the temporary file's path once
  /// it is written and flushed, before the rename, and whose clear removes the file with
  /// `remove` (returning 0 or an `errno` value): seams for tests to interrupt a save there,
  /// or to make a removal fail as a read-only folder does even for root.
  package init(
    path: String,
    afterWritingTemporaryFile: @escaping @Sendable (String) throws(SessionStoreError) -> Void,
    remove: @escaping @Sendable (String) -> Int32 = { unlink($0) == 0 ? 0 : errno }
  ) {
    self.path = path
    self.afterWritingTemporaryFile = afterWritingTemporaryFile
    self.remove = remove
  }

  /// The default place of the session file, after the XDG base directory convention:
  /// `$XDG_STATE_HOME/loginflow/session.json` when `XDG_STATE_HOME` is an absolute path,
  /// else `$HOME/.local/state/loginflow/session.json` (the home directory from the user
  /// database when `HOME` is not set).
  ///
  /// - Throws: ``SessionStoreError/Kind/noLocation`` when there is no home directory either.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SessionStoreError) -> String {
    // The convention ignores a relative value.
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return join(state, folderName, fileName)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome()
    guard let home else { throw SessionStoreError(.noLocation) }
    return join(home, ".local/state", folderName, fileName)
  }

  // MARK: SessionStore

  /// The session in the file, or `nil` when there is no file.
  ///
  /// - Throws: ``SessionStoreError`` for a file refused (readable by others, another user's,
  ///   not a regular file), unusable (truncated, corrupt, too large, unknown version) or
  ///   unreadable.
  public func load() throws(SessionStoreError) -> StoredSession? {
    removeStaleTemporaryFiles()
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: return nil
      case ELOOP: throw failure(isSymbolicLink(path) ? .notARegularFile : .symbolicLinkLoop)
      default: throw failure(.system(.open, code: code))
      }
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(.system(.read, code: errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw failure(.notARegularFile) }
    guard status.st_uid == geteuid() else {
      throw failure(.ownedByAnotherUser(owner: UInt32(status.st_uid)))
    }
    let permissions = UInt32(status.st_mode) & 0o7777
    guard permissions & 0o077 == 0 else {
      throw failure(.readableByOthers(permissions: permissions))
    }
    let bytes = try read(descriptor)
    do {
      return try SessionFileFormat.decode(bytes)
    } catch {
      throw failure(error.kind)
    }
  }

  /// Writes `session` to a temporary file in the same folder, flushes it and renames it over
  /// the file; creates missing folders with mode `0700`.
  ///
  /// - Throws: ``SessionStoreError`` naming the step that failed; the previous file is then
  ///   untouched and no temporary file remains.
  public func save(_ session: StoredSession) throws(SessionStoreError) {
    let bytes = SessionFileFormat.encode(session)
    guard bytes.count <= Self.maximumFileSize else {
      throw failure(.sessionTooLarge(bytes: bytes.count))
    }
    let folder = Self.folder(of: path)
    try createFolder(folder)
    removeStaleTemporaryFiles()
    var template = Array(
      Self.join(folder, temporaryPrefix + String(repeating: "X", count: Self.temporarySuffixLength))
        .utf8CString)
    // The one unsafe pointer of the save: `mkstemp` writes the name into a C buffer, and it is
    // what makes the file exclusive and 0600 from its first byte (no window where others read).
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      // `mkstemp` creates the file with mode 0600, exclusively, and fills in the X's.
      guard let start = buffer.baseAddress else { return -1 }
      return mkstemp(start)
    }
    guard descriptor >= 0 else { throw failure(.system(.createTemporaryFile, code: errno)) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(SessionStoreError) {
      defer { _ = close(descriptor) }
      try write(bytes, to: descriptor)
    } catch {
      _ = unlink(temporary)
      throw error
    }
    do throws(SessionStoreError) {
      try afterWritingTemporaryFile(temporary)
      guard rename(temporary, path) == 0 else {
        throw failure(.system(.replace, code: errno))
      }
    } catch {
      _ = unlink(temporary)
      throw error
    }
    Self.flushFolder(folder)
  }

  /// Removes the file; no file (or no folder) is not an error. A file that cannot be
  /// removed is overwritten in place with the logged-out marker.
  ///
  /// - Throws: ``SessionStoreError`` when the file exists and can be neither removed nor
  ///   overwritten: the next launch would restore it.
  public func clear() throws(SessionStoreError) {
    let code = remove(path)
    switch code {
    case 0:
      Self.flushFolder(Self.folder(of: path))
    case ENOENT, ENOTDIR:
      return
    default:
      guard overwriteWithTheLoggedOutMarker() else {
        throw failure(.system(.remove, code: code))
      }
    }
  }

  /// Writes the logged-out marker over the file, in place (the folder may not allow a new
  /// file); whether it is now on the device.
  private func overwriteWithTheLoggedOutMarker() -> Bool {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    do {
      try write(SessionFileFormat.loggedOut(), to: descriptor)
      return true
    } catch {
      return false
    }
  }

  // MARK: Temporary files

  /// How a save's temporary file is named in the folder: this prefix, then
  /// ``temporarySuffixLength`` letters and digits that `mkstemp` picks.
  private var temporaryPrefix: String { ".\(Self.name(of: path))." }
  private static let temporarySuffixLength = 6

  /// Removes the temporary files an interrupted save left next to the file (they hold a
  /// token): this user's regular files named as a save names them, nothing else.
  private func removeStaleTemporaryFiles() {
    let folder = Self.folder(of: path)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return
    }
    for name in names where isTemporaryName(name) {
      let candidate = Self.join(folder, name)
      var status = stat()
      guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == geteuid()
      else { continue }
      _ = unlink(candidate)
    }
  }

  private func isTemporaryName(_ name: String) -> Bool {
    guard name.hasPrefix(temporaryPrefix) else { return false }
    let suffix = name.utf8.dropFirst(temporaryPrefix.utf8.count)
    return suffix.count == Self.temporarySuffixLength
      && suffix.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
  }

  /// Whether `path` itself is a symbolic link (not a path through a loop).
  private func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  // MARK: Steps

  /// An error about this store's file.
  private func failure(_ kind: SessionStoreError.Kind) -> SessionStoreError {
    SessionStoreError(kind, path: path)
  }

  /// Reads the whole file, at most ``maximumFileSize`` bytes.
  private func read(_ descriptor: Int32) throws(SessionStoreError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(.system(.read, code: errno))
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= Self.maximumFileSize else { throw failure(.tooLarge) }
    }
  }

  /// Writes all of `bytes` to `descriptor` and flushes them to the device.
  private func write(_ bytes: [UInt8], to descriptor: Int32) throws(SessionStoreError) {
    // Not wider than the owner, whatever the process's umask made of mkstemp's mode.
    guard fchmod(descriptor, mode_t(Self.filePermissions)) == 0 else {
      throw failure(.system(.write, code: errno))
    }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        systemWrite(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(.system(.write, code: errno))
      }
      offset += count
    }
    guard fsync(descriptor) == 0 else { throw failure(.system(.write, code: errno)) }
  }

  /// Creates `folder` and its missing parents with mode `0700`; an existing folder is left
  /// as it is.
  private func createFolder(_ folder: String) throws(SessionStoreError) {
    var status = stat()
    if stat(folder, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw failure(.system(.createFolder, code: ENOTDIR))
      }
      return
    }
    let parent = Self.folder(of: folder)
    if parent != folder { try createFolder(parent) }
    guard mkdir(folder, mode_t(Self.folderPermissions)) == 0 || errno == EEXIST else {
      throw failure(.system(.createFolder, code: errno))
    }
    // mkdir's mode passes through the umask, which may only take bits away: 0700 stays.
    _ = chmod(folder, mode_t(Self.folderPermissions))
  }

  // MARK: Paths

  /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The last component of `path`.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `parts` joined with single slashes.
  private static func join(_ parts: String...) -> String {
    var result = ""
    for part in parts {
      if result.isEmpty || result.hasSuffix("/") {
        result += part
      } else {
        result += "/" + part
      }
    }
    return result
  }

  /// The home directory in the user database, for a process without `HOME`.
  private static func userHome() -> String? {
    guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else {
      return nil
    }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }

  /// Flushes `folder`'s entries (the rename or removal) to the device; a folder that cannot
  /// be opened or flushed is skipped: the file itself is already complete.
  private static func flushFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }
}

/// `read(2)`, named apart from the store's own `read`. Its raw pointer is the system call's:
/// the file is read through a descriptor opened without following links and checked with
/// `fstat`, which Foundation's file APIs cannot do.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}

/// `write(2)`, named apart from the store's own `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
