#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error, written with POSIX `write(2)`: the one place the
/// package writes bytes to them, through ``StandardStreamsOutput`` or a terminal front end.
///
/// No `FileHandle` (whose `write` traps on an error) and no `print` (which hides errors).
package enum StandardDescriptor: Int32, Sendable {
  /// Descriptor 1.
  case output = 1
  /// Descriptor 2.
  case error = 2

  /// Writes every byte, retrying after an interruption (`EINTR`) or a short write.
  ///
  /// It takes raw bytes because `write(2)` does: the writer reports a full or closed stream
  /// (`EPIPE`, `ENOSPC`) as an error code instead of trapping, which `FileHandle` cannot.
  ///
  /// - Returns: The `errno` of the write that failed (`EIO` for one that wrote nothing), or
  ///   `nil` when every byte was written.
  package func write(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written: Int
      #if canImport(Glibc)
        written = Glibc.write(rawValue, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      #else
        written = Darwin.write(
          rawValue, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      #endif
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      offset += written
    }
    return nil
  }

  /// Writes every byte of `bytes`, as ``write(_:)-(UnsafeRawBufferPointer)`` does.
  package func write(_ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Whether the descriptor is open: a process may be started with it closed (`2>&-`).
  var isOpen: Bool {
    fcntl(rawValue, F_GETFD) != -1 || errno != EBADF
  }

  /// Opens `/dev/null` on the descriptor, which must be closed, so that no file the program
  /// opens later takes its number (diagnostics would then be written into that file).
  func reserve() {
    let null = open("/dev/null", O_RDWR)
    guard null >= 0, null != rawValue else { return }
    _ = dup2(null, rawValue)
    _ = close(null)
  }
}
