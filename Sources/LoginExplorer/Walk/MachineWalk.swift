import LoginFlow

/// A breadth-first walk of a machine's pure `reduce` over its alphabet: every state it
/// reaches from its initial state, and every cell of its table those steps fell in.
///
/// The explorer of the running system starts from the same definition; this walk is the
/// part that needs nothing but the machine, so any ``ExplorableMachine`` (a child alone, in
/// its tests) is walked without a line written for it.
package struct MachineWalk<Machine: ExplorableMachine> where Machine.State: Hashable {
  /// The states reached, the initial one included.
  package private(set) var states: Set<Machine.State> = []
  /// The cells the steps fell in.
  package private(set) var cells: Set<TableCell<Machine>> = []
  /// How many steps were tried.
  package private(set) var transitions = 0

  /// Walks `Machine` from its initial state, at most `depth` steps deep.
  package init(depth: Int) {
    var frontier = [Machine.initialState]
    states.insert(Machine.initialState)
    for _ in 0..<depth where !frontier.isEmpty {
      var next: [Machine.State] = []
      for state in frontier {
        for action in Machine.alphabet(in: state) {
          transitions += 1
          cells.insert(Machine.cell(applying: action, to: state))
          var reached = state
          _ = Machine.reduce(into: &reached, action)
          if states.insert(reached).inserted { next.append(reached) }
        }
      }
      frontier = next
    }
  }
}
