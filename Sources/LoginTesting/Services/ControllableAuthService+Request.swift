import LoginFlow
import LoginRuntime

extension ControllableAuthService {
  /// One request received by a ``ControllableAuthService``, held until ``release(_:)``.
  public final class Request: Sendable, CustomStringConvertible {
    private struct State {
      var isCancelled = false
      var cancellationWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The request's place in the order of arrival, from 1.
    public let number: Int
    /// The credentials the store sent.
    public let credentials: Credentials
    /// The answer, held (parked, on a ``VirtualClock``) until the test releases it.
    let answer = HeldValue<Result<AuthSession, AuthError>>()
    private let state = Locked(State())

    init(number: Int, credentials: Credentials) {
      self.number = number
      self.credentials = credentials
    }

    /// Whether the store cancelled the request (its task was cancelled).
    public var isCancelled: Bool {
      state.withLock { $0.isCancelled }
    }

    /// Whether the request was released with an outcome.
    public var isReleased: Bool {
      answer.isReleased
    }

    /// Lets the request answer with `outcome`; returns `false` if it was released before.
    ///
    /// The answer then travels to the store; on a ``VirtualClock``, `await
    /// clock.waitUntilIdle()` returns once it got there.
    @discardableResult
    public func release(_ outcome: Result<AuthSession, AuthError>) -> Bool {
      answer.release(outcome)
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
      let status = (isReleased ? "released" : "held") + (isCancelled ? ", cancelled" : "")
      return "request \(number) for \(String(reflecting: credentials.email)) (\(status))"
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
