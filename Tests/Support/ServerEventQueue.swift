import LoginRuntime

/// Events from the server, kept per request path in arrival order, handed to tests that wait
/// for them.
///
/// Requests in flight at the same time use different paths, so each waiter sees only the
/// events of its own request. A waiter is resumed by the next event for its path, or with
/// `nil` once the server's output ended, so a test never waits forever: the server exits on
/// its own after a bounded time.
final class ServerEventQueue: Sendable {
  private struct State {
    var buffered: [String: [ServerEvent]] = [:]
    var waiters: [String: [CheckedContinuation<ServerEvent?, Never>]] = [:]
    var ended = false
  }

  private let state = Locked(State())

  /// Adds an event, waking the oldest waiter for its path if there is one.
  func push(_ event: ServerEvent) {
    let key = event.path ?? ""
    let waiter = state.withLock { state -> CheckedContinuation<ServerEvent?, Never>? in
      if var waiting = state.waiters[key], !waiting.isEmpty {
        let first = waiting.removeFirst()
        state.waiters[key] = waiting
        return first
      }
      state.buffered[key, default: []].append(event)
      return nil
    }
    waiter?.resume(returning: event)
  }

  /// Marks the end of the server's output; every waiter gets `nil`.
  func end() {
    let waiters = state.withLock { state in
      state.ended = true
      defer { state.waiters = [:] }
      return state.waiters.values.flatMap { $0 }
    }
    for waiter in waiters { waiter.resume(returning: nil) }
  }

  /// The next event for `path` (`""`: events without a path, such as `listening`), or `nil`
  /// when the server has stopped talking.
  func next(for path: String) async -> ServerEvent? {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> ServerEvent?? in
        if var events = state.buffered[path], !events.isEmpty {
          let first = events.removeFirst()
          state.buffered[path] = events
          return .some(first)
        }
        if state.ended { return .some(nil) }
        state.waiters[path, default: []].append(continuation)
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
