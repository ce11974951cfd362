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
    Self.writeAll(Array(text.utf8) + [0x0A], to: 2)
  }

  /// Writes the buffered standard output.
  public func flush() {
    guard !buffer.isEmpty else { return }
    Self.writeAll(buffer, to: 1)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes every byte, retrying after an interruption or a short write; gives up on an
  /// error (a closed pipe has no reader left to tell).
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
