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

  /// The session file: the path as commands, then the violated invariant's own
  /// expectations, with the values the specification gives after the same steps
  /// (``Invariant/expectations(_:)``). `login-replay` passes it on a correct build and fails
  /// it, at that step, on the broken one: nothing in it comes from the machine under test
  /// but the times to wait.
  ///
  /// - Parameters:
  ///   - machine: The machine the path was found on; its run gives the times to wait.
  ///   - timeout: The store's timeout the path assumes (`login-replay --timeout`).
  package func session(machine: Machine, timeout: Duration) -> String {
    var lines = [
      "# A counterexample found by login-explore: invariant \(violation.invariant) broken:",
      "# \(violation.detail).",
      "# Machine: \(machine.name); store timeout \(DurationLiteral.format(timeout)). Run it with:",
      "#   \(Self.replayCommand(timeout: timeout, file: "FILE"))",
      "# A correct build passes every expectation; the broken one fails at the last step.",
      "",
    ]
    let (system, steps) = ExploredSystem.run(path, machine: machine, timeout: timeout)
    let expectations = violation.invariant.expectations(system.specification)
    // A check of what was shown starts where the session starts.
    if expectations.contains(.secretsHidden(true)) {
      lines.append(SessionCommand.expect(.secretsHidden(true)).description)
    }
    for (index, step) in steps.enumerated() {
      lines.append("# step \(index + 1): \(step.event)")
      lines += Self.commands(for: step, timeout: timeout)
    }
    lines.append("")
    lines.append(
      "# What invariant \(violation.invariant) says after step \(failingStep), as the "
        + "specification gives it:")
    lines += expectations.map { SessionCommand.expect($0).description }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How to replay a counterexample written to `file`: with the store timeout the explorer
  /// assumed, which the session file cannot say.
  package static func replayCommand(timeout: Duration, file: String) -> String {
    "login-replay --timeout \(DurationLiteral.format(timeout)) \(file)"
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
    case .relaunch: return [SessionCommand.relaunch(.atLaunch).description]
    case .relaunchRestoringLater: return [SessionCommand.relaunch(.later).description]
    case .restoreSession: return [SessionCommand.restoreSession.description]
    case .advanceFailingSave:
      return polls(in: step, timeout: timeout) + [
        SessionCommand.sessionStore(.failing).description,
        SessionCommand.wait(step.elapsed).description,
        SessionCommand.sessionStore(.working).description,
      ]
    case .submit(let fate):
      return [SessionCommand.submit.description] + respond(fate, to: step, timeout: timeout)
    case .setCode(let sample, let fate):
      return [SessionCommand.set(.code, sample.text).description]
        + respond(fate, to: step, timeout: timeout)
    case .verify(let fate):
      return [SessionCommand.codeStep(SecondFactorMachine.verify).description]
        + respond(fate, to: step, timeout: timeout)
    case .resend(let fate):
      return [SessionCommand.codeStep(SecondFactorMachine.resend).description]
        + respond(fate, to: step, timeout: timeout)
    case .back:
      return [SessionCommand.codeStep(SecondFactorMachine.back).description]
    case .deviceLogin(let fate):
      return [SessionCommand.press(LoginMachine.deviceLogin).description]
        + respond(fate, to: step, timeout: timeout)
    case .advance, .advancePolling, .wait, .expireSession:
      return polls(in: step, timeout: timeout) + [SessionCommand.wait(step.elapsed).description]
    }
  }

  /// The `respond` lines, queued before the step's wait, that give each poll the clock
  /// starts during it its fate, in order: the server takes queued answers first in, first
  /// out, and nothing else starts a request while time passes.
  private static func polls(in step: ExploredSystem.Step, timeout: Duration) -> [String] {
    step.pollFates.map {
      SessionCommand.respond($0.outcome, after: $0.delay(timeout: timeout)).description
    }
  }

  /// The `respond` line that gives the request `step` started its `fate`; none when it
  /// started none.
  private static func respond(
    _ fate: Fate?, to step: ExploredSystem.Step, timeout: Duration
  ) -> [String] {
    guard let fate, step.startedRequest else { return [] }
    return [SessionCommand.respond(fate.outcome, after: fate.delay(timeout: timeout)).description]
  }
}
