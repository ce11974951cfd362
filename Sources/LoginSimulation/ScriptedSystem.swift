import LoginFlow
import LoginRuntime

/// A login store wired to the scripted server on a virtual clock, with a session store that
/// outlives it: the system `login-replay` and `login-explore` both run.
///
/// ``relaunch()`` closes the store, as when the app is killed, and starts a fresh one over
/// the same clock and session store, with a new server that takes over what the old one's
/// queue still held (the server outlives the app); the old server's calls end.
package final class ScriptedSystem {
  /// The clock every store of the run shares.
  package let clock: VirtualClock
  /// Where the session is remembered across relaunches.
  package let sessionStore: SimulatedSessionStore
  /// The current store's server.
  package private(set) var service: ScriptedAuthService
  /// The current store.
  package private(set) var store: LoginStore
  /// When the current store was created, on the clock: its event times count from there.
  package private(set) var storeStartedAt: Duration = .zero
  private let makeStore: (ScriptedAuthService, VirtualClock) -> LoginStore

  /// A system on a new virtual clock whose stores `makeStore` builds over a service and the
  /// clock (their options, hooks and session store are the caller's).
  package init(
    sessionStore: SimulatedSessionStore = SimulatedSessionStore(),
    runningTasksOn taskExecutor: (any TaskExecutor)? = nil,
    makeStore: @escaping (ScriptedAuthService, VirtualClock) -> LoginStore
  ) {
    let clock = VirtualClock(runningTasksOn: taskExecutor)
    self.clock = clock
    self.sessionStore = sessionStore
    self.makeStore = makeStore
    service = ScriptedAuthService(clock: clock)
    store = makeStore(service, clock)
  }

  /// Closes the store and starts a fresh one with a new server, at the same time on the same
  /// clock; restoring the remembered session is the caller's next step, as an app's launch is.
  nonisolated(nonsending) package func relaunch() async {
    await store.close()
    let successor = ScriptedAuthService(clock: clock)
    service.handOverQueue(to: successor)
    service.shutDown()
    await clock.waitUntilIdle()
    storeStartedAt = clock.now.offset
    service = successor
    store = makeStore(successor, clock)
  }

  /// Closes the store and stops the server; every task of the run ends.
  nonisolated(nonsending) package func shutDown() async {
    await store.close()
    service.shutDown()
    await clock.waitUntilIdle()
  }
}
