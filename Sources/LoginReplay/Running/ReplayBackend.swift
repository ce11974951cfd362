import LoginFlow
import LoginHTTP
import LoginRendering
import LoginRuntime
import LoginSimulation

/// Where a replay's store runs, and so what `wait`, `settle`, `respond` and `relaunch` do.
///
/// With `--auth demo` (the default) the store runs on a ``VirtualClock`` with the scripted
/// server (``ScriptedSystem``): `respond` decides a request or queues an outcome, `wait`
/// advances the clock (each answer and timeout falls due in time order), `settle` advances
/// it until no request is in flight, and no real time passes. With `--auth URL` the store
/// talks to the ``HTTPAuthService`` on the real clock: `wait` sleeps, `settle` waits for the
/// answer, and `respond` is refused.
enum ReplayBackend {
  /// The scripted system on its virtual clock.
  case scripted(ScriptedSystem)
  /// The HTTP service on the real clock.
  case live(LiveSystem)

  /// The real clock's system: the current store, the service every store of the run talks
  /// to, and when the run started.
  final class LiveSystem {
    private(set) var store: LoginStore
    let sessionStore: SimulatedSessionStore
    let start = ContinuousClock.now
    private(set) var storeStartedAt: Duration = .zero
    private let makeStore: () -> LoginStore

    init(sessionStore: SimulatedSessionStore, makeStore: @escaping () -> LoginStore) {
      self.sessionStore = sessionStore
      self.makeStore = makeStore
      store = makeStore()
    }

    /// The time since the run started.
    var elapsed: Duration { start.duration(to: .now) }

    nonisolated(nonsending) func relaunch() async {
      await store.close()
      storeStartedAt = elapsed
      store = makeStore()
    }
  }

  /// What a `respond` line did.
  enum Respond {
    /// It decided a request in flight, whose answer may already be on its way.
    case decided
    /// It was queued for the next request.
    case queued
    /// It was refused: the queue is full, or the clock is real.
    case refused(SessionError.Kind)
  }

  /// The latest virtual time a session may reach: 1,000,000,000 s (about 31.7 years).
  static let virtualTimeLimit = Duration.seconds(1_000_000_000)

  /// Sets up what `options` ask for, each store reporting its events to `onEvent`.
  ///
  /// - Throws: ``ReplaySetupError/auth(_:)`` for an auth endpoint the HTTP service refuses.
  init(
    options: ReplayOptions, sessionStore: SimulatedSessionStore,
    onEvent: @escaping @Sendable (StoreEvent) -> Void,
    reducer: LoginStore.Reducer?, faults: LoginStore.Faults, taskExecutor: (any TaskExecutor)?
  ) throws(ReplaySetupError) {
    switch options.auth {
    case .demo:
      self = .scripted(
        ScriptedSystem(sessionStore: sessionStore, runningTasksOn: taskExecutor) {
          service, clock in
          LoginStore(
            service: service, clock: clock, timeout: options.timeout, sessionStore: sessionStore,
            onEvent: onEvent, reducer: reducer, faults: faults)
        })
    case .url(let endpoint):
      let service: any AuthService
      do {
        // The store's timeout must decide: given the same duration, the service's own timer
        // would race it, and the trace would show "finished …: timeout" or "timed out" at
        // random. The service's timeout is set longer, so the store's fires first.
        service = try options.authFormat.service(
          endpoint: endpoint, deviceURL: options.deviceURL, clientID: options.clientID,
          scope: options.scope, storeTimeout: options.timeout)
      } catch {
        throw .auth(error)
      }
      self = .live(
        LiveSystem(sessionStore: sessionStore) {
          LoginStore(
            service: service, clock: ContinuousClock(), timeout: options.timeout,
            sessionStore: sessionStore, onEvent: onEvent, reducer: reducer, faults: faults)
        })
    }
  }

  /// The current store.
  var store: LoginStore {
    switch self {
    case .scripted(let system): system.store
    case .live(let system): system.store
    }
  }

  /// Whether times are real (and printed to the millisecond).
  var isReal: Bool {
    switch self {
    case .scripted: false
    case .live: true
    }
  }

  /// The time since the run started.
  var elapsed: Duration {
    switch self {
    case .scripted(let system): system.clock.now.offset
    case .live(let system): system.elapsed
    }
  }

