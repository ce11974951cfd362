import LoginFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``CommandOutput`` on the process's standard output and standard error: the one writer
/// of every executable of the package. It never traps.
///
/// Standard output is buffered and written out by ``flush()``, which a program calls after
/// each piece of output it wants seen (`login-replay` after every command); a large output
/// is also written whenever the buffer fills. Standard error is written at once, after
/// standard output is flushed, so the two interleave in order on a terminal.
///
/// A failed write to standard output is kept in ``failure`` and nothing more is written
/// there: a pipe closed by its reader (`EPIPE`) ends quietly, as Unix tools do; any other
/// error (`ENOSPC` from `/dev/full`, `EIO`, `EBADF` from a closed descriptor) is said once,
/// as `error: cannot write to standard output: REASON`, on standard error. A failed write to
/// standard error is ignored: there is nowhere left to say it.
package final class StandardStreamsOutput: CommandOutput {
  /// How many bytes are buffered before they are written without waiting for ``flush()``.
  static let bufferLimit = 65_536

  private var buffer: [UInt8] = []
  /// Standard output was closed when the process started: it is reserved on `/dev/null`,
  /// and its first write fails as a write to a closed descriptor does (`EBADF`).
  private let outputClosed: Bool

  /// Set by the first failed write to standard output; nothing is written there afterwards.
  package private(set) var failure: OutputFailure?

  private init(outputClosed: Bool) {
    self.outputClosed = outputClosed
    buffer.reserveCapacity(Self.bufferLimit)
  }

  /// The writer of the process's streams, made once at the start of an executable.
  ///
  /// It ignores `SIGPIPE`, so that a write to a pipe whose reader is gone fails with `EPIPE`
  /// instead of killing the process, and opens `/dev/null` on standard output and standard
  /// error if either was closed, so that no file the program opens takes its number.
  package static func claimProcessStreams() -> StandardStreamsOutput {
    _ = signal(SIGPIPE, SIG_IGN)
    let outputClosed = !StandardDescriptor.output.isOpen
    for descriptor in [StandardDescriptor.output, .error] where !descriptor.isOpen {
      descriptor.reserve()
    }
    return StandardStreamsOutput(outputClosed: outputClosed)
  }

  /// Buffers `text` and a line end for standard output.
  package func writeLine(_ text: String) {
    buffer.append(contentsOf: ScalarEscape.escapingAllButLineFeeds(text).utf8)
    buffer.append(0x0A)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  /// Whether a status line is shown now, so the next one replaces it.
  private var statusShown = false
  /// Whether standard error is a terminal, where status lines show.
  private lazy var errorIsTerminal = isatty(StandardDescriptor.error.rawValue) == 1

  /// Redraws the status line on standard error in place (carriage return, erase the line);
  /// nothing unless standard error is a terminal. The text is cut to 79 columns, so that it
  /// never wraps on a terminal of 80.
  package func showStatus(_ text: String?) {
    guard errorIsTerminal, text != nil || statusShown else { return }
    var bytes: [UInt8] = [0x0D, 0x1B, 0x5B, 0x32, 0x4B]  // CR, ESC [ 2 K
    if let text {
      let shown = ScalarEscape.escaping(text).unicodeScalars.prefix(79)
      bytes += String(String.UnicodeScalarView(shown)).utf8
    }
    statusShown = text != nil
    _ = StandardDescriptor.error.write(bytes)
  }

  /// Flushes standard output, then writes `text` and a line end to standard error.
  package func writeErrorLine(_ text: String) {
    showStatus(nil)
    flush()
    _ = StandardDescriptor.error.write(
      Array(ScalarEscape.escapingAllButLineFeeds(text).utf8) + [0x0A])
  }

  /// Writes the buffered standard output. The first failure is kept in ``failure`` and, unless
  /// the reader closed the pipe, reported once on standard error.
  package func flush() {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    let code = outputClosed ? EBADF : StandardDescriptor.output.write(buffer)
    guard let code else { return }
    let failure = OutputFailure(errno: code)
    self.failure = failure
    if let message = failure.message {
      _ = StandardDescriptor.error.write(Array(message.utf8) + [0x0A])
    }
  }
}
