import LoginFlow
import LoginRuntime

/// Breadth-first exploration of every reachable state of the running login system.
///
/// Each path runs from scratch on a fresh store (``ExploredSystem``), so what is explored is
/// the real store on the real clock, not a model of it. A visited set over ``SystemKey``
/// expands each distinct state once, and breadth-first order makes the first violation found
/// one of the shortest. Every state is checked after the step that reached it, and once more
/// with the clock run on (invariants 7, 8 and 10).
package struct Explorer {
  /// What the search found.
  package struct Report: Sendable {
    /// Distinct states reached (after the abstraction), the initial one included.
    package var states: Int
    /// Events tried from those states.
    package var transitions: Int
    /// The deepest level expanded.
    package var depth: Int
    /// Whether every reachable state was expanded: the search ended for lack of new states,
    /// not at the depth limit.
    package var frontierEmpty: Bool
    /// The first violation, with its shortest path; `nil` when every invariant held.
    package var counterexample: Counterexample?
  }

  /// The machine explored.
  package var machine: Machine = .correct
  /// The store's request timeout, `T`; answers fall due at `T/2`, `T` and `3T/2`.
  package var timeout: Duration = LoginStore.defaultTimeout
  /// The longest path explored.
  package var maximumDepth = Explorer.defaultDepth

  /// The default depth: deeper than the longest shortest path to any state of the default
  /// alphabet (20 events, so the frontier empties at depth 21), so the whole space is
  /// covered; the report says whether it was.
  package static let defaultDepth = 24

  package init() {}

  /// Explores; `progress` is told each level's depth and frontier size as it starts.
  package func run(progress: (Int, Int) -> Void = { _, _ in }) async -> Report {
    let checker = InvariantChecker(machine: machine)
    var report = Report(
      states: 1, transitions: 0, depth: 0, frontierEmpty: false, counterexample: nil)
    let rootKey = await ExploredSystem.run([], machine: machine, timeout: timeout) { root, _ in
      SystemKey.of(root, state: await root.store.state)
    }
    var visited: Set<SystemKey> = [rootKey]
    var frontier: [[ExplorerEvent]] = [[]]
    if let (violation, waits) = await InvariantChecker.checkFuture(
      of: [], machine: machine, timeout: timeout)
    {
      report.counterexample = Counterexample(
        path: waits, violation: violation, failingStep: waits.count)
      return report
    }
    while !frontier.isEmpty, report.depth < maximumDepth {
      progress(report.depth, frontier.count)
      var next: [[ExplorerEvent]] = []
      for path in frontier {
        for event in await events(after: path) {
          report.transitions += 1
          let childPath = path + [event]
          let outcome = await ExploredSystem.run(
            childPath, machine: machine, timeout: timeout
          ) { system, steps -> (Violation?, SystemKey?) in
            guard let step = steps.last else { return (nil, nil) }
            if let violation = await checker.check(step, of: system).first {
              return (violation, nil)
            }
            return (nil, SystemKey.of(system, state: step.after))
          }
          if let violation = outcome.0 {
            report.depth += 1
            report.counterexample = Counterexample(
              path: childPath, violation: violation, failingStep: childPath.count)
            return report
          }
          guard let key = outcome.1, visited.insert(key).inserted else { continue }
          report.states += 1
          if let (violation, waits) = await InvariantChecker.checkFuture(
            of: childPath, machine: machine, timeout: timeout)
          {
            report.depth += 1
            report.counterexample = Counterexample(
              path: childPath + waits, violation: violation,
              failingStep: childPath.count + waits.count)
            return report
          }
          next.append(childPath)
        }
      }
      report.depth += 1
      frontier = next
    }
    report.frontierEmpty = frontier.isEmpty
    return report
  }

  /// The events to try after `path`: every user event, with `submit` split into its fates
  /// when it starts a request; `advance` when something is due, and `advanceFailingSave`
  /// too when what is due is a login; `expireSession` while a session is kept unexpired.
  ///
  /// Closing is bounded: `close` is tried only while something is due (a request, its
  /// timeout, a late answer), since closing a store with no work left ends nothing and only
  /// freezes the screen as it is; and once the store is closed only `advance` is tried,
  /// since a closed store ignores every action (a `relaunch` closes the store itself, so
  /// relaunching a closed one is left out too).
  private func events(after path: [ExplorerEvent]) async -> [ExplorerEvent] {
    let (somethingIsDue, isClosed, loginIsDue, sessionCanExpire, submitStarts) =
      await ExploredSystem.run(path, machine: machine, timeout: timeout) { system, _ in
        let next = system.clock.nextDeadline
        guard !system.isClosed else { return (next != nil, true, false, false, false) }
        let loginIsDue = await Self.loginIsDue(in: system, at: next)
        let sessionCanExpire =
          system.keptSession.map { !$0.isExpired(at: system.wallClock.now()) } ?? false
        // Probing changes the run, so it comes last.
        let submitStarts = await system.perform(.submit(nil)).startedRequest
        return (next != nil, false, loginIsDue, sessionCanExpire, submitStarts)
      }
    guard !isClosed else { return somethingIsDue ? [.advance] : [] }
    var events = ExplorerEvent.userEvents.flatMap { event -> [ExplorerEvent] in
      if event == .close, !somethingIsDue { return [] }
      guard case .submit = event, submitStarts else { return [event] }
      return Fate.all.map(ExplorerEvent.submit)
    }
    if somethingIsDue { events.append(.advance) }
    if loginIsDue { events.append(.advanceFailingSave) }
    if sessionCanExpire { events.append(.expireSession) }
    return events
  }

  /// Whether the next deadline, `next`, delivers a login: the request in flight answers
  /// success then, before its timeout.
  private static func loginIsDue(
    in system: ExploredSystem, at next: VirtualClock.Instant?
  ) async -> Bool {
    guard let next, let attempt = await system.store.attemptInFlight,
      let request = system.requests[attempt], let fate = request.fate,
      fate.outcome == .success, fate.timing == .early
    else { return false }
    return request.start.advanced(by: fate.delay(timeout: system.timeout)) == next
  }
}
