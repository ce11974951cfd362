import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the watcher's pipe: the one thing the event handler touches, so it lives
/// where a C function pointer can reach it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// What each signal that restores the terminal did before the watcher took it, by number, to
/// hand the signal on to (the crash signals) after restoring. Filled before any handler is
/// installed and never resized, so a handler only reads it.
nonisolated(unsafe) private var previousActions: [sigaction] = Array(
  repeating: .init(), count: 65)

/// Turns signals into events or into a restored terminal, so that the screen is never left
/// in raw mode, whatever ends or stops the program.
///
/// - SIGWINCH, SIGTSTP, SIGCONT and the terminating signals (SIGTERM, SIGHUP, SIGINT) become
///   events: their handler only writes the signal's number to a pipe, and the loop resizes,
///   suspends, redraws or restores the terminal and closes the store itself.
/// - SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and SIGPIPE restore the terminal in the handler and
///   then take their default action (which ends the program; SIGQUIT dumps core).
/// - The crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) restore the
///   terminal, then go on to whatever handled them before (the Swift runtime's backtracer,
///   or the default), so a crash report lands on the shell's screen, not the drawing.
///
/// Not dispatch signal sources: on Linux they read a `signalfd`, and a signal that reaches a
/// thread not blocking it runs libdispatch's handler, which re-raises it on the pool thread
/// that registered the source; once that thread has exited, the signal is lost. A handler
/// that writes to a pipe works on whichever thread takes it; a dispatch read source on the
/// pipe delivers the event on `queue`.
final class SignalWatcher {
  /// The signals that end the program (after the terminal is restored).
  static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]
  /// The signals whose default action runs once the handler has restored the terminal.
  static let restoringThenDefault: [Int32] = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]
  /// The signals of a crash, handed on to their previous handler after the terminal.
  static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// The signals the watcher turns into events.
  private static var watched: [Int32] { [SIGWINCH, SIGTSTP, SIGCONT] + terminating }

  /// Writes the signal's number to the pipe; async-signal-safe (a `write` of one byte to a
  /// non-blocking pipe, nothing else).
  private static let eventHandler: @convention(c) (Int32) -> Void = { number in
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
  }

  /// Restores the terminal, puts back the signal's default action (or, for a crash, its
  /// previous handler) and raises it again; it is delivered once this handler returns.
  private static let restoringHandler: @convention(c) (Int32) -> Void = { number in
    TerminalDevice.restoreFromSignalHandler()
    if crashes.contains(number) {
      _ = sigaction(number, &previousActions[Int(number)], nil)
    } else {
      _ = signal(number, SIG_DFL)
    }
    _ = raise(number)
  }

  private let source: (any DispatchSourceRead)?

  /// Watches the signals until ``cancel()``; their default actions are off meanwhile. If no
  /// pipe can be made, only the restoring signals are handled and the others keep their
  /// default actions.
  init(queue: DispatchQueue, deliver: @escaping @Sendable (AppEvent) -> Void) {
    for number in Self.restoringThenDefault + Self.crashes {
      _ = sigaction(number, nil, &previousActions[Int(number)])
      _ = signal(number, Self.restoringHandler)
    }
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
        switch number {
        case SIGWINCH: deliver(.resized)
        case SIGTSTP: deliver(.stopRequested)
        case SIGCONT: deliver(.continued)
        default: deliver(.terminated(number))
        }
      }
    }
    // The descriptors close once the source has stopped reading them (closing one a source
    // still watches is a libdispatch crash).
    source.setCancelHandler { for end in ends { close(end) } }
    source.resume()
    self.source = source
    for number in Self.watched { signal(number, Self.eventHandler) }
  }

  /// Stops the whole program as the default action of SIGTSTP does, and returns once it is
  /// continued (`fg`); the caller restores the terminal before and takes it back after.
  ///
  /// The signal is raised on the calling thread with SIGTSTP open on it for that moment
  /// (the pool's threads block signals), so the stop happens before `raise` returns.
  func stopProgram() {
    var stop = sigset_t()
    var mask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    signal(SIGTSTP, SIG_DFL)
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    signal(SIGTSTP, Self.eventHandler)
  }

  /// Stops watching: the event signals are ignored from now on, while the program
  /// finishes, and the others get back what they did before.
  func cancel() {
    for number in Self.restoringThenDefault + Self.crashes {
      _ = sigaction(number, &previousActions[Int(number)], nil)
    }
    guard let source else { return }
    for number in Self.watched where number != SIGTSTP && number != SIGCONT {
      signal(number, SIG_IGN)
    }
    signal(SIGTSTP, SIG_DFL)
    signal(SIGCONT, SIG_DFL)
    signalPipeWriteEnd = -1
    source.cancel()
  }
}
