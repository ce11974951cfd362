import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the watcher's pipe: the one thing a signal handler touches, so it lives
/// where a C function pointer can reach it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns SIGWINCH, SIGTERM, SIGHUP and SIGINT into events, so that nothing but a one-byte
/// `write` runs in a signal handler and the loop restores the terminal itself.
///
/// Not dispatch signal sources: on Linux they read a `signalfd`, and a signal that reaches a
/// thread not blocking it (the main thread waits in `sigsuspend` with every signal open) runs
/// libdispatch's handler, which re-raises it on the pool thread that registered the source;
/// once that thread has exited, the signal is lost, and a SIGTERM or SIGHUP left login-tui
/// running. A handler that writes the signal's number to a pipe works on whichever thread
/// takes it; a dispatch read source on the pipe delivers the event on `queue`.
final class SignalWatcher {
  /// The signals that end the program (after the terminal is restored).
  static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]

  /// The signals the watcher turns into events.
  private static var watched: [Int32] { [SIGWINCH] + terminating }

  /// Writes the signal's number to the pipe; async-signal-safe (a `write` of one byte to a
  /// non-blocking pipe, nothing else).
  private static let handler: @convention(c) (Int32) -> Void = { number in
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
  }

  private let source: (any DispatchSourceRead)?

  /// Watches the signals until ``cancel()``; their default actions are off meanwhile. If no
  /// pipe can be made, nothing is watched and the signals keep their default actions.
  init(queue: DispatchQueue, deliver: @escaping @Sendable (AppEvent) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      source = nil
      return
    }
    let readEnd = ends[0]
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    signalPipeWriteEnd = ends[1]
    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
    source.setEventHandler {
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = read(readEnd, &bytes, bytes.count)
      for number in bytes.prefix(max(count, 0)).map(Int32.init) {
        deliver(number == SIGWINCH ? .resized : .terminated(number))
      }
    }
    // The descriptors close once the source has stopped reading them (closing one a source
    // still watches is a libdispatch crash).
    source.setCancelHandler { for end in ends { close(end) } }
    source.resume()
    self.source = source
    for number in Self.watched { signal(number, Self.handler) }
  }

  /// Stops watching: the signals are ignored from now on, while the program finishes.
  func cancel() {
    guard let source else { return }
    for number in Self.watched { signal(number, SIG_IGN) }
    signalPipeWriteEnd = -1
    source.cancel()
  }
}
