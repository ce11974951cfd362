import Foundation
import LoginFlow
import LoginTestSupport
import Testing

/// The composition seam, proved with a child of the tests (``Consent``) held by a parent
/// of the tests (``Onboarding``): every tool written over `TableMachine` and `ChildScope`
/// picks the child up from its definition alone.
@Suite struct CompositionSeamTests {
  static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Support/ExampleChild/ConsentTable.md")

  @Test func theChildsTableDocumentIsItsMachine() throws {
    let document = try TableDocument<Consent>(contentsOf: Self.table)
    #expect(document.rows.count == Consent.cells.count)
    #expect(document.problems(effectName: \.name) == [])
    // The outcome column, a child's own.
    for row in document.rows {
      guard let cell = Consent.cells.first(where: { "\($0)" == Self.cellText(row) }) else {
        Issue.record("\(row) is no cell")
        continue
      }
      var (state, action) = Consent.example(of: cell)
      let outcome = Consent.step(&state, action).outcome
      #expect(row.cells["outcome"] == outcome.map { "\($0)" } ?? "—", "\(row)")
    }
  }

  /// A row broken on purpose is found.
  @Test func aWrongRowIsFound() throws {
    let text = try String(contentsOf: Self.table, encoding: .utf8)
      .replacingOccurrences(
        of: "| agreed | continueTapped | always | sending | send |",
        with: "| agreed | continueTapped | always | sending | none |")
    let problems = try TableDocument<Consent>(text: text).problems(effectName: \.name)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("effects are send, not none") == true)
  }

  @Test func everyCellsExampleFallsInItsCell() {
    for cell in Consent.cells {
      let (state, action) = Consent.example(of: cell)
      #expect(Consent.cell(applying: action, to: state) == cell)
    }
    for cell in Onboarding.cells {
      let (state, action) = Onboarding.example(of: cell)
      #expect(Onboarding.cell(applying: action, to: state) == cell)
    }
    for cell in LoginMachine.cells {
      let (state, action) = LoginMachine.example(of: cell)
      #expect(LoginMachine.cell(applying: action, to: state) == cell, "\(cell)")
    }
  }

  @Test func theParentForwardsOnlyWhileItHoldsTheChild() {
    var parent = Onboarding.State()
    #expect(Onboarding.reduce(into: &parent, .consent(.agreeToggled)) == [])
    #expect(parent == Onboarding.State(), "ignored outside the phase, like a late answer")
    #expect(Onboarding.reduce(into: &parent, .begin) == [.consent(.expire(after: .seconds(60)))])
    _ = Onboarding.reduce(into: &parent, .consent(.agreeToggled))
    #expect(
      Onboarding.reduce(into: &parent, .consent(.continueTapped)) == [.consent(.send(attempt: 1))])
    #expect(parent.phase == .consenting(Consent.State(phase: .sending, attempt: 1)))
    // A stale answer changes nothing; the current one ends the child with its outcome.
    _ = Onboarding.reduce(into: &parent, .consent(.sendAnswer(attempt: 0, accepted: true)))
    #expect(Onboarding.phase(of: parent) == .consenting)
    _ = Onboarding.reduce(into: &parent, .consent(.sendAnswer(attempt: 1, accepted: true)))
    #expect(parent.phase == .done)
    // Back from a check in flight cancels it and returns the parent to where it began.
    var other = Onboarding.State()
    for action: Onboarding.Action in [.begin, .consent(.agreeToggled), .consent(.continueTapped)] {
      _ = Onboarding.reduce(into: &other, action)
    }
    #expect(
      Onboarding.reduce(into: &other, .consent(.backTapped)) == [.consent(.cancelSend(attempt: 1))])
    #expect(other.phase == .start)
  }

  @Test func theChildsControlsAreItsScreensVocabulary() {
    #expect(Consent.buttons.map(\.name) == ["agree", "continue", "back"])
    #expect(Consent.buttons.first { $0.name == "continue" }?.action == .continueTapped)
    // The login machine lists its own controls, then the code step's.
    #expect(
      LoginMachine.buttons.map(\.name) == [
        "toggle-password", "submit", "cancel", "logout", "reset", "device-login", "verify",
        "resend", "back",
      ])
    #expect(LoginMachine.fields.map(\.name) == ["email", "password", "code"])
    let code = LoginMachine.fields[2]
    #expect(code.text(in: LoginState()) == "", "no code step shown: empty")
    #expect(code.changed(to: "12") == .secondFactor(.codeChanged("12")))
    #expect(LoginMachine.password.isSecret && !LoginMachine.email.isSecret)
    var state = LoginState()
    state.email = "a@b.co"
    #expect(LoginMachine.email.text(in: state) == "a@b.co")
    #expect(LoginMachine.password.changed(to: "x") == .passwordChanged("x"))
  }

  private static func cellText(_ row: TableDocument<Consent>.Row) -> String {
    "\(row.cells["phase"] ?? "") + \(row.cells["action"] ?? "") (\(row.cells["when"] ?? ""))"
  }
}
