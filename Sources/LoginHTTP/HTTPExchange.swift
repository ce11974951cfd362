import Foundation
import LoginFlow
import LoginRuntime

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
    /// Body bytes taken into ``body`` so far; never reset, so it is also the most ever held.
    var bodyBytesAccepted = 0
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
  private let state = Locked(State())

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

  /// How many body bytes the exchange has accepted (and so held) so far, at most
  /// `maximumBodyBytes`; for tests that check an answer was refused before its body.
  var bodyBytesAccepted: Int {
    state.withLock { $0.bodyBytesAccepted }
  }

  /// Sets up the networking library's process-wide state (libcurl's and OpenSSL's), once.
  ///
  /// URLSession does that on its first use. Done lazily, on a worker thread, it can still be
  /// under way when the process exits after cancelling its first request (a `relaunch`, a
  /// Ctrl-C), and the exit then tears that state down under the worker, which crashes. A
  /// service touches this when it is created, on its creator's thread, so the set-up is
  /// finished before any request can start.
  static let networkingIsSetUp: Void = {
    URLSession(configuration: .ephemeral).finishTasksAndInvalidate()
  }()

  /// The statuses refused as soon as they arrive: every 3xx.
  static let redirectStatuses = 300...399

  /// Whether a `Content-Encoding` value (`nil` when the header is absent) leaves the body as
  /// sent: absent or `identity`, the only encoding the request accepts.
  static func isIdentityEncoding(_ value: String?) -> Bool {
    guard let value else { return true }
    return value.trimmingCharacters(in: .whitespaces).lowercased() == "identity"
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
    running.continuation.resume(returning: outcome)
    // Not on this thread: `invalidateAndCancel` waits for URLSession's work queue, which may
    // be busy handing over a whole socket buffer's worth of (inflated) body. Waiting on the
    // delegate queue would let every chunk queued meanwhile pile up in memory; from here the
    // delegate queue goes on dropping them as they come.
    let session = running.session
    DispatchQueue.global().async { session.invalidateAndCancel() }
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
    // Refused on the headers alone, before any body byte is taken: a body over the limit by
    // its `Content-Length`; a compressed body, which the request did not accept and whose
    // inflated size nobody knows until it is inflated (URLSession inflates it before handing
    // it over); and a redirect, which is never followed and is a server error whatever it
    // carries.
    if http.expectedContentLength > Int64(maximumBodyBytes)
      || !Self.isIdentityEncoding(http.value(forHTTPHeaderField: "Content-Encoding"))
      || Self.redirectStatuses.contains(http.statusCode)
    {
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
      state.bodyBytesAccepted += data.count
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
    // swift-corelibs-foundation does not report a 301, 302, 303 or 305–308 it does not
    // follow through `didReceive response`; the task's response still has its status.
    let fallbackStatus = (task.response as? HTTPURLResponse)?.statusCode
    let response = state.withLock { state -> HTTPResponse? in
      guard let status = state.status ?? fallbackStatus else { return nil }
      return HTTPResponse(status: status, headers: state.headers, body: state.body)
    }
    if let response {
      finish(.response(response))
    } else {
      finish(.failure(.unexpected))
    }
  }
}
