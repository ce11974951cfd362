/// Where a parent machine holds a child: the one generic way a parent forwards a child's
/// action, written once, as The Composable Architecture's `Scope` and `ifLet` are.
///
/// The scope finds the child's state in the parent's (``extract``; `nil` when the parent's
/// phase holds no child) and puts it back (``embed``). ``forward(_:in:)`` runs the child only
/// while the parent holds it: anywhere else the action is ignored, as a late answer is.
/// Mapping the child's effects into the parent's and its outcome into a parent transition is
/// the parent's one `case` per child.
///
/// ```swift
/// let scope = ChildScope<Parent, Confirmation>(
///   extract: { parent in
///     guard case .confirming(let child) = parent.phase else { return nil }
///     return child
///   },
///   embed: { parent, child in parent.phase = .confirming(child) })
/// guard let step = scope.forward(action, in: &parent) else { return [] }  // ignored
/// ```
public struct ChildScope<Parent, Child: ChildMachine>: Sendable {
  /// The child's state inside `parent`, or `nil` when the parent holds no child now.
  public let extract: @Sendable (Parent) -> Child.State?
  /// Puts the child's new state back into `parent`.
  public let embed: @Sendable (inout Parent, Child.State) -> Void

  /// A scope that finds the child with `extract` and puts it back with `embed`.
  public init(
    extract: @escaping @Sendable (Parent) -> Child.State?,
    embed: @escaping @Sendable (inout Parent, Child.State) -> Void
  ) {
    self.extract = extract
    self.embed = embed
  }

  /// Runs `action` on the child held in `parent` and puts the child's new state back; `nil`,
  /// leaving `parent` untouched, when the parent holds no child.
  public func forward(_ action: Child.Action, in parent: inout Parent) -> ChildStep<Child>? {
    guard var child = extract(parent) else { return nil }
    let step = Child.step(&child, action)
    embed(&parent, child)
    return step
  }
}
