import LoginFlow
import LoginRuntime

/// Prints the store's events as the chosen format shows them, and counts what the run
/// reports from them: the actions applied, the effects of the last one, the late answers
/// dropped, and (with `--coverage`) the cells of the table they fell in.
///
/// JSON lines and the accessible format print the state before and after each transition:
/// the printer reads them from the store's state stream, which yields each change in order,
/// exactly one per transition that changed the state.
final class EventPrinter {
  private let formatter: ReplayFormatter
  private let output: any ReplayOutput
  private let countsCoverage: Bool
  /// The cells the run's events fell in, when it counts them.
  private(set) var coverage = TransitionCoverage()
  /// The kinds of effects the last transition emitted (`expect effects`).
  private(set) var lastEffects: [LoginEffect.Kind] = []
  /// How many late answers the stores dropped so far (`expect dropped-answers`).
  private(set) var droppedAnswers = 0
  /// The current store's states, for the formats that print them.
  private var states: AsyncStream<LoginState>.Iterator?
  private var latestState = LoginState()

  init(formatter: ReplayFormatter, output: any ReplayOutput, countsCoverage: Bool) {
    self.formatter = formatter
    self.output = output
    self.countsCoverage = countsCoverage
  }

  /// Follows `store`'s states from now on, for the formats that print them; a relaunch
  /// follows the new store.
  nonisolated(nonsending) func follow(_ store: LoginStore) async {
    lastEffects = []
    guard formatter.format != .text else { return }
    var iterator = store.states(buffering: .all).makeAsyncIterator()
    latestState = await iterator.next() ?? LoginState()
    states = iterator
  }

  /// Prints `events`, written at `line`, whose times count from `offset`; returns how many
  /// of them were transitions.
  nonisolated(nonsending) func print(_ events: [StoreEvent], line: Int, offset: Duration) async
    -> Int
  {
    var transitions = 0
    for event in events {
      if countsCoverage { coverage.record(event.kind) }
      let time = offset + event.time
      switch event.kind {
      case .transition(let transition):
        transitions += 1
        lastEffects = transition.effects.map(\.kind)
        let before = latestState
        if transition.changedState, let state = await nextState() { latestState = state }
        write(
          formatter.transition(
            transition, at: time, line: line, state: latestState, before: before))
      case .responseDropped:
        droppedAnswers += 1
        write(formatter.lifecycle(event.kind, at: time, line: line))
      case .effectStarted, .effectFinished, .effectCancelled, .effectTimedOut, .sessionSaved,
        .sessionNotSaved, .sessionCleared, .sessionNotCleared, .sessionDiscarded:
        write(formatter.lifecycle(event.kind, at: time, line: line))
      }
    }
    return transitions
  }

  private func write(_ text: String?) {
    if let text { output.writeLine(text) }
  }

  /// The next state of the store's stream: already there (it was published when the
  /// transition was reported), so this does not wait.
  nonisolated(nonsending) private func nextState() async -> LoginState? {
    guard var iterator = states else { return nil }
    let state = await iterator.next(isolation: #isolation)
    states = iterator
    return state
  }
}