  /// When the current store was created, on the run's clock: its event times count from
  /// there.
  var storeStartedAt: Duration {
    switch self {
    case .scripted(let system): system.storeStartedAt
    case .live(let system): system.storeStartedAt
    }
  }

  /// Lets the work the last action started come to rest: on the virtual clock, until the
  /// calls have reached the server (so a `respond` after it decides that request).
  nonisolated(nonsending) func letWorkRest() async {
    switch self {
    case .scripted(let system): await system.clock.waitUntilIdle()
    case .live: break
    }
  }

  /// A `respond` line.
  nonisolated(nonsending) func respond(_ outcome: ScriptedOutcome, after delay: Duration) async
    -> Respond
  {
    switch self {
    case .scripted(let system):
      switch system.service.respond(outcome, after: delay) {
      case .decided:
        await system.clock.waitUntilIdle()
        return .decided
      case .queued: return .queued
      case .queueFull: return .refused(.tooManyQueuedResponses)
      }
    case .live:
      return .refused(.respondWithRealAuth)
    }
  }

  /// A `wait` line: advances the clock, or sleeps; `false`, doing nothing, when the clock
  /// would pass ``virtualTimeLimit``.
  nonisolated(nonsending) func wait(_ duration: Duration) async -> Bool {
    switch self {
    case .scripted(let system):
      guard system.clock.now.offset + duration <= Self.virtualTimeLimit else { return false }
      await system.clock.advance(by: duration)
    case .live:
      // Cancelled: whoever runs the replay is stopping it; the wait ends here.
      try? await Task.sleep(for: duration)
    }
    return true
  }

  /// One step of `settle`: `true` while a request is in flight and the step moved on (to the
  /// next deadline, or the next event of a real request), `false` once none is.
  ///
  /// - Throws: ``SessionError/Kind/clockLimit(command:)`` when the next deadline lies past
  ///   ``virtualTimeLimit``.
  nonisolated(nonsending) func settleStep(inbox: EventInbox) async throws(SettleLimit) -> Bool {
    guard await store.attemptInFlight != nil else { return false }
    switch self {
    case .scripted(let system):
      await system.clock.waitUntilIdle()
      if let next = system.clock.nextDeadline, next.offset > Self.virtualTimeLimit {
        throw SettleLimit()
      }
      return await system.clock.advanceToNextDeadline()
    case .live:
      // The store's timeout ends every request, so this returns.
      await inbox.waitForEvents()
      return true
    }
  }

  /// `settle` would move the virtual clock past ``virtualTimeLimit``.
  struct SettleLimit: Error {}

  /// How many requests the server still works on: the scripted server's own count, or for a
  /// real server the request the store waits for (a cancelled one is closed at once).
  nonisolated(nonsending) func requestsInFlight() async -> Int {
    switch self {
    case .scripted(let system): system.service.requestsInFlight.count
    case .live(let system): await system.store.attemptInFlight == nil ? 0 : 1
    }
  }

  /// The session store every store of the run shares.
  var sessionStore: SimulatedSessionStore {
    switch self {
    case .scripted(let system): system.sessionStore
    case .live(let system): system.sessionStore
    }
  }

  /// `close`: closes the store and lets what that started end.
  nonisolated(nonsending) func close() async {
    await store.close()
    await letWorkRest()
  }

  /// `relaunch`: a fresh store over the same session store (see ``ScriptedSystem``).
  nonisolated(nonsending) func relaunch() async {
    switch self {
    case .scripted(let system): await system.relaunch()
    case .live(let system): await system.relaunch()
    }
  }

  /// Closes the store and, on the virtual clock, stops the server and lets every task end.
  nonisolated(nonsending) func shutDown() async {
    switch self {
    case .scripted(let system): await system.shutDown()
    case .live(let system): await system.store.close()
    }
  }
}

/// Options that name a replay that cannot be set up: a screen that cannot be drawn, or an
/// auth endpoint that is refused (such as plain `http` to a host that is not loopback).
public enum ReplaySetupError: Error, Equatable, Sendable {
  /// The renderer refused the width.
  case renderer(TextRenderer.OptionsError)
  /// The HTTP auth service refused the endpoint or the timeout.
  case auth(HTTPAuthService.ConfigurationError)

  /// A sentence for `error: …` on standard error.
  public var message: String {
    switch self {
    case .renderer(let error): error.message
    case .auth(let error): error.description
    }
  }
}
