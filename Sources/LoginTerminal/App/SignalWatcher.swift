import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGWINCH, SIGTERM, SIGHUP and SIGINT into events with dispatch signal sources, so
/// that nothing runs in a signal handler and the loop restores the terminal itself.
final class SignalWatcher {
  /// The signals that end the program (after the terminal is restored).
  static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]

  private let sources: [any DispatchSourceSignal]

  /// Watches the signals until ``cancel()``; their default actions are off meanwhile.
  init(queue: DispatchQueue, deliver: @escaping @Sendable (AppEvent) -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGWINCH] + Self.terminating {
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
