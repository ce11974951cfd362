import LoginFlow

/// What a driver that shows no event learns from a store's events: how many there were, how
/// many actions went through `reduce`, the effects of the last one, and how many late answers
/// were dropped. `login-replay` reads nothing else from events in its plain text output
/// (`expect effects`, `expect dropped-answers`, the summary's actions).
///
/// A store made to count (`countsEvents`) adds each event up here, in order, as it happens,
/// without building it: describing a transition costs more than applying it. A driver on
/// the store takes the counts with ``LoginStore/takeCounts()``; one that prints events counts
/// the events it prints the same way.
package struct EventCounts: Sendable {
  /// Events of every kind counted.
  package var events = 0
  /// Transitions: actions that went through `reduce`.
  package var transitions = 0
  /// The effect kinds of the last transition counted; `nil` when none was.
  package var lastEffects: [LoginEffect.Kind]?
  /// Late answers the store dropped.
  package var droppedAnswers = 0

  /// No event counted yet.
  package init() {}

  /// Counts an action that went through `reduce` and emitted `effects`. An `authenticate`
  /// effect holds the credentials: only the effects' kinds are kept.
  package mutating func countTransition(emitting effects: [LoginEffect]) {
    countTransition(effectKinds: effects.isEmpty ? [] : effects.map(\.kind))
  }

  /// Counts an action that went through `reduce` and emitted effects of `effectKinds`.
  package mutating func countTransition(effectKinds: [LoginEffect.Kind]) {
    events += 1
    transitions += 1
    lastEffects = effectKinds
  }

  /// Counts the event `kind`.
  package mutating func count(_ kind: StoreEvent.Kind) {
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
