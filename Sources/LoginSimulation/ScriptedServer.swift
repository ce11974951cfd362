import LoginFlow
import LoginRuntime

/// The scripted server's logic, without time or tasks: which requests it works on, when each
/// answers, and what, as a session's `respond` lines decide, and like the demo service when
/// none does.
///
/// A request takes the oldest queued `respond` (first in, first out), if there is one.
/// Otherwise it is *undecided*: the demo rule (success for the demo account, otherwise
/// `invalid-credentials`) answers it ``DemoAuthService/delay`` after it started, unless a
/// `respond` comes first and decides it: it then answers `delay` after it started, or at
/// once if that time has passed. A `respond` with no undecided request is queued for the
/// next request, at most ``maximumQueuedResponses``.
///
/// The server is a real server, not the client: a request the store gives up on (cancel,
/// timeout, close) is *abandoned* but still answered at its time, and the store drops that
/// late answer. At most ``maximumAbandonedRequests`` abandoned requests wait for their time;
/// one more is answered at once (with `unexpected`, which the store takes as the
/// acknowledgement of its cancellation), so memory stays flat however many requests a
/// session cancels.
///
/// Each method changes the books and returns what the caller must do (``Answer``), the way
/// the store's core does: `login-replay` performs it on a virtual clock
/// (``ScriptedAuthService``), the explorer on simulated time.
package struct ScriptedServer: Sendable {
  /// A `respond` line's decision: what to answer, how long after the request started.
  package struct Decision: Hashable, Sendable {
    package var outcome: ScriptedOutcome
    package var delay: Duration

    package init(_ outcome: ScriptedOutcome, after delay: Duration) {
      self.outcome = outcome
      self.delay = delay
    }
  }

  /// A request the server works on.
  package struct Pending: Hashable, Sendable {
    /// What it asks.
    package var request: AuthRequest
    /// When it arrived.
    package var start: Duration
    /// What answers it: a `respond`, or `nil` while undecided (the demo rule).
    package var decision: Decision?
    /// Whether the store gave up on it: its answer will come late.
    package var isAbandoned = false

    /// When it answers, as decided now.
    package var due: Duration {
      start + (decision?.delay ?? DemoAuthService.delay)
    }

    /// What it answers, as decided now.
    package var outcome: ScriptedOutcome {
      decision?.outcome ?? ScriptedOutcome.demoAnswer(to: request)
    }
  }

  /// What a `respond` line did.
  package enum Response: Equatable, Sendable {
    /// It decided the oldest undecided request in flight, which now answers at `due`.
    case decided(number: Int, due: Duration)
    /// It was queued for the next request.
    case queued
    /// The queue already held ``maximumQueuedResponses`` outcomes; nothing changed.
    case queueFull
  }

  /// What the caller must do when the store gives up on a request.
  package enum Abandonment: Equatable, Sendable {
    /// Let it answer at its time, late.
    case answersLate
    /// Too many wait already: answer it now with `unexpected`, the acknowledgement of a
    /// cancellation.
    case answerNow
    /// The server does not know it (answered already).
    case unknown
  }

  /// The most `respond` outcomes that may wait for requests, 1,000: far more than a session
  /// needs ahead of its `submit`s, and a bound on the memory a script can make the queue hold.
  package static let maximumQueuedResponses = 1_000

  /// The most abandoned requests that wait to answer late, 1,000.
  package static let maximumAbandonedRequests = 1_000

  /// The `respond` outcomes waiting for requests, oldest first.
  package private(set) var queue: [Decision] = []
  /// The requests the server works on, by number (the first is 1).
  package private(set) var pending: [Int: Pending] = [:]
  private var lastNumber = 0

  package init() {}

  /// The requests the store still waits for (not abandoned), in order.
  package var requestsInFlight: [Int] {
    pending.filter { !$0.value.isAbandoned }.keys.sorted()
  }

  /// How many abandoned requests still have a late answer to give.
  package var lateAnswerCount: Int {
    pending.values.count { $0.isAbandoned }
  }

  /// What request `number` asks, while the server has it.
  package func request(_ number: Int) -> AuthRequest? { pending[number]?.request }

  /// A request arrives at `now`: its number, and when it answers (as decided now).
  package mutating func receive(_ request: AuthRequest, at now: Duration) -> (
    number: Int, due: Duration
  ) {
    lastNumber += 1
    let decision = queue.isEmpty ? nil : queue.removeFirst()
    let arrived = Pending(request: request, start: now, decision: decision)
    pending[lastNumber] = arrived
    return (lastNumber, arrived.due)
  }

  /// A `respond` line at `now`: decides the oldest undecided request (one whose demo answer
  /// is not due yet), or queues the outcome for the next request.
  package mutating func respond(
    _ outcome: ScriptedOutcome, after delay: Duration, at now: Duration
  ) -> Response {
    let decision = Decision(outcome, after: delay)
    let open = pending.filter { $0.value.decision == nil && !$0.value.isAbandoned }
    guard let number = open.keys.min() else {
      guard queue.count < Self.maximumQueuedResponses else { return .queueFull }
      queue.append(decision)
      return .queued
    }
    pending[number]?.decision = decision
    return .decided(number: number, due: pending[number]?.due ?? now)
  }

  /// The store gave up on request `number`.
  package mutating func abandon(_ number: Int) -> Abandonment {
    guard pending[number] != nil else { return .unknown }
    guard lateAnswerCount < Self.maximumAbandonedRequests else {
      pending[number] = nil
      return .answerNow
    }
    pending[number]?.isAbandoned = true
    return .answersLate
  }

  /// Request `number` is due: it leaves the server with its answer; `nil` when the server
  /// no longer works on it.
  package mutating func answer(_ number: Int) -> Result<AuthAnswer, AuthError>? {
    guard let answered = pending.removeValue(forKey: number) else { return nil }
    return answered.outcome.answer(to: answered.request)
  }

  /// Takes every queued `respond` outcome out, oldest first: for the server of the store
  /// that replaces this one at a `relaunch` (the server outlives the app).
  package mutating func takeQueue() -> [Decision] {
    defer { queue = [] }
    return queue
  }

  /// Queues `decisions` after those queued, as far as the queue has room.
  package mutating func enqueue(_ decisions: [Decision]) {
    queue += decisions.prefix(Self.maximumQueuedResponses - queue.count)
  }

  /// Forgets every request; returns their numbers, for the caller to end their calls.
  package mutating func stop() -> [Int] {
    defer { pending = [:] }
    return pending.keys.sorted()
  }
}
