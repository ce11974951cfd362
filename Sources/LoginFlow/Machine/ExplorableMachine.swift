/// A machine an explorer can walk: where it starts, and the actions to try from a state —
/// the user's, with a few representative values, and the answers and arrivals its runtime
/// may deliver there.
///
/// The alphabet is part of the machine's definition, so an explorer written once over
/// `ExplorableMachine` walks a new machine, a child's included, without being told about it.
public protocol ExplorableMachine: TableMachine {
  /// The state a new screen starts in.
  static var initialState: State { get }
  /// The actions to try from `state`.
  static func alphabet(in state: State) -> [Action]
}
