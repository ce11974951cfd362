import LoginCommandLine
import LoginFlow
import LoginReplay
@_spi(Locking) import LoginRuntime

/// The machine's state diagram, derived by running it: phases are the states, and every cell
/// of the transition table that changes something is an edge labelled with its action,
/// condition and effects; the store's timeout is a timed edge.
///
/// Nothing here lists edges by hand. For each ``TransitionCell`` a state in the cell's phase
/// that meets its condition is built, a real ``LoginStore`` over it applies the action, and
/// the store's transition event gives the edge. The timeout edge comes from a real store on
/// a virtual clock whose server never answers. A new phase or action therefore changes the
/// diagram by itself.
package struct StateDiagram: Sendable {
  /// One edge: a cell and what the store did with it.
  package struct Edge: Hashable, Sendable {
    var from: LoginPhase.Kind
    var to: LoginPhase.Kind
    /// `submitTapped [form valid] / authenticate`, or the timeout's `after 30s`.
    var label: String
  }

  /// The edges, in the order of the cells, then the timeout.
  package var edges: [Edge]
  /// The cells that change nothing and emit nothing, by phase: drawn as a note, not edges.
  package var ignored: [LoginPhase.Kind: [TransitionCell]]

  /// Derives the diagram of LoginFlow's machine with the store's timeout `timeout`.
  package static func derive(timeout: Duration = LoginStore.defaultTimeout) async -> StateDiagram {
    var edges: [Edge] = []
    var ignored: [LoginPhase.Kind: [TransitionCell]] = [:]
    for cell in TransitionCell.all {
      let (state, action) = example(of: cell)
      let log = Locked<[StoreEvent]>([])
      let clock = VirtualClock()
      let service = ScriptedAuthService(clock: clock)
      let store = LoginStore(
        initialState: state, service: service, clock: clock, timeout: timeout,
        onEvent: { event in log.withLock { $0.append(event) } })
      await store.send(action)
      await store.close()
      service.shutDown()
      await clock.waitUntilIdle()
      let transition = log.withLock { events in
        events.lazy.compactMap { event -> StoreTransition? in
          guard case .transition(let transition) = event.kind else { return nil }
          return transition
        }.first
      }
      guard let transition else { continue }
      guard transition.changedState || !transition.effects.isEmpty else {
        ignored[cell.phase, default: []].append(cell)
        continue
      }
      var label = "\(cell.action)"
      if cell.condition != .always { label += " [\(cell.condition)]" }
      if !transition.effects.isEmpty {
        label += " / " + transition.effects.map(\.name).joined(separator: ", ")
      }
      edges.append(Edge(from: transition.from, to: transition.to, label: label))
    }
    if let timeoutEdge = await timeoutEdge(timeout: timeout) { edges.append(timeoutEdge) }
    return StateDiagram(edges: edges, ignored: ignored)
  }

  /// The edge the store's own timer makes: a request the server never answers, the clock
  /// advanced by the timeout.
  private static func timeoutEdge(timeout: Duration) async -> Edge? {
    let log = Locked<[StoreEvent]>([])
    let clock = VirtualClock()
    let service = ScriptedAuthService(clock: clock)
    let form = LoginState(
      email: DemoAuthService.email, password: DemoAuthService.password, phase: .editing)
    let store = LoginStore(
      initialState: form, service: service, clock: clock, timeout: timeout,
      onEvent: { event in log.withLock { $0.append(event) } })
    service.reportLateAnswers(to: store)
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    _ = service.respond(.success, after: DurationLiteral.maximum)
    await clock.advance(by: timeout)
    await store.close()
    service.shutDown()
    await clock.waitUntilIdle()
    let events = log.withLock { $0 }
    guard
      let timedOut = events.firstIndex(where: {
        if case .effectTimedOut = $0.kind { return true }
        return false
      }), timedOut + 1 < events.count, case .transition(let transition) = events[timedOut + 1].kind
    else { return nil }
    return Edge(
      from: transition.from, to: transition.to,
      label: "after \(DurationLiteral.format(timeout)), timed out")
  }

  /// A state in the cell's phase that meets its condition, and an action in the cell.
  static func example(of cell: TransitionCell) -> (LoginState, LoginAction) {
    let attempt = 1
    var state = LoginState(
      email: DemoAuthService.email, password: DemoAuthService.password, attempt: attempt)
    switch cell.phase {
    case .idle: state.phase = .idle
    case .editing: state.phase = .editing
    case .submitting: state.phase = .submitting
    case .succeeded:
      state.phase = .succeeded(AuthSession(token: DemoAuthService.token))
      state.password = ""
    case .failed: state.phase = .failed(.serverError)
    }
    let long = { (length: Int) in String(repeating: "a", count: length + 1) }
    let action: LoginAction
    switch cell.action {
    case .emailChanged:
      action = .emailChanged(
        cell.condition == .overLimit ? long(LoginState.maximumEmailLength) : "ada@example.com")
    case .passwordChanged:
      action = .passwordChanged(
        cell.condition == .overLimit ? long(LoginState.maximumPasswordLength) : "secret")
    case .passwordVisibilityToggled: action = .passwordVisibilityToggled
    case .submitTapped:
      if cell.condition == .formInvalid { state.email = "" }
      action = .submitTapped
    case .cancelTapped: action = .cancelTapped
    case .logoutTapped: action = .logoutTapped
    case .reset: action = .reset
    case .storeClosed: action = .storeClosed
    case .sessionSaveFailed: action = .sessionSaveFailed
    case .sessionRestored:
      // Restored a second after it was saved, with a day of life left, or at its expiry.
      let now = Timestamp(secondsSinceEpoch: 1)
      let life: Duration = cell.condition == .expired ? .zero : .seconds(86_400)
      action = .sessionRestored(
        StoredSession(token: DemoAuthService.token, expiresAt: now.advanced(by: life)), now: now)
    case .authResponse:
      let answered: Int
      let result: Result<AuthSession, AuthError>
      switch cell.condition {
      case .currentAttempt(.none):
        (answered, result) = (attempt, .success(AuthSession(token: DemoAuthService.token)))
      case .currentAttempt(.some(let error)):
        (answered, result) = (attempt, .failure(error))
      case .staleAttempt, .anyAttempt, .always, .withinLimit, .overLimit, .formValid,
        .formInvalid, .unexpired, .expired:
        (answered, result) = (attempt + 1, .success(AuthSession(token: DemoAuthService.token)))
      }
      action = .authResponse(attempt: answered, result)
    }
    return (state, action)
  }

  // MARK: Output

  /// The diagram in Mermaid's `stateDiagram-v2` syntax, which GitHub renders.
  package var mermaid: String {
    var lines = ["stateDiagram-v2", "  [*] --> idle"]
    for edge in edges {
      lines.append("  \(edge.from) --> \(edge.to): \(edge.label)")
    }
    for phase in LoginPhase.Kind.allCases {
      guard let cells = ignored[phase], !cells.isEmpty else { continue }
      lines.append("  note right of \(phase)")
      lines.append("    ignored: " + Self.ignoredText(cells))
      lines.append("  end note")
    }
    return lines.joined(separator: "\n")
  }

  /// The diagram in Graphviz's DOT syntax.
  package var dot: String {
    var lines = [
      "digraph LoginFlow {", "  rankdir=LR;", "  node [shape=box, style=rounded];",
      "  start [shape=point];", "  start -> idle;",
    ]
    for edge in edges {
      let style = edge.label.hasPrefix("after ") ? ", style=dashed" : ""
      lines.append(
        "  \(edge.from) -> \(edge.to) [label=\"\(Self.dotEscaped(edge.label))\"\(style)];")
    }
    for phase in LoginPhase.Kind.allCases {
      guard let cells = ignored[phase], !cells.isEmpty else { continue }
      lines.append(
        "  \(phase)_ignored [shape=note, label=\"ignored in \(phase): "
          + "\(Self.dotEscaped(Self.ignoredText(cells)))\"];")
      lines.append("  \(phase)_ignored -> \(phase) [style=dotted, arrowhead=none];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `cancelTapped, logoutTapped, authResponse [any attempt]`.
  private static func ignoredText(_ cells: [TransitionCell]) -> String {
    cells.map { cell in
      cell.condition == .always ? "\(cell.action)" : "\(cell.action) [\(cell.condition)]"
    }.joined(separator: ", ")
  }

  private static func dotEscaped(_ label: String) -> String {
    label.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
  }
}
