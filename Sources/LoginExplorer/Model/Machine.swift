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
  /// Another reducer for the store to run; `nil` for LoginFlow's own, on the store's default
  /// path, the one apps run.
  package var reduce: LoginStore.Reducer?
  /// How the store deviates from its contract; none for a correct machine.
  package var faults: LoginStore.Faults

  /// Creates a machine from a reducer and store faults.
  package init(
    name: String, reduce: LoginStore.Reducer?, faults: LoginStore.Faults = .none
  ) {
    self.name = name
    self.reduce = reduce
    self.faults = faults
  }

  /// LoginFlow's own reducer in a store that keeps its contract: the store's default path.
  package static let correct = Machine(name: "LoginFlow", reduce: nil)

  /// The machine's reducer: its own, or LoginFlow's.
  package func reduce(_ state: LoginState, _ action: LoginAction) -> (LoginState, [LoginEffect]) {
    reduce?(state, action) ?? LoginFlow.reduce(state, action)
  }
}
