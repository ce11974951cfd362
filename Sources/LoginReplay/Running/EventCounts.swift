import LoginFlow
import LoginRuntime

/// What the runner learns from the store's events besides what it prints: how many actions
/// went through `reduce`, the effects of the last one (`expect effects`), and how many late
/// answers were dropped (`expect dropped-answers`).
///
/// The runner counts the events it takes to print. When no event prints (the text format
/// without `--trace` or `--coverage`), the store builds none: it counts them into the
/// ``EventInbox`` (an `EventCounter`), and the runner adds those counts up.
struct EventCounts: Sendable {
  /// Events of every kind counted.
  var events = 0
  /// Transitions: actions that went through `reduce`.
  var transitions = 0
  /// The effect kinds of the last transition counted; `nil` when none was.
  var lastEffects: [LoginEffect.Kind]?
  /// Late answers the store dropped.
  var droppedAnswers = 0

  /// Counts an action that went through `reduce` and emitted effects of `effectKinds`.
  mutating func countTransition(effectKinds: [LoginEffect.Kind]) {
    events += 1
    transitions += 1
    lastEffects = effectKinds
  }

  /// Counts the event `kind`.
  mutating func count(_ kind: StoreEvent.Kind) {
    switch kind {
    case .transition(let transition):
      countTransition(effectKinds: transition.effects.map(\.kind))
    case .responseDropped:
      events += 1
      droppedAnswers += 1
    case .effectStarted, .effectFinished, .effectCancelled, .effectTimedOut, .sessionSaved,
      .sessionNotSaved, .sessionCleared, .sessionNotCleared, .sessionDiscarded:
      events += 1
    }
  }
}
