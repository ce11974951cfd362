/// A machine that a phase of a parent machine holds: a step of the login screen with its
/// own state, actions, effects and pure `reduce`, testable alone, that knows nothing of its
/// parent.
///
/// It ends with an ``Outcome``, which the parent turns into a transition of its own (a code
/// step's `signedIn` into `succeeded`); until then the parent only forwards its actions and
/// maps its effects (``ChildScope``).
public protocol ChildMachine: TableMachine {
  /// How the child ends, for its parent to map.
  associatedtype Outcome: Equatable & Sendable

  /// The child's next state for `action`, the effects it asks for, and its outcome when the
  /// action ends it.
  static func step(_ state: inout State, _ action: Action) -> ChildStep<Self>
}

extension ChildMachine {
  /// The child's table machine: ``step(_:_:)`` without the outcome.
  public static func reduce(into state: inout State, _ action: Action) -> [Effect] {
    step(&state, action).effects
  }
}

/// What one action did to a child machine: the effects it asks for, in order, and how the
/// child ended, if the action ended it.
public struct ChildStep<Child: ChildMachine>: Equatable, Sendable {
  /// The effects for the runtime, in the child's own vocabulary.
  public var effects: [Child.Effect]
  /// How the child ended; `nil` while it goes on.
  public var outcome: Child.Outcome?

  /// A step with these effects and outcome.
  public init(effects: [Child.Effect] = [], outcome: Child.Outcome? = nil) {
    self.effects = effects
    self.outcome = outcome
  }
}
