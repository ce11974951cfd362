import Foundation
import LoginFlow
import LoginRuntime
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request/response round trip over its own ephemeral URLSession.
///
/// A delegate-based data task (rather than `URLSession.data(for:)`) so that the body limit
/// is enforced while bytes arrive, the total timeout is ours, and cancelling the calling task
/// cancels the URLSession task — closing its connection — and resumes the caller at once.
/// Whatever happens first (answer, failure, limit, timeout, cancellation) decides the outcome;
/// everything after it is ignored.
final class HTTPExchange: NSObject, URLSessionDataDelegate, Sendable {
  /// How the exchange ended.
  enum Outcome: Sendable {
    /// A complete answer arrived within the size limit.
    case response(HTTPResponse)
    /// The request failed, timed out or the answer was too large.
    case failure(AuthError)
    /// The calling task was cancelled; there is no answer to report.
    case cancelled
  }

  /// Where the exchange is in its life.
  private enum Phase {
    /// `run()` has not started the request yet.
    case idle
    /// The calling task was cancelled before the request started.
    case cancelledEarly
    /// The request is in flight; the caller waits on the continuation.
    case running(CheckedContinuation<Outcome, Never>, URLSession)
    /// The outcome has been delivered.
    case finished
  }

  /// Mutable state, touched by the caller, the delegate queue and the timer.
  private struct State {
    var phase = Phase.idle
    var timer: Task<Void, Never>?
    var status: Int?
    var headers: [String: String] = [:]
    var body = Data()
  }

  /// What ``finish(_:)`` takes out of the state to tear down.
  private struct Running {
    var continuation: CheckedContinuation<Outcome, Never>
    var session: URLSession
    var timer: Task<Void, Never>?
  }

  private let request: URLRequest
  private let timeout: Duration
  private let maximumBodyBytes: Int
  private let state = Mutex(State())

  /// The longest deadline honoured; a longer configured timeout waits this long: the store's
  /// longest timeout plus ``HTTPAuthService/Configuration/storeTimeoutMargin`` (a day and a
  /// second), so that ``HTTPAuthService/Configuration/timeout(forStoreTimeout:)`` always
  /// exceeds the store's timeout.
  static let longestTimeout =
    LoginStore.timeoutRange.upperBound + HTTPAuthService.Configuration.storeTimeoutMargin

  /// Prepares an exchange; nothing is sent until ``run()``.
  init(request: URLRequest, timeout: Duration, maximumBodyBytes: Int) {
    self.request = request
    self.timeout = timeout
    self.maximumBodyBytes = maximumBodyBytes
  }

  /// Sends the request and waits for the outcome, honouring cancellation of the caller.
  func run() async -> Outcome {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        start(continuation)
      }
    } onCancel: {
      finish(.cancelled)
    }
  }

  private func start(_ continuation: CheckedContinuation<Outcome, Never>) {
    // Our own timer below is the deadline. URLSession's timeouts are only a backstop past it:
    // swift-corelibs-foundation arms its watchdog with `Int(timeoutInterval) * 1000` ms, so a
    // sub-second value would become 0 ms and fire before anything is sent.
    let seconds = HTTPRequestBuilder.backstopSeconds(timeout)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    let task = session.dataTask(with: request)
    let started = state.withLock { state in
      guard case .idle = state.phase else { return false }
      state.phase = .running(continuation, session)
      task.resume()
      return true
    }
    guard started else {
      session.invalidateAndCancel()
      continuation.resume(returning: .cancelled)
      return
    }
    // Clamped so that an absurd configured timeout cannot overflow the clock's deadline.
    let timeout = min(self.timeout, Self.longestTimeout)
    let timer = Task { [weak self] in
      do { try await Task.sleep(for: timeout) } catch { return }
      self?.finish(.failure(.timedOut))
    }
    let alreadyFinished = state.withLock { state in
      guard case .running = state.phase else { return true }
      state.timer = timer
      return false
    }
    if alreadyFinished { timer.cancel() }
  }

  /// Delivers `outcome` if nothing was delivered yet, and tears the session down.
  private func finish(_ outcome: Outcome) {
    let running = state.withLock { state -> Running? in
      switch state.phase {
      case .idle:
        if case .cancelled = outcome { state.phase = .cancelledEarly }
        return nil
      case .cancelledEarly, .finished:
        return nil
      case .running(let continuation, let session):
        state.phase = .finished
        state.body = Data()
        defer { state.timer = nil }
        return Running(continuation: continuation, session: session, timer: state.timer)
      }
    }
    guard let running else { return }
    running.timer?.cancel()
    running.session.invalidateAndCancel()
    running.continuation.resume(returning: outcome)
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      finish(.failure(.unexpected))
      return
    }
    if http.expectedContentLength > Int64(maximumBodyBytes) {
      completionHandler(.cancel)
      finish(.failure(.serverError))
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    state.withLock { state in
      state.status = http.statusCode
      state.headers = headers
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = state.withLock { state -> Bool in
      guard case .running = state.phase else { return false }
      if state.body.count + data.count > maximumBodyBytes { return true }
      state.body.append(data)
      return false
    }
    if overLimit { finish(.failure(.serverError)) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // Never follow a redirect: it could carry the credentials somewhere else. The 3xx
    // answer itself is then mapped like any other unexpected status.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    if let error {
      let responseStarted = state.withLock { $0.status != nil }
      finish(.failure(URLErrorMapping.authError(for: error, responseStarted: responseStarted)))
      return
    }
    let response = state.withLock { state -> HTTPResponse? in
      guard let status = state.status else { return nil }
      return HTTPResponse(status: status, headers: state.headers, body: state.body)
    }
    if let response {
      finish(.response(response))
    } else {
      finish(.failure(.unexpected))
    }
  }
}
