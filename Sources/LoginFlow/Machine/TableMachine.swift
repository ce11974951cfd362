/// A machine defined by a transition table: phases, actions, and the conditions the table
/// tells apart for a pair of them, with a pure `reduce` that decides every cell.
///
/// Everything the package derives from a machine reads it through this one conformance: the
/// table document a test checks against `reduce`, the cells `login-replay --coverage`
/// counts, the state diagram, the explorer's alphabet. The login machine is
/// ``LoginMachine``; each child machine (a code step, device login) conforms the same way,
/// so a tool written once over `TableMachine` picks a new machine up from its definition.
public protocol TableMachine {
  /// Everything the machine knows.
  associatedtype State: Equatable & Sendable
  /// What can happen to it.
  associatedtype Action: Equatable & Sendable
  /// What it asks its runtime to do.
  associatedtype Effect: Equatable & Sendable
  /// The phases, without their data: the rows' first column.
  associatedtype PhaseKind: CaseIterable & Hashable & Sendable & RawRepresentable<String>
  /// The actions, without their data: the rows' second column.
  associatedtype ActionKind: CaseIterable & Hashable & Sendable & RawRepresentable<String>
  /// What the table's "when" column distinguishes for one (phase, action) pair.
  associatedtype Condition: Hashable & Sendable & CustomStringConvertible

  /// The machine's name in documents and diagrams, such as `login`.
  static var name: String { get }
  /// The phase `state` is in.
  static func phase(of state: State) -> PhaseKind
  /// The kind of `action`.
  static func kind(of action: Action) -> ActionKind
  /// The conditions the table distinguishes for `action` in `phase`, at least one; a
  /// `switch` without `default` in every conformance, so that a new phase or action does not
  /// compile until it is placed.
  static func conditions(_ phase: PhaseKind, _ action: ActionKind) -> [Condition]
  /// The condition `action` meets when it arrives in `state`: one of
  /// `conditions(phase(of: state), kind(of: action))`.
  static func condition(of action: Action, in state: State) -> Condition
  /// The machine itself: the state after `action` and the effects it asks for, in order.
  static func reduce(into state: inout State, _ action: Action) -> [Effect]
  /// A state and an action that fall in `cell`: how documents, the diagram and tests run
  /// every cell without writing its example by hand.
  static func example(of cell: TableCell<Self>) -> (state: State, action: Action)
}

extension TableMachine {
  /// Every cell of the machine, phases and actions in the order of their enums.
  public static var cells: [TableCell<Self>] {
    PhaseKind.allCases.flatMap { phase in
      ActionKind.allCases.flatMap { action in
        conditions(phase, action).map { TableCell(phase: phase, action: action, condition: $0) }
      }
    }
  }

  /// The cell `action` falls in when it arrives in `state`.
  public static func cell(applying action: Action, to state: State) -> TableCell<Self> {
    TableCell(
      phase: phase(of: state), action: kind(of: action),
      condition: condition(of: action, in: state))
  }
}
