import LoginFlow
import LoginRuntime

/// Checks the login machine's invariants against a store's events as they happen (the store calls it
/// synchronously, in order) and collects every violation.
final class InvariantChecker: Sendable {
  private struct State {
    var phase = LoginPhase.Kind.idle
    var inFlight: Set<Int> = []
    var started: [Int] = []
    var terminals: [Int: Int] = [:]
    var abandoned: Set<Int> = []
    var violations: [String] = []
  }

  private let state = Locked(State())

  var violations: [String] { state.withLock { $0.violations } }
  var startedAttempts: [Int] { state.withLock { $0.started } }

  func observe(_ event: StoreEvent) {
    state.withLock { state in
      switch event.kind {
      case .transition(let transition):
        state.phase = transition.to
        if transition.action == .authResponse,
          transition.actionDescription.hasPrefix("authResponse(0,")
            || transition.actionDescription.hasPrefix("authResponse(-1,"), transition.changedState
        {
          state.violations.append("a stale response changed the state: \(event)")
        }
      case .effectStarted(let id):
        let attempt = id.number
        if !state.inFlight.isEmpty { state.violations.append("two requests in flight: \(event)") }
        if state.phase != .submitting { state.violations.append("started outside submitting") }
        if attempt != (state.started.last ?? 0) + 1 {
          state.violations.append("attempts not consecutive: \(event)")
        }
        state.started.append(attempt)
        state.inFlight.insert(attempt)
      case .effectFinished(let id, _, _):
        end(id.number, &state, event)
      case .effectCancelled(let id, _), .effectTimedOut(let id, _):
        end(id.number, &state, event)
        state.abandoned.insert(id.number)
      case .responseDropped(let id, _, _):
        if !state.abandoned.contains(id.number) {
          state.violations.append("dropped a response that was not stale: \(event)")
        }
      case .sessionSaved, .sessionNotSaved:
        if state.phase != .succeeded { state.violations.append("saved outside a login: \(event)") }
      case .sessionCleared, .sessionNotCleared, .sessionDiscarded:
        break
      }
    }
  }

  /// Every started request ended exactly once (answer, cancel or timeout).
  func checkEveryRequestEndedOnce() -> [String] {
    state.withLock { state in
      state.started.compactMap { attempt in
        state.terminals[attempt] == 1
          ? nil : "authenticate(\(attempt)) ended \(state.terminals[attempt] ?? 0) times"
      }
    }
  }

  private func end(_ attempt: Int, _ state: inout State, _ event: StoreEvent) {
    state.terminals[attempt, default: 0] += 1
    if state.inFlight.remove(attempt) == nil {
      state.violations.append("ended a request not in flight: \(event)")
    }
  }
}
