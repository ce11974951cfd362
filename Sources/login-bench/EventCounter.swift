import Synchronization

/// Counts the events a store reports, from whatever thread reports them: the listener of
/// ``StoreBenchmarks/sendWithListener(_:rounds:)``.
final class EventCounter: Sendable {
  /// The count so far.
  private let counted = Mutex(0)
  /// Counts one event.
  func count() { counted.withLock { $0 += 1 } }
  /// The events counted.
  var value: Int { counted.withLock { $0 } }
}
