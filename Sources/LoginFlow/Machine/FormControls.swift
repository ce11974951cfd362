/// A text field of a machine's screen, as scripts and front ends name it: its name, how to
/// read its text from a state, and the action that changes it.
///
/// A machine lists its fields once (``ScreenMachine/fields``); a session file's `type`,
/// `set`, `clear` and `backspace` find a field there by name, so a child machine's field (a
/// code) is a session-file field as soon as its parent lists it. Two fields are the same
/// field when their names are.
public struct FormField<State, Action>: Hashable, Sendable, CustomStringConvertible {
  /// The field's name in session files, such as `email`.
  public let name: String
  /// Whether the field holds a secret: what is typed into it is never printed.
  public let isSecret: Bool
  private let read: @Sendable (State) -> String
  private let change: @Sendable (String) -> Action

  /// A field named `name` whose text `read` finds in a state and `change` sets.
  public init(
    _ name: String, isSecret: Bool = false, read: @escaping @Sendable (State) -> String,
    change: @escaping @Sendable (String) -> Action
  ) {
    self.name = name
    self.isSecret = isSecret
    self.read = read
    self.change = change
  }

  /// The field's text in `state`.
  public func text(in state: State) -> String { read(state) }

  /// The action that makes the field hold `text`.
  public func changed(to text: String) -> Action { change(text) }

  /// The field as a parent machine lists it: read from the child's state while the parent
  /// holds one (empty otherwise), and changed by the child's action wrapped as the parent's.
  public func lifted<Parent, ParentAction>(
    from child: @escaping @Sendable (Parent) -> State?,
    as embed: @escaping @Sendable (Action) -> ParentAction
  ) -> FormField<Parent, ParentAction> {
    FormField<Parent, ParentAction>(
      name, isSecret: isSecret, read: { parent in child(parent).map(read) ?? "" },
      change: { text in embed(change(text)) })
  }

  /// The field's ``name``.
  public var description: String { name }

  /// Whether the two are the same field: they have the same name.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the field's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A button of a machine's screen, as scripts and front ends name it: its name and the
/// action pressing it sends. Two buttons are the same button when their names are.
public struct FormButton<Action: Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The button's name in session files, such as `submit`.
  public let name: String
  /// What pressing it sends.
  public let action: Action

  /// A button named `name` that sends `action`.
  public init(_ name: String, sends action: Action) {
    self.name = name
    self.action = action
  }

  /// The button as a parent machine lists it: its action wrapped as the parent's.
  public func lifted<ParentAction>(as embed: (Action) -> ParentAction) -> FormButton<ParentAction> {
    FormButton<ParentAction>(name, sends: embed(action))
  }

  /// The button's ``name``.
  public var description: String { name }

  /// Whether the two are the same button: they have the same name.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the button's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A machine with a screen: the text fields and buttons a user (or a script) works it with.
///
/// A parent lists its children's controls among its own, so every tool that reads the
/// controls (the session language, front ends) picks a child up from its definition.
public protocol ScreenMachine: TableMachine {
  /// The text fields, in the order a screen shows them.
  static var fields: [FormField<State, Action>] { get }
  /// The buttons.
  static var buttons: [FormButton<Action>] { get }
}
