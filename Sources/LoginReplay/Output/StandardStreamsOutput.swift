#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``ReplayOutput`` on the process's standard output and standard error (descriptors 1
/// and 2), as the `login-replay` executable uses it.
///
/// Standard output is buffered and written out by ``flush()``, which the runner calls after
/// every command, so a pipe or a file sees each command's output as soon as the command is
/// done; a large output is also written whenever the buffer fills. Standard error is written
/// at once, after standard output is flushed, so the two interleave in order on a terminal.
public final class StandardStreamsOutput: ReplayOutput {
  /// How many bytes are buffered before they are written without waiting for ``flush()``.
  static let bufferLimit = 65_536

  private var buffer: [UInt8] = []

  /// Set by the first failed write to standard output; nothing is written there afterwards.
  public private(set) var failure: OutputFailure?

  /// Creates the writer of the process's standard streams.
  public init() {
    buffer.reserveCapacity(Self.bufferLimit)
  }

  /// Buffers `text` and a line end for standard output.
  public func writeLine(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  /// Flushes standard output, then writes `text` and a line end to standard error.
  public func writeErrorLine(_ text: String) {
    flush()
    _ = Self.writeAll(Array(text.utf8) + [0x0A], to: 2)
  }

  /// Writes the buffered standard output. The first failure is kept in ``failure`` and, unless
  /// the reader closed the pipe, reported once on standard error.
  public func flush() {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    if let code = Self.writeAll(buffer, to: 1) {
      let failure = OutputFailure(errno: code)
      self.failure = failure
      if let message = failure.message { _ = Self.writeAll(Array(message.utf8) + [0x0A], to: 2) }
    }
  }

  /// Writes every byte, retrying after an interruption or a short write; returns the `errno`
  /// of a failed write, or `nil` when every byte was written.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if written == 0 { return EIO }
        offset += written
      }
      return nil
    }
  }
}
