import LoginFlow
import LoginRuntime

/// A test double that holds every auth request until the test releases it with an outcome.
///
/// Tests use it to decide exactly when and how each request answers, with no real sleeping.
/// It keeps every request, in order, with its credentials and whether the store cancelled
/// it. A cancelled request keeps holding — like a backend that ignores cancellation — until
/// it is released, so a test can prove that a late answer changes nothing. While held, a
/// request does not keep a ``/LoginRuntime/VirtualClock`` from advancing: it waits on a
/// ``/LoginRuntime/HeldValue``, the same tool an app's own test double uses.
///
/// ```swift
/// let service = ControllableAuthService()
/// // … the store submits …
/// let request = await service.nextRequest()
/// request.release(.failure(.serverError))
/// ```
public final class ControllableAuthService: AuthService, Sendable {
  /// `true`: a test releases any answer, device login's included.
  public var offersDeviceLogin: Bool { true }

  private struct State {
    var requests: [Request] = []
    var handedOut = 0
    var waiters: [CheckedContinuation<Request, Never>] = []
  }

  private let state = Locked(State())

  /// Creates a service with no request yet.
  public init() {}

  /// Every request received so far, in the order they arrived.
  public var requests: [Request] {
    state.withLock { $0.requests }
  }

  /// The requests that are still held (not released yet), in order.
  public var heldRequests: [Request] {
    requests.filter { !$0.isReleased }
  }

  /// The next request not returned by an earlier call, waiting for it to arrive if needed.
  ///
  /// Returns once the request reached the service, so no sleeping or polling is needed.
  public func nextRequest() async -> Request {
    await withCheckedContinuation { (waiter: CheckedContinuation<Request, Never>) in
      let ready: Request? = state.withLock { state in
        guard state.handedOut < state.requests.count else {
          state.waiters.append(waiter)
          return nil
        }
        state.handedOut += 1
        return state.requests[state.handedOut - 1]
      }
      if let ready { waiter.resume(returning: ready) }
    }
  }

  /// Holds the request until a test releases it, then answers with the released outcome.
  public func authenticate(_ credentials: Credentials) async throws(AuthError) -> AuthSession {
    switch try await perform(.authenticate(credentials)) {
    case .session(let session): return session
    case .secondFactorRequired, .codeRejected, .codeExpired, .codeSent, .deviceAuthorization,
      .devicePoll:
      throw .unexpected
    }
  }

  /// Records `request` and waits until the test releases it: the one entry point for every
  /// kind of request, a login's and the code step's checks and resends alike.
  public func perform(_ request: AuthRequest) async throws(AuthError) -> AuthAnswer {
    let held = receive(request)
    let outcome = await withTaskCancellationHandler {
      await held.answer.value()
    } onCancel: {
      held.markCancelled()
    }
    return try outcome.get()
  }

  private enum ReceiveAction {
    /// Kept until a later ``nextRequest()`` takes it.
    case kept(Request)
    /// Hand the request to a test already waiting in ``nextRequest()``.
    case handOut(Request, to: CheckedContinuation<Request, Never>)
  }

  private func receive(_ asked: AuthRequest) -> Request {
    let action = state.withLock { state -> ReceiveAction in
      let request = Request(number: state.requests.count + 1, asking: asked)
      state.requests.append(request)
      guard !state.waiters.isEmpty else { return .kept(request) }
      state.handedOut += 1
      return .handOut(request, to: state.waiters.removeFirst())
    }
    switch action {
    case .kept(let request):
      return request
    case .handOut(let request, let waiter):
      waiter.resume(returning: request)
      return request
    }
  }
}
