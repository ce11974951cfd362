import LoginFlow

/// A state with its version: the number of state changes the store has made so far.
///
/// The view model uses versions to ignore a snapshot older than the one it shows.
struct StateSnapshot: Sendable {
  /// How many times the store's state has changed before this snapshot.
  let version: Int
  /// The state.
  let state: LoginState
}
