#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A session FILE opened for reading, sorted by what it is: only a regular file can be read
/// twice (checked whole, then run), so anything else is read once, as a stream.
///
/// A pipe, a FIFO or a character device named as FILE (`login-replay <(…)`,
/// `… | login-replay /dev/stdin`) is run like `-`: line by line, a bad line reported and
/// skipped, with the FILE's name in every location. A directory is a usage error.
enum OpenedSessionFile {
  /// A regular file, open; the reader owns (and closes) the descriptor.
  case regular(DescriptorLineReader)
  /// Anything else readable (pipe, FIFO, character device, socket): an open descriptor the
  /// caller must close.
  case stream(descriptor: Int32)
  /// A directory, which holds no session; nothing stays open.
  case directory

  /// Opens `path` and looks at what it is.
  ///
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` at line 0 when it cannot be opened.
  static func open(_ path: String) throws(SessionError) -> OpenedSessionFile {
    let descriptor = try DescriptorLineReader.open(path)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      _ = close(descriptor)
      throw DescriptorLineReader.unreadable(path, errno: code)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      return .regular(DescriptorLineReader(ownedDescriptor: descriptor, fileName: path))
    case S_IFDIR:
      _ = close(descriptor)
      return .directory
    default:
      return .stream(descriptor: descriptor)
    }
  }
}
