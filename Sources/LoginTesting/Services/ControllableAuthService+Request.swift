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
    /// What the store asked: a login, or a check or resend of the code step.
    public let request: AuthRequest
    /// The answer, held (parked, on a ``VirtualClock``) until the test releases it.
    let answer = HeldValue<Result<AuthAnswer, AuthError>>()
    private let state = Locked(State())

    init(number: Int, asking request: AuthRequest) {
      self.number = number
      self.request = request
    }

    /// The credentials of a login; `nil` for a request of the code step.
    public var credentials: Credentials? {
      switch request {
      case .authenticate(let credentials): credentials
      case .verifyCode, .resendCode, .authorizeDevice, .pollDevice: nil
      }
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
    /// The answer then travels to the store; on a ``/LoginRuntime/VirtualClock``, `await
    /// clock.waitUntilIdle()` returns once it got there.
    @discardableResult
    public func release(_ outcome: Result<AuthSession, AuthError>) -> Bool {
      answer.release(outcome.map(AuthAnswer.session))
    }

    /// Lets the request answer with `answer`, any answer a service may give: a code step's
    /// (`.codeRejected`, `.codeSent(…)`) or a challenge for a login
    /// (`.secondFactorRequired(…)`); returns `false` if it was released before.
    @discardableResult
    public func release(answer outcome: Result<AuthAnswer, AuthError>) -> Bool {
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

    /// `request 1 for "demo@example.com" (held, cancelled)`, `request 2 verifyCode(…)`;
    /// never the password, a code or a challenge.
    public var description: String {
      let status = (isReleased ? "released" : "held") + (isCancelled ? ", cancelled" : "")
      guard let credentials else { return "request \(number) \(request) (\(status))" }
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
