import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGWINCH, SIGTERM, SIGHUP and SIGINT into events with dispatch signal sources, so
/// that nothing runs in a signal handler and the loop restores the terminal itself.
package final class SignalWatcher {
  /// The signals that end the program (after the terminal is restored).
  static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]

  private let sources: [any DispatchSourceSignal]

  /// The signals the watcher turns into events.
  private static var watched: [Int32] { [SIGWINCH] + terminating }

  /// Blocks the watched signals in the calling thread, and so in every thread created after
  /// it: call it first thing in `main`, before any other thread exists.
  ///
  /// On Linux a dispatch signal source reads a `signalfd`, which sees only signals that no
  /// thread takes. A signal delivered to a thread that does not block it runs libdispatch's
  /// handler, which re-raises it on the thread that registered the source; once that pool
  /// thread has exited (idle threads do), the signal is lost, and a SIGTERM or SIGHUP left
  /// login-tui running. Blocked everywhere, a signal stays pending until the source reads
  /// it, so none is lost, even one that arrives before the watcher exists.
  package static func blockWatchedSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for number in watched { sigaddset(&set, number) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Watches the signals until ``cancel()``; their default actions are off meanwhile.
  init(queue: DispatchQueue, deliver: @escaping @Sendable (AppEvent) -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for number in Self.watched {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        deliver(number == SIGWINCH ? .resized : .terminated(number))
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// Stops watching.
  func cancel() {
    for source in sources { source.cancel() }
  }
}
