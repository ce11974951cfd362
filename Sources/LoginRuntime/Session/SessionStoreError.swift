import LoginFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``SessionStore`` could not load, save or clear the remembered session.
///
/// Its ``description`` is a sentence for a person: what is wrong, with which file, and what
/// to do. It never holds a token or anything read from the file, only the path, permission
/// bits, user ids and the system's error text. ``isRefusal`` tells a file that must not be
/// trusted (the user has to fix it) from one that is merely unusable (it is replaced at the
/// next login).
public struct SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var kind: Kind
  /// The file concerned, for a store that keeps one.
  public var path: String?

  /// Creates an error of `kind`, about the file at `path` if there is one.
  public init(_ kind: Kind, path: String? = nil) {
    self.kind = kind
    self.path = path
  }

  /// What went wrong, with the details a message needs.
  public enum Kind: Hashable, Sendable {
    /// The file's permissions let other users read or change it (`permissions` are the
    /// mode's lower nine bits, such as `0o640`). Refused: the file is not read.
    case readableByOthers(permissions: UInt32)
    /// The file belongs to another user (`owner` is its user id). Refused: not read.
    case ownedByAnotherUser(owner: UInt32)
    /// The path names something other than a regular file: a symbolic link, a folder, a
    /// device. Refused: not read.
    case notARegularFile
    /// The file is empty, or ends before its JSON object does.
    case truncated
    /// The file holds bytes after its JSON object.
    case trailingBytes
    /// The path runs through a loop of symbolic links. Refused: nothing is read.
    case symbolicLinkLoop
    /// The session to save would make a file of `bytes` bytes, larger than
    /// ``FileSessionStore/maximumFileSize``, which no load would read: it is not saved.
    case sessionTooLarge(bytes: Int)
    /// The file is not the JSON object the format describes: not JSON at all (`field` is
    /// `nil`), or a field missing or of the wrong type or value (`field` names it).
    case corrupt(field: String?)
    /// The file is larger than ``FileSessionStore/maximumFileSize`` bytes.
    case tooLarge
    /// The file's `formatVersion` is one this version does not read.
    case unknownVersion(Int)
    /// A system call failed: `operation` says which step, `code` is `errno`.
    case system(Operation, code: Int32)
    /// No location for the file: neither `XDG_STATE_HOME` nor a home directory is known.
    case noLocation
    /// Another store's own failure (a Keychain status, say): `code` and a `message` that
    /// holds no secret.
    case storeFailure(code: Int, message: String)
    /// The store was made to fail on purpose, by a test or a session file
    /// (`session-store failing`).
    case simulatedFailure
  }

  /// A step of the file store that can fail.
  public enum Operation: String, Hashable, Sendable {
    /// Creating the folder that holds the file.
    case createFolder = "create the folder"
    /// Opening the file to read it.
    case open = "open the file"
    /// Reading the file's status or contents.
    case read = "read the file"
    /// Creating the temporary file a save writes first.
    case createTemporaryFile = "create a temporary file"
    /// Writing and flushing the temporary file.
    case write = "write the temporary file"
    /// Putting the temporary file in the file's place.
    case replace = "replace the file"
    /// Removing the file.
    case remove = "remove the file"
  }

  /// Whether the file exists but must not be trusted: readable by others, owned by another
  /// user, or not a regular file. Such a file is neither read nor removed; the user has to
  /// fix or remove it, and programs that asked to remember the session stop and say so.
  public var isRefusal: Bool {
    switch kind {
    case .readableByOthers, .ownedByAnotherUser, .notARegularFile, .symbolicLinkLoop: true
    case .truncated, .trailingBytes, .corrupt, .tooLarge, .unknownVersion, .sessionTooLarge,
      .system, .noLocation, .storeFailure, .simulatedFailure:
      false
    }
  }

  /// Whether the file was read but holds no usable session: truncated, corrupt, too large or
  /// of an unknown version. It counts as no session, and the next login replaces it.
  public var isUnusableContent: Bool {
    switch kind {
    case .truncated, .trailingBytes, .corrupt, .tooLarge, .unknownVersion: true
    case .readableByOthers, .ownedByAnotherUser, .notARegularFile, .symbolicLinkLoop,
      .sessionTooLarge, .system, .noLocation, .storeFailure, .simulatedFailure:
      false
    }
  }

  /// A sentence such as `the session file /home/ada/.local/state/loginflow/session.json can
  /// be read or changed by other users (permissions 0640); it is not used. It must be
  /// readable by its owner only: run chmod 600 on it, or remove it`.
  public var description: String {
    description(
      naming: path.map { "the session file \(ScalarEscape.escaping($0))" } ?? "the session store")
  }

  /// ``description`` with the file called `file` instead of by its path: for a program whose
  /// messages never repeat what was typed on its command line.
  public func description(naming file: String) -> String {
    switch kind {
    case .readableByOthers(let permissions):
      return "\(file) can be read or changed by other users (permissions "
        + "\(Self.octal(permissions))); it is not used. It must be readable by its owner only: "
        + "run chmod 600 on it, or remove it"
    case .ownedByAnotherUser(let owner):
      return "\(file) belongs to another user (uid \(owner), not \(geteuid())); it is not "
        + "used. Remove it, or give it to this user"
    case .notARegularFile:
      return "\(file) is not a regular file (a symbolic link, a folder or a device); it is "
        + "not used. Remove it"
    case .symbolicLinkLoop:
      return "\(file) cannot be reached: its path runs through a loop of symbolic links; "
        + "nothing is read. Fix the links in the folders above it"
    case .truncated:
      return "\(file) is empty or truncated; it holds no session and will be replaced at the "
        + "next login"
    case .trailingBytes:
      return "\(file) has unexpected bytes after its JSON object; it holds no session and "
        + "will be replaced at the next login"
    case .corrupt(.none):
      return "\(file) is not a JSON object; it holds no session and will be replaced at the "
        + "next login"
    case .corrupt(.some(let field)):
      return "\(file) has a missing or invalid '\(field)'; it holds no session and will be "
        + "replaced at the next login"
    case .tooLarge:
      return "\(file) is larger than \(FileSessionStore.maximumFileSize) bytes; it holds no "
        + "session and will be replaced at the next login"
    case .sessionTooLarge(let bytes):
      return "the session is too large for \(file) (\(bytes) bytes, more than "
        + "\(FileSessionStore.maximumFileSize)); it is not remembered"
    case .unknownVersion(let version):
      return "\(file) has format version \(version), which this version does not read "
        + "(it reads version \(SessionFileFormat.version)); it holds no session and will be "
        + "replaced at the next login"
    case .system(let operation, let code):
      return "cannot \(operation.rawValue) for \(file): \(Self.systemMessage(code))"
    case .noLocation:
      return "no place for the session file: set XDG_STATE_HOME or HOME"
    case .storeFailure(let code, let message):
      return "\(file) failed (\(code)): \(message)"
    case .simulatedFailure:
      return "\(file) was made to fail (session-store failing)"
    }
  }

  /// `0640`: permission bits as `chmod` writes them.
  package static func octal(_ permissions: UInt32) -> String {
    let digits = String(permissions & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The system's text for `errno` value `code`, such as `Permission denied`.
  private static func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
