import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C as a request, for a long computation that stops itself and reports what it has:
/// while watched, SIGINT no longer kills the process but sets ``isRequested``, which the
/// computation polls between steps (``wasRequested``, which any thread may call).
package final class Interruption {
  /// The flag the signal handler sets: its own object, so that the handler does not hold
  /// the watch.
  private final class Flag: Sendable {
    let isSet = Atomic(false)
  }

  private let flag = Flag()
  private let source: any DispatchSourceSignal

  /// Starts watching SIGINT; the default action comes back when the watch is dropped.
  package init() {
    _ = signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [flag] in flag.isSet.store(true, ordering: .relaxed) }
    source.resume()
  }

  deinit {
    source.cancel()
    _ = signal(SIGINT, SIG_DFL)
  }

  /// Whether Ctrl-C was pressed since the watch started.
  package var wasRequested: @Sendable () -> Bool {
    { [flag] in flag.isSet.load(ordering: .relaxed) }
  }

  /// The exit status of a program that stopped on request: 128 + SIGINT, as a shell reports a
  /// program that SIGINT ended.
  package static let exitCode = ExitCode(rawValue: 128 + SIGINT)
}
