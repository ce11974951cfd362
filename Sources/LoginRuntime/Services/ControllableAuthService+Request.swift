import LoginFlow

extension ControllableAuthService {
  /// One request received by a ``ControllableAuthService``, held until ``release(_:)``.
  public final class Request: Sendable, CustomStringConvertible {
    private typealias Holder = CheckedContinuation<Result<AuthSession, AuthError>, Never>

    private struct State {
      var outcome: Result<AuthSession, AuthError>?
      var holder: Holder?
      var isCancelled = false
      var cancellationWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// What ``release(_:)`` decided under the lock, done after unlocking.
    private enum ReleaseAction {
      /// Released before: nothing changes.
      case rejected
      /// Recorded; the service call has not started holding yet and will answer at once.
      case recorded
      /// Recorded, and the held call (its unit already awake) must be resumed.
      case resume(Holder)
    }

    /// What ``hold(_:)`` decided under the lock, done after unlocking.
    private enum HoldAction {
      /// Released already: answer with this outcome at once.
      case answer(Result<AuthSession, AuthError>)
      /// Held and the unit parked: resume these idle waiters of the clock.
      case parked(idleWaiters: [CheckedContinuation<Void, Never>])
    }

    /// The request's place in the order of arrival, from 1.
    public let number: Int
    /// The credentials the store sent.
    public let credentials: Credentials
    private let unit: WorkUnit?
    private let state = Locked(State())

    init(number: Int, credentials: Credentials, unit: WorkUnit?) {
      self.number = number
      self.credentials = credentials
      self.unit = unit
    }

    /// Whether the store cancelled the request (its task was cancelled).
    public var isCancelled: Bool {
      state.withLock { $0.isCancelled }
    }

    /// Whether the request was released with an outcome.
    public var isReleased: Bool {
      state.withLock { $0.outcome != nil }
    }

    /// Lets the request answer with `outcome`; returns `false` if it was released before.
    ///
    /// The answer then travels to the store; on a ``VirtualClock``, `await
    /// clock.waitUntilIdle()` returns once it got there.
    @discardableResult
    public func release(_ outcome: Result<AuthSession, AuthError>) -> Bool {
      let action = state.withLock { state -> ReleaseAction in
        guard state.outcome == nil else { return .rejected }
        state.outcome = outcome
        guard let holder = state.holder else { return .recorded }
        state.holder = nil
        unit?.wake()  // awake before it runs, so the clock never sees a false quiet
        return .resume(holder)
      }
      // Resume outside the lock: a concurrent cancellation holds the runtime's lock of the
      // held task while its handler (`markCancelled`) waits for ours.
      switch action {
      case .rejected:
        return false
      case .recorded:
        return true
      case .resume(let holder):
        holder.resume(returning: outcome)
        return true
      }
    }

    /// Returns once the store has cancelled the request (at once if it already has).
    public func cancellation() async {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state in
          if state.isCancelled { return true }
          state.cancellationWaiters.append(waiter)
          return false
        }
        if now { waiter.resume() }
      }
    }

    /// `request 1 for "demo@example.com" (held, cancelled)`; never the password.
    public var description: String {
      let status = state.withLock { state in
        (state.outcome != nil ? "released" : "held") + (state.isCancelled ? ", cancelled" : "")
      }
      return "request \(number) for \(String(reflecting: credentials.email)) (\(status))"
    }

    /// Suspends the service call until the request is released.
    func hold(_ holder: CheckedContinuation<Result<AuthSession, AuthError>, Never>) {
      let action = state.withLock { state -> HoldAction in
        if let outcome = state.outcome { return .answer(outcome) }
        state.holder = holder
        return .parked(idleWaiters: unit?.park() ?? [])
      }
      switch action {
      case .answer(let outcome):
        holder.resume(returning: outcome)
      case .parked(let idleWaiters):
        for idleWaiter in idleWaiters { idleWaiter.resume() }
      }
    }

    /// Records the cancellation; the request keeps holding until released.
    func markCancelled() {
      let waiters = state.withLock { state in
        state.isCancelled = true
        defer { state.cancellationWaiters = [] }
        return state.cancellationWaiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }
}
