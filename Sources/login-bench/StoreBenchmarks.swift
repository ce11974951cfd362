import LoginCommandLine
import LoginFlow
import LoginRuntime

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

  /// A keystroke as every screen runs the store: `LoginStore.send` of each of `keystrokes`,
  /// `rounds` times, to one store that has one `states()` subscriber, a task draining the
  /// stream as a screen's does. Each send is timed on its own, from the call to the effects
  /// back in the caller, so that a slow keystroke shows in the tail rather than in a mean.
  ///
  /// With an `executor`, the sender, the subscriber and the store all run on it, as a screen
  /// runs on its main thread; without one, on the shared pool, where handing a state to the
  /// subscriber may wake another core.
  ///
  /// - Returns: Every send's time in microseconds, and a checksum of what the sends and the
  ///   subscriber saw.
  static func keystrokesWithSubscriber(
    _ keystrokes: [LoginAction], rounds: Int, on executor: (any TaskExecutor)?
  ) async -> (microseconds: [Double], checksum: Int) {
    await withTaskExecutorPreference(executor) {
      let store = LoginStore(service: DemoAuthService())
      let states = store.states()
      let subscriber = Task(executorPreference: executor) {
        var seen = 0
        for await state in states { seen &+= state.email.utf8.count }
        return seen
      }
      let clock = ContinuousClock()
      var times: [Double] = []
      times.reserveCapacity(rounds * keystrokes.count)
      var total = 0
      for _ in 0..<rounds {
        for index in keystrokes.indices {
          let start = clock.now
          total &+= await store.send(keystrokes[index]).count
          times.append(BenchFormat.microseconds(start.duration(to: clock.now)))
        }
      }
      await store.close()
      total &+= await subscriber.value
      return (times, total)
    }
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
