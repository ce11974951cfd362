/// One cell of a machine's transition table: a phase, an action, and the condition the table
/// distinguishes for that pair.
///
/// The list of a machine's cells, ``TableMachine/cells``, is derived from its enums: a new
/// phase or action shows up as a cell to cover, in `login-replay --coverage`, in the state
/// diagram, in the tests.
public struct TableCell<Machine: TableMachine>: Hashable, Sendable, CustomStringConvertible {
  /// The condition type of the machine's table.
  public typealias Condition = Machine.Condition

  /// The phase the action arrives in.
  public var phase: Machine.PhaseKind
  /// The kind of action.
  public var action: Machine.ActionKind
  /// Which of the pair's rows applies.
  public var condition: Machine.Condition

  /// Creates a cell.
  public init(phase: Machine.PhaseKind, action: Machine.ActionKind, condition: Machine.Condition) {
    self.phase = phase
    self.action = action
    self.condition = condition
  }

  /// Every cell of the machine (see ``TableMachine/cells``).
  public static var all: [TableCell] { Machine.cells }

  /// The conditions the table distinguishes for `action` in `phase`.
  public static func conditions(
    _ phase: Machine.PhaseKind, _ action: Machine.ActionKind
  ) -> [Machine.Condition] {
    Machine.conditions(phase, action)
  }

  /// The cell `action` falls in when it arrives in `state`.
  public init(applying action: Machine.Action, to state: Machine.State) {
    self = Machine.cell(applying: action, to: state)
  }

  /// `submitting + authResponse (current attempt, success)`.
  public var description: String {
    "\(phase.rawValue) + \(action.rawValue) (\(condition))"
  }
}
