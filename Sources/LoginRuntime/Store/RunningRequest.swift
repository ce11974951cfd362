/// The store's record of one auth request whose task has not ended yet.
struct RunningRequest {
  /// Where the request is in its life.
  enum Status: Equatable {
    /// Waiting for the service's answer, which will be applied.
    case inFlight
    /// Cancelled by `cancelAuthentication` or `close()`; an answer will be dropped.
    case cancelled
    /// Its timeout fired; an answer will be dropped.
    case timedOut
  }

  /// When the request started, on the store's clock.
  let startedAt: Duration
  /// The task calling the auth service.
  let call: Task<Void, Never>
  /// The task waiting for the timeout.
  let timer: Task<Void, Never>
  /// The timeout's sleeper on a virtual clock, to remove it the moment the timer is cancelled.
  let timerSleeper: Int?
  /// Where the request is in its life.
  var status: Status
}
