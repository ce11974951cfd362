import LoginFlow

/// Where a store counts its events instead of reporting them: for a driver that shows none
/// of them and reads only a few numbers (how many actions ran, the effects of the last one,
/// how many late answers were dropped), such as `login-replay`'s plain text output.
///
/// A store given a counter calls it, on the store and in order, for every event it would
/// report to `onEvent`, without building the ``StoreEvent``: describing a transition costs
/// more than applying it. A driver gives a store a counter or an `onEvent` hook, not both.
package protocol EventCounter: AnyObject, Sendable {
  /// An action went through `reduce` and emitted `effects`. An `authenticate` effect holds
  /// the credentials: keep what the effects are (their kinds), never the effects.
  func countTransition(emitting effects: [LoginEffect])
  /// Any other event: a step of an auth request's life or of the remembered session.
  func countEvent(_ kind: StoreEvent.Kind)
}
