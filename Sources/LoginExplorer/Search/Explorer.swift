import Dispatch
import Foundation
import LoginFlow
import LoginRuntime

/// Breadth-first exploration of every reachable state of the running login system.
///
/// A state is an ``ExploredSystem``, a value: the explorer copies the system it reached to
/// try each event from it, so each transition costs one step of the real store's core and the
/// scripted server, never a replay of its path. A visited set over ``SystemKey`` expands each
/// distinct state once, and breadth-first order makes the first violation found one of the
/// shortest. Every state is checked after the step that reached it, and once more with the
/// clock run on (invariants 7, 8 and 10).
///
/// Each level is expanded by ``jobs`` workers at once, each over its share of the frontier;
/// what they found is then taken in frontier order, event by event, so the result — the
/// counts, the chosen counterexample — is the same for every number of jobs.
package struct Explorer: Sendable {
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
    /// Whether the search was stopped before its end (``Explorer/shouldStop``).
    package var stopped = false
    /// The invariants checked, in their order.
    package var invariants: [Invariant] = []
  }

  /// Where the search is, for a progress line.
  package struct Progress: Sendable {
    package var depth: Int
    package var states: Int
    package var transitions: Int
    package var frontier: Int
  }

  /// The machine explored.
  package var machine: Machine = .correct
  /// The invariants checked; a violation of any other is not looked for.
  package var invariants = Set(Invariant.allCases)
  /// The store's request timeout, `T`.
  package var timeout: Duration = Explorer.defaultTimeout
  /// When the server's answers fall due, relative to `T`.
  package var timings: [Fate.Timing] = Fate.Timing.wide
  /// The longest path explored.
  package var maximumDepth = Explorer.defaultDepth
  /// How many workers expand each level.
  package var jobs = Explorer.defaultJobs
  /// Asked between states: `true` stops the search with what it found so far.
  package var shouldStop: @Sendable () -> Bool = { false }

  /// The default timeout `T`: four seconds, so that `T/4` is one second and the code step's
  /// countdown, which moves a second at a time, falls on the same grid as the answers and
  /// timeouts. With the store's own 30 s, the countdown's seconds fall between the grid's
  /// points and every deadline set after them lands off the grid too, so the space grows far
  /// past what a minute searches (`--timeout 30s` explores it, to a depth).
  package static let defaultTimeout = Duration.seconds(4)

  /// The default depth: deeper than the longest shortest path to any state of the default
  /// alphabet, so the whole space is covered; the report says whether it was.
  package static let defaultDepth = 40

  /// One worker per processor.
  package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  package init() {}

  /// A state of the search: the system reached, and its place in the tree of paths.
  private struct Node: Sendable {
    var system: ExploredSystem
    var index: Int
  }

  /// What one event from a frontier state gave.
  private struct Child: Sendable {
    var system: ExploredSystem
    var event: ExplorerEvent
    var key: SystemKey
    var violation: Violation?
  }

  /// Explores; `progress` is told each level as it starts.
  package func run(progress: (Progress) -> Void = { _ in }) -> Report {
    var report = Report(
      states: 1, transitions: 0, depth: 0, frontierEmpty: false, counterexample: nil,
      invariants: Invariant.allCases.filter(invariants.contains))
    let root = ExploredSystem(machine: machine, timeout: timeout)
    var visited: Set<SystemKey> = [SystemKey.of(root)]
    // The tree of paths: each state's parent and the event that reached it.
    var parents: [Int] = [-1]
    var arrivals: [ExplorerEvent?] = [nil]
    func path(to index: Int) -> [ExplorerEvent] {
      var events: [ExplorerEvent] = []
      var at = index
      while at > 0, let event = arrivals[at] {
        events.append(event)
        at = parents[at]
      }
      return events.reversed()
    }
    if let (violation, waits) = InvariantChecker.checkFuture(of: root, checking: invariants) {
      report.counterexample = Counterexample(
        path: waits, violation: violation, failingStep: waits.count)
      return report
    }
    var frontier = [Node(system: root, index: 0)]
    while !frontier.isEmpty, report.depth < maximumDepth {
      var next: [Node] = []
      // A level is taken a slice at a time, in order: the children of one slice are all that
      // is held besides the frontier, and a stop request is seen within one slice's time.
      for start in stride(from: 0, to: frontier.count, by: Self.sliceSize) {
        progress(
          Progress(
            depth: report.depth, states: report.states, transitions: report.transitions,
            frontier: frontier.count - start + next.count))
        if shouldStop() {
          report.stopped = true
          return report
        }
        let slice = frontier[start..<min(start + Self.sliceSize, frontier.count)]
        let expanded = expand(slice)
        // Which children are new, in frontier order; then their futures, by the workers;
        // then the first violation in that same order, a step's or a new state's future.
        var isNew: [[Bool]] = []
        var fresh: [ExploredSystem] = []
        for children in expanded {
          isNew.append(
            children.map { child in
              guard child.violation == nil, visited.insert(child.key).inserted else {
                return false
              }
              fresh.append(child.system)
              return true
            })
        }
        var futures = checkFutures(fresh).makeIterator()
        for (item, (children, new)) in zip(slice, zip(expanded, isNew)) {
          for (child, isNew) in zip(children, new) {
            report.transitions += 1
            if let violation = child.violation {
              report.depth += 1
              let reached = path(to: item.index) + [child.event]
              report.counterexample = Counterexample(
                path: reached, violation: violation, failingStep: reached.count)
              return report
            }
            guard isNew else { continue }
            report.states += 1
            parents.append(item.index)
            arrivals.append(child.event)
            let index = parents.count - 1
            if let (violation, waits) = futures.next() ?? nil {
              report.depth += 1
              let reached = path(to: index)
              report.counterexample = Counterexample(
                path: reached + waits, violation: violation,
                failingStep: reached.count + waits.count)
              return report
            }
            next.append(Node(system: child.system, index: index))
          }
        }
      }
      report.depth += 1
      frontier = next
    }
    report.frontierEmpty = frontier.isEmpty
    return report
  }

  /// How many frontier states are expanded together: enough to keep every worker busy,
  /// few enough that their children fit in memory many times over.
  static let sliceSize = 2_048

  /// The children of every node of `frontier`, in order, expanded by ``jobs`` workers.
  private func expand(_ frontier: ArraySlice<Node>) -> [[Child]] {
    let machine = machine
    let timings = timings
    let invariants = invariants
    return inParallel(frontier.count) { range in
      var checker = InvariantChecker(machine: machine)
      return range.map { index in
        let system = frontier[frontier.startIndex + index].system
        return Self.events(after: system, timings: timings).map { event in
          var child = system
          let step = child.perform(event)
          let violation = checker.check(step, of: child).first { invariants.contains($0.invariant) }
          return Child(
            system: child, event: event, key: SystemKey.of(child), violation: violation)
        }
      }
    }
  }

  /// The future checks of `systems`, in order, by ``jobs`` workers.
  private func checkFutures(
    _ systems: [ExploredSystem]
  ) -> [(violation: Violation, waits: [ExplorerEvent])?] {
    let invariants = invariants
    return inParallel(systems.count) { range in
      range.map { InvariantChecker.checkFuture(of: systems[$0], checking: invariants) }
    }
  }

  /// `work` over `count` items split into ``jobs`` contiguous ranges run at once; the
  /// results in item order.
  private func inParallel<Result: Sendable>(
    _ count: Int, _ work: @Sendable (Range<Int>) -> [Result]
  ) -> [Result] {
    let parts = max(1, min(jobs, count))
    guard parts > 1 else { return work(0..<count) }
    let results = Locked([[Result]](repeating: [], count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let range = (count * part / parts)..<(count * (part + 1) / parts)
      let done = work(range)
      results.withLock { $0[part] = done }
    }
    return results.withLock { $0.flatMap { $0 } }
  }

  /// The events to try from `system`: every user event, with `submit` split into its fates
  /// when it starts a request (the device step's Cancel in place of the form while it shows;
  /// `advance` split into the fates of the poll it starts when the poll is due) (a relaunch whose
  /// session read comes late only while a session is kept, and that read only while it is to come);
  /// `advance` when something is due, and `advanceFailingSave` too when what is due is a login;
  /// `expireSession` while a session is kept unexpired; none of these three while a late session
  /// read is still to come (it comes first).
  ///
  /// Closing is bounded: `close` is tried only while something is due (a request, its
  /// timeout, a late answer), since closing a store with no work left ends nothing and only
  /// freezes the screen as it is; and once the store is closed only `advance` is tried,
  /// since a closed store ignores every action (a `relaunch` closes the store itself, so
  /// relaunching a closed one is left out too).
  static func events(after system: ExploredSystem, timings: [Fate.Timing]) -> [ExplorerEvent] {
    let next = system.world.nextDeadline
    let somethingIsDue = next != nil
    guard !system.isClosed else { return somethingIsDue ? [.advance] : [] }
    // The screen that shows: the login form, or the code step or the device step in its
    // place.
    let offered: [ExplorerEvent]
    switch system.state.phase {
    case .idle, .editing, .submitting, .succeeded, .failed: offered = ExplorerEvent.userEvents
    case .secondFactor:
      offered = ExplorerEvent.userEvents.filter { !$0.isOnTheLoginForm } + ExplorerEvent.codeEvents
    case .device:
      offered =
        ExplorerEvent.userEvents.filter { !$0.isOnTheLoginForm } + ExplorerEvent.deviceEvents
    }
    var events = offered.flatMap { event -> [ExplorerEvent] in
      if event == .close, !somethingIsDue { return [] }
      // A late read matters only when there is something to read, and arrives only once.
      if event == .relaunchRestoringLater, system.keptSession == nil { return [] }
      if event == .restoreSession, !system.restorePending { return [] }
      guard let fates = fates(of: event, after: system, timings: timings) else { return [event] }
      return fates.map(event.with)
    }
    // A late session read still comes before anything on the clock: a keychain is slower
    // than a keystroke, never than a network round trip or a timeout.
    guard !system.restorePending else { return events }
    if pollIsDue(in: system, at: next) {
      events += Fate.pollFates.map(ExplorerEvent.advancePolling)
    } else if somethingIsDue {
      events.append(.advance)
    }
    if loginIsDue(in: system, at: next) { events.append(.advanceFailingSave) }
    if system.keptSession.map({ !Specification.hasExpired($0, at: system.world.wallNow) }) ?? false
    {
      events.append(.expireSession)
    }
    return events
  }

  /// The fates to split `event` into, when it starts a request from `system`; `nil` when it
  /// starts none (or is not an event that can).
  private static func fates(
    of event: ExplorerEvent, after system: ExploredSystem, timings: [Fate.Timing]
  ) -> [Fate]? {
    let fates: [Fate]
    switch event {
    case .submit:
      // A request sent while a late read is to come races that read, not other requests:
      // the standard times tell its answer and its timeout apart.
      let raced = system.restorePending ? Fate.Timing.standard : timings
      fates = Fate.all(timings: raced, timeout: system.timeout)
    case .setCode(.complete, _), .verify:
      fates = Fate.codeRequest(resend: false, timings: Fate.Timing.standard)
    case .resend: fates = Fate.codeRequest(resend: true, timings: Fate.Timing.standard)
    case .deviceLogin: fates = Fate.authorization(timings: Fate.Timing.standard)
    case .setEmail, .setPassword, .togglePassword, .cancel, .logout, .reset, .close, .relaunch,
      .relaunchRestoringLater, .restoreSession, .advance, .advanceFailingSave, .expireSession,
      .setCode, .back, .advancePolling, .wait:
      return nil
    }
    return system.wouldStartRequest(event) ? fates : nil
  }

  /// Whether the next deadline, `next`, is the device step's poll time, which starts a poll
  /// whose fate ``ExplorerEvent/advancePolling(_:)`` chooses.
  private static func pollIsDue(in system: ExploredSystem, at next: Duration?) -> Bool {
    guard let next else { return false }
    return system.world.timers.contains {
      $0.deadline == next && $0.owner == .store(.delivery(.devicePoll))
    }
  }

  /// Whether the next deadline, `next`, delivers a login: the request in flight answers
  /// success then, before its timeout.
  private static func loginIsDue(in system: ExploredSystem, at next: Duration?) -> Bool {
    guard let next, let attempt = system.world.core.attemptInFlight,
      let request = system.requests[attempt], let fate = request.fate,
      fate.outcome == .success, fate.timing.isBeforeTimeout
    else { return false }
    return request.start + fate.delay(timeout: system.timeout) == next
  }
}
