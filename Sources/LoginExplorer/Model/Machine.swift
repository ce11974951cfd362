import LoginFlow
import LoginRuntime

/// The machine under exploration: the reducer the store runs and how the store behaves.
///
/// ``correct`` is LoginFlow as it ships. Tests build broken machines through the same seam
/// (a `package` store initializer, not public API) to prove that the explorer finds each
/// kind of bug and that its counterexamples replay.
package struct Machine: Sendable {
  /// A name for output, such as `LoginFlow` or `keeps the password after success`.
  package var name: String
  /// The reducer the store runs.
  package var reduce: LoginStore.Reducer
  /// How the store deviates from its contract; none for a correct machine.
  package var faults: LoginStore.Faults

  /// Creates a machine from a reducer and store faults.
  package init(
    name: String, reduce: @escaping LoginStore.Reducer, faults: LoginStore.Faults = .none
  ) {
    self.name = name
    self.reduce = reduce
    self.faults = faults
  }

  /// LoginFlow's own reducer in a store that keeps its contract.
  package static let correct = Machine(name: "LoginFlow", reduce: LoginFlow.reduce)
}
