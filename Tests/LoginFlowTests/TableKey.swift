import LoginFlow
import Testing

/// One cell of the transition table: a kind of phase and a kind of action.
struct TableKey: Hashable, Sendable, CustomStringConvertible, CustomTestStringConvertible {
  var phase: LoginPhase.Kind
  var action: LoginAction.Kind

  /// Every cell, phases in the order of `LoginPhase.Kind`, and within a phase the actions in
  /// the order of `LoginAction.Kind`.
  static let all: [TableKey] = LoginPhase.Kind.allCases.flatMap { phase in
    LoginAction.Kind.allCases.map { TableKey(phase: phase, action: $0) }
  }

  var description: String { "\(phase) + \(action)" }
  var testDescription: String { description }
}
