/// A value a test double waits for until the test hands it over — an answer, a go-ahead —
/// and the way such a double tells a ``VirtualClock`` that it is waiting, not working.
///
/// A store on a virtual clock runs its auth call as tracked work: advancing the clock waits
/// until that work is done or asleep on the clock. A double that suspends on something else
/// (a continuation, a stream, a lock) looks busy forever, so advancing to the timeout would
/// hang. Waiting here instead *parks* the work: the clock may advance, and
/// ``release(_:)`` marks the work running again before resuming it, so the clock never
/// sees a moment of false quiet. Outside a virtual clock it is a plain one-shot value.
///
/// ```swift
/// /// A backend that never answers: the store's timeout must end the request.
/// struct SilentBackend: AuthService {
///   func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
///     _ = await HeldValue<AuthSession>().valueUnlessCancelled()  // parked until cancelled
///     throw .unexpected  // the acknowledgement of a cancellation
///   }
/// }
/// ```
///
/// Any number of tasks may wait for the same value; all receive it.
public final class HeldValue<Value: Sendable>: Sendable {
  private struct Waiter {
    let id: Int
    let unit: WorkUnit?
    let continuation: CheckedContinuation<Value?, Never>
  }

  private struct State {
    var value: Value?
    var waiters: [Waiter] = []
    var nextID = 0
  }

  /// What a waiter decided under the lock, done after unlocking.
  private enum WaitAction {
    /// Resume at once with this value (`nil`: the task was cancelled already).
    case resume(Value?)
    /// Stored and parked: resume these idle waiters of the clock.
    case parked(idleWaiters: [CheckedContinuation<Void, Never>])
  }

  private let state = Locked(State())

  /// Creates a value not released yet.
  public init() {}

  /// Whether ``release(_:)`` has handed a value over.
  public var isReleased: Bool {
    state.withLock { $0.value != nil }
  }

  /// Hands `value` to every task waiting and to every later one; returns `false`, changing
  /// nothing, if a value was released before.
  ///
  /// On a ``VirtualClock``, `await clock.waitUntilIdle()` returns once the woken work is done
  /// or waits again.
  @discardableResult
  public func release(_ value: Value) -> Bool {
    let waiters = state.withLock { state -> [Waiter]? in
      guard state.value == nil else { return nil }
      state.value = value
      defer { state.waiters = [] }
      // Awake before they run, so the clock never sees a false quiet.
      for waiter in state.waiters { waiter.unit?.wake() }
      return state.waiters
    }
    guard let waiters else { return false }
    // Resume outside the lock: a cancellation handler holds the runtime's lock of its task
    // while it waits for ours.
    for waiter in waiters { waiter.continuation.resume(returning: value) }
    return true
  }

  /// The value, once released; waits for it, parked, whatever happens to the task — like a
  /// backend that answers even after the store cancelled the call.
  public func value() async -> Value {
    // A wait that ignores cancellation ends only with the value; the loop spares an unwrap.
    while true {
      if let value = await wait(cancellable: false) { return value }
    }
  }

  /// The value once released, or `nil` as soon as the task is cancelled (at once if it
  /// already is): for a double that honours cancellation, such as a backend that never
  /// answers and stops when the store's timeout cancels the call.
  public func valueUnlessCancelled() async -> Value? {
    await wait(cancellable: true)
  }

  /// Waits, parked, for the value; a cancellable wait ends with `nil` on cancellation.
  private func wait(cancellable: Bool) async -> Value? {
    let unit = WorkUnit.current
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let action = state.withLock { state -> WaitAction in
          if let value = state.value { return .resume(value) }
          if cancellable, Task.isCancelled { return .resume(nil) }
          state.waiters.append(Waiter(id: id, unit: unit, continuation: continuation))
          return .parked(idleWaiters: unit?.park() ?? [])
        }
        switch action {
        case .resume(let value):
          continuation.resume(returning: value)
        case .parked(let idleWaiters):
          for idleWaiter in idleWaiters { idleWaiter.resume() }
        }
      }
    } onCancel: {
      guard cancellable else { return }
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        let waiter = state.waiters.remove(at: index)
        waiter.unit?.wake()
        return waiter
      }
      waiter?.continuation.resume(returning: nil)
    }
  }
}
