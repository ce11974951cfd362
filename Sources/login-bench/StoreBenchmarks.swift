import LoginFlow
import LoginRuntime
import Synchronization

/// The store's benchmarks, outside the main actor so that they measure the store rather than
/// hops between the main thread and the concurrency pool.
enum StoreBenchmarks {
  /// Sends `actions` (a session ending in a submit) to fresh stores on a virtual clock, then
  /// lets the demo service answer.
  static func typingSessionWithRequests(_ actions: [LoginAction], rounds: Int) async -> Int {
    var total = 0
    for _ in 0..<rounds {
      let clock = VirtualClock()
      let store = LoginStore(service: DemoAuthService(clock: clock), clock: clock)
      for action in actions.prefix(actions.count - 4) {
        total &+= await store.send(action).count
      }
      await clock.advance(by: .seconds(2))
      total &+= await store.state.attempt
      await store.close()
    }
    return total
  }

  /// Sends `actions`, which start no request, to fresh stores.
  static func typingOnly(_ actions: [LoginAction], rounds: Int) async -> Int {
    var total = 0
    for _ in 0..<rounds {
      let store = LoginStore(service: DemoAuthService())
      for action in actions { total &+= await store.send(action).count }
      total &+= await store.state.attempt
      await store.close()
    }
    return total
  }

  /// `LoginStore.send` with no listener (no `onEvent`, no stream): `keystrokes` sent `rounds`
  /// times to one store, one send per operation. Each action is read by index, so the loop
  /// copies it once, into the send that keeps it, as ``Keystrokes`` reads its input; a
  /// `for action in` loop would copy it twice, once for the loop and once for the send.
  static func sendNoListener(_ keystrokes: [LoginAction], rounds: Int) async -> Int {
    let store = LoginStore(service: DemoAuthService())
    var total = 0
    for _ in 0..<rounds {
      for index in keystrokes.indices { total &+= await store.send(keystrokes[index]).count }
    }
    total &+= await store.state.email.utf8.count
    await store.close()
    return total
  }

  /// `LoginStore.send` with an `onEvent` listener that counts the events, as a trace or
  /// `login-replay` listens: what the store spends describing each transition.
  static func sendWithListener(_ keystrokes: [LoginAction], rounds: Int) async -> Int {
    let counter = EventCounter()
    let store = LoginStore(service: DemoAuthService(), onEvent: { _ in counter.count() })
    var total = 0
    for _ in 0..<rounds {
      for index in keystrokes.indices { total &+= await store.send(keystrokes[index]).count }
    }
    total &+= await store.state.email.utf8.count
    await store.close()
    return total &+ counter.value
  }

  /// The bare actor hop: `count` calls of an actor method that stores an Int, each answer
  /// used by the task, as `sendNoListener` uses each `send`'s: so each call enters the actor
  /// and comes back to the task. (A task that ignores the answers needs nothing of its own
  /// executor between two calls, so the optimiser keeps it on the actor: no hop is measured.)
  static func actorHop(count: Int) async -> Int {
    let actor = BareActor()
    var total = 0
    for index in 0..<count { total &+= await actor.store(index) }
    return total
  }
}

/// Counts the events a store reports.
final class EventCounter: Sendable {
  private let counted = Mutex(0)
  func count() { counted.withLock { $0 += 1 } }
  var value: Int { counted.withLock { $0 } }
}
