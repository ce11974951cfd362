import LoginCommandLine
import LoginFlow
import LoginRuntime
import LoginSimulation

/// A machine's state diagram, derived by running it: phases are the states, and every cell
/// of the transition table that changes something is an edge labelled with its action,
/// condition and effects.
///
/// Nothing here lists edges by hand. For each cell of ``TableMachine/cells`` the machine's
/// own example of the cell (``TableMachine/example(of:)``) is reduced, and what changed gives
/// the edge; so a new phase or action changes the diagram by itself. A phase that holds a
/// child machine is drawn as a composite state holding the child's own diagram
/// (``children``). The login machine's diagram adds the store's own timed edge (its timeout,
/// from a real store on a virtual clock whose server never answers).
package struct StateDiagram: Sendable {
  /// One edge: a cell and what the machine did with it.
  package struct Edge: Hashable, Sendable {
    var from: String
    var to: String
    /// `submitTapped [form valid] / authenticate`, or the timeout's `after 30s`.
    var label: String
  }

  /// The machine's name, as DOT names the graph.
  package var name: String
  /// The phases, in order; the first is where the machine starts.
  package var phases: [String]
  /// The edges, in the order of the cells, then the timed ones.
  package var edges: [Edge]
  /// The cells that change nothing and emit nothing, by phase, as their labels: drawn as a
  /// note, not edges.
  package var ignored: [String: [String]]
  /// The diagrams of the child machines, by the phase that holds each.
  package var children: [String: StateDiagram] = [:]

  /// Derives the diagram of `machine` by reducing its example of every cell; `effectName`
  /// names an effect on an edge.
  package static func derive<Machine: TableMachine>(
    _ machine: Machine.Type, effectName: (Machine.Effect) -> String,
    children: [Machine.PhaseKind: StateDiagram] = [:]
  ) -> StateDiagram {
    var edges: [Edge] = []
    var ignored: [String: [String]] = [:]
    for cell in Machine.cells {
      var (state, action) = Machine.example(of: cell)
      let before = state
      let effects = Machine.reduce(into: &state, action)
      var label = cell.action.rawValue
      if "\(cell.condition)" != "always" { label += " [\(cell.condition)]" }
      guard state != before || !effects.isEmpty else {
        ignored[identifier(cell.phase), default: []].append(label)
        continue
      }
      if !effects.isEmpty { label += " / " + effects.map(effectName).joined(separator: ", ") }
      edges.append(
        Edge(
          from: identifier(cell.phase), to: identifier(Machine.phase(of: state)), label: label))
    }
    return StateDiagram(
      name: Machine.name, phases: Machine.PhaseKind.allCases.map(identifier), edges: edges,
      ignored: ignored,
      children: Dictionary(uniqueKeysWithValues: children.map { (identifier($0.key), $0.value) }))
  }

  /// A phase's name as both diagram languages take it for a state: its name with each `-`
  /// dropped and the next letter capitalized (`second-factor` is `secondFactor`).
  static func identifier<Phase: RawRepresentable<String>>(_ phase: Phase) -> String {
    let words = phase.rawValue.split(separator: "-")
    return (words.first.map(String.init) ?? "")
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The login machine's diagram, with the store's timeout `timeout` as a timed edge.
  package static func derive(timeout: Duration = LoginStore.defaultTimeout) async -> StateDiagram {
    let codeStep = derive(SecondFactorMachine.self, effectName: \.kind.name)
    var diagram = derive(LoginMachine.self, effectName: \.name, children: [.secondFactor: codeStep])
    if let edge = await timeoutEdge(timeout: timeout) { diagram.edges.append(edge) }
    return diagram
  }

  /// The edge the store's own timer makes: a request the server never answers, the clock
  /// advanced by the timeout.
  private static func timeoutEdge(timeout: Duration) async -> Edge? {
    let log = Locked<[StoreEvent]>([])
    let form = LoginState(
      email: DemoAuthService.email, password: DemoAuthService.password, phase: .editing)
    let system = ScriptedSystem { service, clock in
      LoginStore(
        initialState: form, service: service, clock: clock, timeout: timeout,
        onEvent: { event in log.withLock { $0.append(event) } })
    }
    await system.store.send(.submitTapped)
    await system.clock.waitUntilIdle()
    _ = system.service.respond(.success, after: .seconds(1_000_000_000))
    await system.clock.advance(by: timeout)
    await system.shutDown()
    let events = log.withLock { $0 }
    guard
      let timedOut = events.firstIndex(where: {
        if case .effectTimedOut = $0.kind { return true }
        return false
      }), timedOut + 1 < events.count, case .transition(let transition) = events[timedOut + 1].kind
    else { return nil }
    return Edge(
      from: identifier(transition.from), to: identifier(transition.to),
      label: "after \(DurationLiteral.format(timeout)), timed out")
  }

  // MARK: Output

  /// The diagram in Mermaid's `stateDiagram-v2` syntax, which GitHub renders.
  package var mermaid: String {
    (["stateDiagram-v2"] + mermaidBody(indent: "  ")).joined(separator: "\n")
  }

  /// The lines inside a Mermaid state diagram (or a composite state), indented by `indent`.
  private func mermaidBody(indent: String) -> [String] {
    var lines: [String] = []
    if let first = phases.first { lines.append("\(indent)[*] --> \(first)") }
    for edge in edges {
      lines.append("\(indent)\(edge.from) --> \(edge.to): \(edge.label)")
    }
    for phase in phases {
      if let child = children[phase] {
        lines.append("\(indent)state \(phase) {")
        lines += child.mermaidBody(indent: indent + "  ")
        lines.append("\(indent)}")
      }
      guard let cells = ignored[phase], !cells.isEmpty else { continue }
      lines.append("\(indent)note right of \(phase)")
      lines.append("\(indent)  ignored: " + cells.joined(separator: ", "))
      lines.append("\(indent)end note")
    }
    return lines
  }

  /// The diagram in Graphviz's DOT syntax.
  package var dot: String {
    (["digraph \(Self.dotName(name)) {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
      + dotBody(prefix: "", indent: "  ") + ["}"]).joined(separator: "\n")
  }

  /// The statements of the graph (or of a child's cluster), its node names prefixed.
  private func dotBody(prefix: String, indent: String) -> [String] {
    var lines: [String] = []
    if let first = phases.first {
      lines += [
        "\(indent)\(prefix)start [shape=point];", "\(indent)\(prefix)start -> \(prefix)\(first);",
      ]
    }
    for edge in edges {
      let style = edge.label.hasPrefix("after ") ? ", style=dashed" : ""
      lines.append(
        "\(indent)\(prefix)\(edge.from) -> \(prefix)\(edge.to) "
          + "[label=\"\(Self.dotEscaped(edge.label))\"\(style)];")
    }
    for phase in phases {
      if let child = children[phase] {
        lines.append("\(indent)subgraph cluster_\(prefix)\(phase) {")
        lines.append("\(indent)  label=\"\(phase)\";")
        lines += child.dotBody(prefix: "\(prefix)\(phase)_", indent: indent + "  ")
        lines.append("\(indent)}")
      }
      guard let cells = ignored[phase], !cells.isEmpty else { continue }
      lines.append(
        "\(indent)\(prefix)\(phase)_ignored [shape=note, label=\"ignored in \(phase): "
          + "\(Self.dotEscaped(cells.joined(separator: ", ")))\"];")
      lines.append(
        "\(indent)\(prefix)\(phase)_ignored -> \(prefix)\(phase) [style=dotted, arrowhead=none];")
    }
    return lines
  }

  /// The graph's name: `LoginFlow` for the login machine, else the machine's name.
  private static func dotName(_ name: String) -> String {
    name == LoginMachine.name ? "LoginFlow" : name.filter { $0.isLetter || $0.isNumber }
  }

  private static func dotEscaped(_ label: String) -> String {
    label.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
  }
}
