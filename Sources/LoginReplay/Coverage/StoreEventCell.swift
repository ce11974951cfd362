import LoginRuntime

/// A step of an auth request that only the store takes, counted by `login-replay --coverage`
/// beside the transition table's cells: no user action causes it directly.
public enum StoreEventCell: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// The store's own timeout fired before the answer (`effectTimedOut`).
  case timeoutFired = "timeout fired"
  /// An answer to a cancelled or timed-out request came and was dropped (`responseDropped`).
  case lateAnswerDropped = "late answer dropped"

  /// The cell `kind` counts in, or `nil` for an event that is not a cell of its own.
  ///
  /// A `switch` with no `default`: a new kind of store event is a compile error here until
  /// it is placed, either as a cell or as part of another one.
  public init?(_ kind: StoreEvent.Kind) {
    switch kind {
    case .effectTimedOut: self = .timeoutFired
    case .responseDropped: self = .lateAnswerDropped
    // A transition is a cell of the table; a request starts with the submit that caused
    // it, finishes with the answer applied next, and is cancelled by the cancel tapped. The
    // session is saved or not by the login that asked for it (a failed save is the
    // `sessionSaveFailed` cell next), cleared or not by the logout or expired restore that
    // asked for it; a discarded one is what the session store kept before any action, not
    // a step of the machine.
    case .transition, .effectStarted, .effectFinished, .effectCancelled, .sessionSaved,
      .sessionNotSaved, .sessionCleared, .sessionNotCleared, .sessionDiscarded:
      return nil
    }
  }

  /// The name the coverage report prints: `timeout fired`, `late answer dropped`.
  public var description: String { rawValue }
}
