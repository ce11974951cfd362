/// A running observation of a store's states, from ``LoginStore/observe(buffering:_:)``:
/// it stops when cancelled, when this value goes away, or when the store closes or goes away.
///
/// It holds the stream, never the store, so keeping it (in a view, a controller) does not keep
/// the store alive.
public final class StoreObservation: Sendable {
  private let task: Task<Void, Never>

  init(_ task: Task<Void, Never>) {
    self.task = task
  }

  /// Stops the observation: `body` is not called again.
  public func cancel() {
    task.cancel()
  }

  /// Waits until the observation has ended: the store closed or went away, or it was
  /// cancelled.
  public func finished() async {
    await task.value
  }

  deinit {
    task.cancel()
  }
}
