import LoginFlow

/// The bookkeeping of a machine's running effects, keyed by the ids the machine chose: which
/// requests run and how each stands, and which deliveries are pending.
///
/// It does no work itself. Each method updates the books and returns what the runtime must
/// do (``Command``), the way swift-async-algorithms' state machines return an action for
/// their storage to perform; the store performs them on its clock, and the explorer on its
/// simulated time. Any kind of request (a login, a code check, a poll) and any delivery (an
/// expiry, a cooldown) goes through the same books: adding one to a machine adds nothing
/// here.
///
/// Every request has a timeout when the runner has one: its timer starts before the call,
/// so that on a virtual clock a tie goes to the timeout. A request ends exactly once: with
/// its answer, its cancellation, or its timeout; an answer that comes after that is late
/// (``CallEnd/late(_:after:)``), and its record goes only when the call has returned.
package struct EffectRunner<Action: Sendable, Request: Sendable, Timer: Hashable & Sendable>:
  Sendable
{
  /// Where a request stands.
  package enum Status: Hashable, Sendable {
    /// Waiting for its answer, which will be applied.
    case inFlight
    /// Cancelled; an answer will be dropped.
    case cancelled
    /// Its timeout fired; an answer will be dropped.
    case timedOut
  }

  /// The record of one request whose call has not returned yet.
  package struct Running: Hashable, Sendable {
    /// When it started, on the runner's clock.
    package var startedAt: Duration
    package var status: Status
  }

  /// A timer of the runner: a request's timeout, or a delivery the machine asked for.
  package enum TimerKey: Hashable, Sendable {
    case timeout(RequestID)
    case delivery(Timer)
  }

  /// What the runtime must do.
  package enum Command: Sendable {
    /// Start the call for request `id`.
    case call(RequestID, Request)
    /// Cancel the call for request `id` (its task, whose service sees cancellation).
    case cancelCall(RequestID)
    /// Start `timer`, due `after` this long; the runner hears of it again through
    /// ``timeoutFired(_:at:)`` or ``deliveryFired(_:)``.
    case startTimer(TimerKey, after: Duration)
    /// Stop `timer`: it must not fire.
    case cancelTimer(TimerKey)
  }

  /// How a call that returned ends.
  package enum CallEnd: Equatable, Sendable {
    /// The answer of a request in flight, `after` this long: apply it.
    case answer(after: Duration)
    /// An answer to a request that had already ended this way, `after` this long since it
    /// started: drop it.
    case late(Status, after: Duration)
    /// No such request runs: nothing to do.
    case unknown
  }

  /// The request timeout; `nil` for none.
  package let timeout: Duration?
  /// The requests whose calls have not returned, by id.
  package private(set) var running: [RequestID: Running] = [:]
  /// The deliveries pending, by timer.
  package private(set) var deliveries: [Timer: Action] = [:]

  /// A runner whose requests time out after `timeout` (`nil`: never).
  package init(timeout: Duration?) {
    self.timeout = timeout
  }

  /// The request in flight, if one is (not cancelled, not timed out); the lowest id first.
  package var requestsInFlight: [RequestID] {
    running.filter { $0.value.status == .inFlight }.keys.sorted(by: Self.order)
  }

  /// Starts request `id` at `now`: its timeout, then its call, in that order. Ids only grow,
  /// so no request runs under `id` yet (a caller cancels one first if it might).
  package mutating func start(_ id: RequestID, _ request: Request, at now: Duration) -> [Command] {
    var commands: [Command] = []
    if let timeout { commands.append(.startTimer(.timeout(id), after: timeout)) }
    commands.append(.call(id, request))
    running[id] = Running(startedAt: now, status: .inFlight)
    return commands
  }

  /// Cancels request `id` if it is in flight: returns the commands that stop it and how long
  /// it ran, or no command and `nil` when it is not in flight.
  package mutating func cancel(
    _ id: RequestID, at now: Duration
  ) -> (commands: [Command], ranFor: Duration?) {
    guard let request = running[id], request.status == .inFlight else { return ([], nil) }
    running[id]?.status = .cancelled
    return ([.cancelTimer(.timeout(id)), .cancelCall(id)], now - request.startedAt)
  }

  /// The call for `id` returned at `now`: its record goes, and the answer is applied or
  /// dropped as ``CallEnd`` says. An answer in flight stops the request's timeout.
  package mutating func callReturned(_ id: RequestID, at now: Duration) -> (CallEnd, [Command]) {
    guard let request = running.removeValue(forKey: id) else { return (.unknown, []) }
    let duration = now - request.startedAt
    switch request.status {
    case .inFlight:
      if PlantedBug.isPlanted(.timersEndWithTheirRequests) { return (.answer(after: duration), []) }
      return (.answer(after: duration), [.cancelTimer(.timeout(id))])
    case .cancelled, .timedOut:
      if PlantedBug.isPlanted(.nothingAccumulates) { running[id] = request }
      return (.late(request.status, after: duration), [])
    }
  }

  /// Request `id`'s timeout fired at `now`: returns how long it ran when it was in flight
  /// (it now counts as timed out), `nil` when the timer is stale.
  package mutating func timeoutFired(_ id: RequestID, at now: Duration) -> Duration? {
    guard let request = running[id], request.status == .inFlight else { return nil }
    running[id]?.status = .timedOut
    return now - request.startedAt
  }

  /// Delivers `action` `after` this long under `timer`, replacing a delivery pending there.
  package mutating func deliver(_ action: Action, after: Duration, under timer: Timer) -> [Command]
  {
    let replaced = deliveries.updateValue(action, forKey: timer) != nil
    return (replaced ? [.cancelTimer(.delivery(timer))] : [])
      + [.startTimer(.delivery(timer), after: after)]
  }

  /// Takes back the delivery pending under `timer`, if any.
  package mutating func cancelDelivery(_ timer: Timer) -> [Command] {
    guard deliveries.removeValue(forKey: timer) != nil else { return [] }
    return [.cancelTimer(.delivery(timer))]
  }

  /// The delivery under `timer` fell due: the action to apply, or `nil` for a stale timer.
  package mutating func deliveryFired(_ timer: Timer) -> Action? {
    deliveries.removeValue(forKey: timer)
  }

  /// Ends everything at `now`, as closing the store does: every timer stops and every call is
  /// cancelled; returns the commands, and the requests that were in flight with how long each
  /// ran (they now count as cancelled). Records stay until their calls return.
  package mutating func stopAll(at now: Duration) -> (
    commands: [Command], cancelled: [(RequestID, Duration)]
  ) {
    var commands: [Command] = []
    var cancelled: [(RequestID, Duration)] = []
    for id in running.keys.sorted(by: Self.order) {
      guard let request = running[id] else { continue }
      commands += [.cancelTimer(.timeout(id)), .cancelCall(id)]
      if request.status == .inFlight {
        running[id]?.status = .cancelled
        cancelled.append((id, now - request.startedAt))
      }
    }
    for timer in deliveries.keys { commands.append(.cancelTimer(.delivery(timer))) }
    deliveries = [:]
    return (commands, cancelled)
  }

  /// Ids in the order requests are reported: by kind, then by number.
  package static func order(_ lhs: RequestID, _ rhs: RequestID) -> Bool {
    (lhs.kind.rawValue, lhs.number) < (rhs.kind.rawValue, rhs.number)
  }
}
