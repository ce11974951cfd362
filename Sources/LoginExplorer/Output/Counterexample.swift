import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime

/// A shortest path to a state that breaks an invariant, and the session file that replays it.
public struct Counterexample: Sendable {
  /// The events from the empty screen, in order.
  public var path: [ExplorerEvent]
  /// What broke.
  public var violation: Violation
  /// The 1-based step after which the invariant failed (0: the initial state), equal to the
  /// path's length: breadth-first search stops at the first failing step.
  public var failingStep: Int

  /// The path in words, one numbered step a line.
  public var steps: [String] {
    path.enumerated().map { "\($0.offset + 1). \($0.element)" }
  }

  /// The session file: the path as commands, then `expect` lines saying what a correct
  /// machine shows after the failing step. `login-replay` passes it on a correct build and
  /// fails it, at that step, on the broken one.
  ///
  /// - Parameters:
  ///   - machine: The machine the path was found on; its run gives the times to wait.
  ///   - timeout: The store's timeout the path assumes (`login-replay --timeout`).
  package func session(machine: Machine, timeout: Duration) async -> String {
    var lines = [
      "# A counterexample found by login-explore: invariant \(violation.invariant) broken:",
      "# \(violation.detail).",
      "# Machine: \(machine.name); store timeout \(DurationLiteral.format(timeout)). Run it with:",
      "#   login-replay --timeout \(DurationLiteral.format(timeout)) FILE",
      "# A correct build passes every expectation; the broken one fails at the last step.",
      "",
    ]
    let steps = await ExploredSystem.run(path, machine: machine, timeout: timeout) { $1 }
    for (index, step) in steps.enumerated() {
      lines.append("# step \(index + 1): \(step.event)")
      lines += Self.commands(for: step, timeout: timeout)
    }
    lines.append("")
    lines.append("# What a correct machine shows after step \(failingStep):")
    lines += await Self.expectations(after: path, timeout: timeout)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The session commands for one step of the broken run.
  static func commands(for step: ExploredSystem.Step, timeout: Duration) -> [String] {
    switch step.event {
    case .setEmail(let sample): return ["set email \(SessionCommand.quoted(sample.text))"]
    case .setPassword(let sample): return ["set password \(SessionCommand.quoted(sample.text))"]
    case .togglePassword: return ["toggle-password"]
    case .cancel: return ["cancel"]
    case .logout: return ["logout"]
    case .reset: return ["reset"]
    case .close: return ["close"]
    case .relaunch: return [SessionCommand.relaunch.description]
    case .advanceFailingSave:
      return [
        SessionCommand.sessionStore(.failing).description,
        SessionCommand.wait(step.elapsed).description,
        SessionCommand.sessionStore(.working).description,
      ]
    case .submit(.none): return ["submit"]
    case .submit(.some(let fate)):
      guard step.startedRequest else { return ["submit"] }
      return [
        "submit",
        "respond \(fate.outcome.name) after \(DurationLiteral.format(fate.delay(timeout: timeout)))",
      ]
    case .advance, .wait, .expireSession:
      return ["wait \(DurationLiteral.format(step.elapsed))"]
    }
  }

  /// `expect` lines for what the correct machine shows after `path`.
  static func expectations(after path: [ExplorerEvent], timeout: Duration) async -> [String] {
    await ExploredSystem.run(path, machine: .correct, timeout: timeout) { correct, _ in
      let state = await correct.store.state
      // A relaunch forgets the effects of the closed store's last action.
      let effects =
        correct.currentEvents.reversed().lazy.compactMap { event -> [LoginEffect.Kind]? in
          guard case .transition(let transition) = event.kind else { return nil }
          return transition.effects.map(\.kind)
        }.first ?? []
      let expectations: [SessionCommand.Expectation] = [
        .phase(state.phase.kind), .canSubmit(state.canSubmit), .loading(state.isLoading),
        .passwordVisible(state.isPasswordVisible), .error(state.errorMessage),
        .emailError(state.emailError), .resetSuggested(state.suggestsPasswordReset),
        .effects(effects), .passwordLength(state.password.count),
        .requestsInFlight(correct.service.requestsInFlight.count),
        .droppedAnswers(
          correct.allEvents.count { event in
            guard case .responseDropped = event.kind else { return false }
            return true
          }),
      ]
      return expectations.map { "expect \($0.subject.rawValue) \($0.expectedText)" }
    }
  }
}
