import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginExplorer

/// The explorer's tools pick a child machine up from its definition: the diagram draws it
/// as a composite state of the phase that holds it, and the walk explores it from its own
/// alphabet. ``Consent`` and ``Onboarding`` are the tests' own child and parent.
@Suite struct ChildMachineToolsTests {
  @Test func theDiagramDrawsTheChildInsideThePhaseThatHoldsIt() {
    let child = StateDiagram.derive(Consent.self, effectName: \.name)
    let parent = StateDiagram.derive(
      Onboarding.self, effectName: { _ in "consent" }, children: [.consenting: child])
    let lines = parent.mermaid.split(separator: "\n").map(String.init)
    #expect(lines.first == "stateDiagram-v2")
    #expect(lines.contains("  start --> consenting: begin / consent"))
    #expect(lines.contains("  state consenting {"))
    #expect(lines.contains("    [*] --> reading"))
    #expect(lines.contains("    agreed --> sending: continueTapped / send"))
    #expect(lines.contains("    sending --> agreed: sendAnswer [current]"))
    #expect(parent.dot.contains("subgraph cluster_consenting {"))
    #expect(parent.dot.contains("consenting_agreed -> consenting_sending"))
    // Every cell of the child is an edge or ignored.
    let ignored = child.ignored.values.reduce(0) { $0 + $1.count }
    #expect(child.edges.count + ignored == Consent.cells.count)
  }

  @Test func theWalkExploresTheChildFromItsOwnAlphabet() {
    let walk = MachineWalk<Consent>(depth: 12)
    // Reading, agreed, expired, and sending at every attempt up to the depth.
    #expect(walk.states.contains(Consent.State(phase: .expired, attempt: 0)))
    #expect(walk.states.contains(Consent.State(phase: .sending, attempt: 1)))
    // Every cell of the child's table is reached but none is invented.
    #expect(walk.cells == Set(Consent.cells))
    #expect(walk.transitions > walk.states.count)
  }
}
