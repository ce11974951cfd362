import LoginCommandLine
import LoginFlow
import LoginHTTP
import LoginRendering
import LoginRuntime

/// Runs session commands through the real ``LoginStore`` and prints what happened: the
/// engine behind `login-replay`, for any front end that has commands to run.
///
/// With `--auth demo` (the default) the store runs on a ``VirtualClock`` with a scripted
/// service: `respond` decides the request in flight or queues an outcome, `wait` advances the
/// clock (each response and timeout falls due in time order), `settle` advances it until no
/// request is in flight, and no real time passes. With `--auth URL` the store talks to the
/// ``HTTPAuthService`` on the real clock: `wait` sleeps, `settle` waits for the answer, and
/// `respond` is rejected.
///
/// Every event the store reports through its `onEvent` hook (transitions, including the
/// responses and timeouts it feeds back, each request's start, end, cancellation or
/// timeout, and what became of the remembered session) is printed in order after the step
/// that caused it. The runner keeps no history: memory stays flat however many commands run.
///
/// The session is remembered in memory, or in the file of `--session-file`. The run starts
/// like an app's launch (``launch()``): a remembered session is restored. `relaunch` closes
/// the store and starts a fresh one over the same session store and clock, as when an app is
/// killed and opened again.
///
/// Drive a runner from one task at a time (its properties, read on every line, skip the
/// runtime's dynamic exclusivity checks: one task never overlaps its own accesses). Its
/// async methods run where they are called
/// (`nonisolated(nonsending)`): on the caller's actor, if it has one. `login-replay` calls
/// them isolated to the runner's store, on a thread of the runner's own, so that a command
/// reaches the store without a hop, and a line that needs no waiting runs without an
/// asynchronous call at all (`run(_:on:)`).
///
/// ```swift
/// let runner = try SessionRunner(options: ReplayOptions(input: .standardInput), output: out)
/// for line in try SessionCommandSequence(path: path) {
///   await runner.run(line)
/// }
/// let status = await runner.finish()
/// ```
public final class SessionRunner {
  /// The latest virtual time a session may reach: 1,000,000,000 s (about 31.7 years).
  ///
  /// A `wait` or `settle` that would move the clock past it is reported as a bad line
  /// (``SessionError/Kind/clockLimit(command:)``) and skipped, so no sum of durations can
  /// overflow the clock or its output.
  public static let virtualTimeLimit = Duration.seconds(1_000_000_000)

  /// What the run has done so far.
  @exclusivity(unchecked) public private(set) var summary = ReplaySummary()
  /// The cells of the transition table the run has exercised so far, counted only with
  /// `--coverage` (empty otherwise): every event the output reports is counted, so
  /// what is still pending when the run ends (cancelled by ``finish()``) is not.
  @exclusivity(unchecked) public private(set) var coverage = TransitionCoverage()

  /// Whether the output stopped taking text (see ``OutputFailure``): nothing more can be
  /// shown, so the caller should stop sending commands and ``finish()``.
  public var isOutputClosed: Bool { output.failure != nil }

  @exclusivity(unchecked) private var store: LoginStore
  @exclusivity(unchecked) private var timing: Timing
  /// The run's virtual clock (`nil` on the real clock): the clock of ``timing``, which every
  /// store of the run shares (a `relaunch` keeps it), read here without taking ``timing``
  /// apart, since every press asks it whether work still runs.
  private let virtualClock: VirtualClock?
  /// The thread a virtual-clock run works on (see ``drive(_:)``); `nil` on the real clock.
  /// The runner shuts it down when it goes away.
  package let executor: ThreadExecutor?
  private let inbox: EventInbox
  /// Where the session is remembered: it outlives every store of the run.
  private let sessionStore: ReplaySessionStore
  /// What a fresh store is made of, at launch and at every `relaunch`.
  private let storeRecipe: StoreRecipe
  /// When the current store was created, on the run's clock: a store's event times count
  /// from its creation, and are printed this much later.
  private var storeStartedAt: Duration = .zero
  /// Whether the first store has read the remembered session yet (see ``launch()``).
  @exclusivity(unchecked) private var isLaunched = false
  /// Whether the session store refused what it kept at a launch: the run then exits with 2.
  private var sessionStoreRefused = false
  private let formatter: ReplayFormatter
  private let output: any ReplayOutput
  @exclusivity(unchecked) private var states: AsyncStream<LoginState>.Iterator?
  @exclusivity(unchecked) private var latestState = LoginState()
  @exclusivity(unchecked) private var lastEffects: [LoginEffect.Kind] = []
  /// The events ``printEvents()`` took last, kept so that their storage is reused.
  @exclusivity(unchecked) private var takenEvents: [StoreEvent] = []
  /// How many late answers the store has dropped so far (`expect dropped-answers`).
  @exclusivity(unchecked) private var droppedAnswers = 0
  @exclusivity(unchecked) private var line = 0
  @exclusivity(unchecked) private var needsInitialState = true
  @exclusivity(unchecked) private var isFinished = false
  private let countsCoverage: Bool
  /// Whether the store counts its events instead of reporting them (see `EventCounts`): the
  /// run is on the virtual clock, prints no event and counts no coverage.
  private let countsEventsOnly: Bool

  /// Sets up the store, the clock and the auth service that `options` ask for.
  ///
  /// Only the options that shape a run are used (format, trace, auth, auth format, client
  /// id, timeout, width, ascii, session file); the input is the caller's business. Nothing is
  /// read from the session file until ``launch()``.
  ///
  /// - Throws: ``ReplaySetupError`` for a width the renderer refuses or an auth endpoint the
  ///   HTTP service refuses (plain `http` to a host that is not loopback, for one).
  public convenience init(
    options: ReplayOptions, output: any ReplayOutput
  ) throws(ReplaySetupError) {
    try self.init(options: options, output: output, reducer: nil, faults: .none)
  }

  /// A runner whose store runs `reducer` (`nil`: LoginFlow's own) and breaks its contract as `faults` say: the seam
  /// through which the explorer's tests replay a counterexample on the broken machine.
  package init(
    options: ReplayOptions, output: any ReplayOutput, reducer: LoginStore.Reducer?,
    faults: LoginStore.Faults
  ) throws(ReplaySetupError) {
    let renderOptions: TextRenderer.Options
    if let width = options.width {
      do {
        renderOptions = try TextRenderer.Options(width: width, ascii: options.ascii)
      } catch {
        throw .renderer(error)
      }
    } else {
      renderOptions = TextRenderer.Options(ascii: options.ascii)
    }
    let inbox = EventInbox()
    let sessionStore = ReplaySessionStore(options: options)
    // A run on the virtual clock that prints no event and counts no coverage only counts its
    // events: the store then builds none. (On the real clock `settle` waits for the next
    // event, so it keeps them.)
    let keepsEvents =
      options.coverage || !Self.isVirtual(options.auth)
      || ReplayFormatter.printsEvents(format: options.format, trace: options.trace)
    let onEvent: (@Sendable (StoreEvent) -> Void)? =
      keepsEvents ? { @Sendable event in inbox.append(event) } : nil
    let recipe = StoreRecipe(
      timeout: options.timeout, sessionStore: sessionStore, onEvent: onEvent,
      countsEvents: !keepsEvents, reducer: reducer, faults: faults)
    switch options.auth {
    case .demo:
      let executor = ThreadExecutor()
      self.executor = executor
      let clock = VirtualClock(executor: executor)
      let service = ScriptedAuthService(clock: clock)
      store = recipe.store(service: service, clock: clock)
      service.reportLateAnswers(to: store)
      timing = .virtual(clock, service)
      virtualClock = clock
    case .url(let endpoint):
      let wireFormat: HTTPAuthService.WireFormat
      switch options.authFormat {
      case .json: wireFormat = .json
      case .oauth2: wireFormat = .oauth2Password(clientID: options.clientID)
      }
      let service: HTTPAuthService
      do {
        // The store's timeout must decide: given the same duration, the service's own timer
        // would race it, and the trace would show "finished …: timeout" or "timed out" at
        // random. The service's timeout is set longer, so the store's fires first.
        service = try HTTPAuthService(
          .init(
            endpoint: endpoint, wireFormat: wireFormat,
            timeout: HTTPAuthService.Configuration.timeout(forStoreTimeout: options.timeout)))
      } catch {
        throw .auth(error)
      }
      executor = nil
      virtualClock = nil
      let clock = ContinuousClock()
      let start = clock.now
      store = recipe.store(service: service, clock: clock)
      timing = .real(start: start, service)
    }
    self.inbox = inbox
    self.sessionStore = sessionStore
    storeRecipe = recipe
    self.output = output
    countsCoverage = options.coverage
    countsEventsOnly = !keepsEvents
    formatter = ReplayFormatter(
      format: options.format, trace: options.trace, renderer: TextRenderer(options: renderOptions),
      realClock: timing.isReal)
    // JSON lines print the state after every action: the store's state stream yields each
    // change in order, exactly one per transition that changed the state.
    if formatter.needsStates { states = store.states(buffering: .all).makeAsyncIterator() }
  }

  /// Whether `auth` runs on the virtual clock (the scripted server) rather than the real one.
  private static func isVirtual(_ auth: AuthChoice) -> Bool {
    switch auth {
    case .demo: true
    case .url: false
    }
  }

  deinit {
    // The service holds the store that holds it, until it is shut down.
    if case .virtual(_, let service) = timing { service.shutDown() }
    executor?.shutDown()
  }

  /// Runs `body`, which drives this runner, isolated to the runner's store and, on the
  /// virtual clock, on the runner's own thread (a ``ThreadExecutor`` that the clock's tasks
  /// prefer too).
  ///
  /// A command then reaches the store without a hop (the runner's functions run where they
  /// are called), and each hand-off between the store's requests and the runner queues a job
  /// on the running thread where the shared pool would wake another thread. The runner works
  /// the same without it, with those hops and wake-ups; after a `relaunch` the next store is
  /// reached with a hop.
  package func drive<Result: Sendable>(
    _ body: @escaping @Sendable (isolated LoginStore, SessionRunner) async -> Result
  ) async -> Result {
    let store = store
    let driven = Driven(runner: self)
    return await withTaskExecutorPreference(executor) {
      await store.perform { store in await body(store, driven.runner) }
    }
  }

  /// The runner, carried into its store's isolation by ``drive(_:)``.
  ///
  /// `@unchecked Sendable` because a runner is not: it is driven by one task at a time, and
  /// ``drive(_:)`` hands it from the driving task to that same task's work on the store,
  /// which the driving task awaits. No two tasks ever use it at once.
  private struct Driven: @unchecked Sendable {
    let runner: SessionRunner
  }

  /// Starts the run as an app's launch: the store reads the remembered session and restores
  /// it if it has not expired (printed like any transition, at line 0).
  ///
  /// ``run(_:)`` launches first if this was not called; calling it again does nothing.
  ///
  /// - Returns: The session store's refusal of what it keeps (a file other users can read,
  ///   another user's, not a regular file), which the caller reports as an error before
  ///   running anything; `nil` otherwise. A corrupt, truncated or unknown-version file is no
  ///   refusal: it is reported as a warning on standard error and the run starts logged out.
  @discardableResult
  nonisolated(nonsending) public func launch() async -> SessionStoreError? {
    guard !isLaunched else { return nil }
    isLaunched = true
    let problem = await restore()
    guard let problem, problem.isRefusal else { return nil }
    sessionStoreRefused = true
    return problem
  }

  /// Runs one command and prints what it produced, then flushes the output.
  ///
  /// A failed expectation is reported on standard error as
  /// `FILE:LINE: expectation failed: expected X, got Y` and counted; the run goes on. A
  /// `respond` on the real clock is reported like a bad line (see ``reject(_:)``).
  nonisolated(nonsending) public func run(_ located: LocatedCommand) async {
    guard !isFinished, !isOutputClosed else { return }
    if !isLaunched { await launchReportingRefusal() }
    // Whatever happened since the last command (on the real clock).
    if needsInitialState || inbox.hasEvents { await printEvents() }
    line = located.location.line
    if var presses = CommandPresses(located.command, field: value(of:)) {
      while let action = presses.next(field: value(of:)) { await send(action) }
      output.flush()
      return
    }
    switch located.command {
    case .type, .set, .clear, .backspace, .togglePassword, .submit, .cancel, .logout, .reset:
      break  // pressed above
    case .close:
      await store.close()
      await virtualClock?.waitUntilIdle()
      await printEvents()
    case .respond(let outcome, let delay):
      await respond(outcome, after: delay, at: located.location)
    case .wait(let duration):
      await wait(duration, at: located.location)
    case .settle:
      await settle(at: located.location)
    case .expect(let expectation):
      await takeCounts()
      let requests = await requestsInFlight()
      withUnsafePointer(to: store.currentState) { state in
        check(
          expectation, state: state, requestsInFlight: requests, line: line,
          at: { located.location })
      }
    case .snapshot:
      let state = await store.state
      output.writeLine(formatter.snapshot(of: state, at: timing.elapsed, line: line))
    case .relaunch:
      await relaunch(at: located.location)
    case .sessionStore(let mode):
      sessionStore.failsSaves = mode == .failing
    }
    output.flush()
  }

  /// Runs `located` as ``run(_:)`` does, from the body of ``drive(_:)``, which runs
  /// isolated to `store`: a line that needs no waiting (see ``runAtOnce(_:line:at:on:)``)
  /// then runs without an asynchronous call.
  @inline(__always)
  package func run(_ located: LocatedCommand, on store: isolated LoginStore) async {
    guard runsAtOnce(located.command, on: store) else { return await run(located) }
    let outcome = runAtOnce(
      located.command, line: located.location.line, at: { located.location }, on: store)
    await complete(outcome)
  }

  /// Runs every command of `commands` in order as ``run(_:on:)`` does, stopping early if the
  /// output closes. Each command is taken out of the keeper to run, never copied, and the
  /// lines that run at once run in a loop that makes no asynchronous call; a command's
  /// location is made only for what is printed of it, or for a line that does not run at once.
  package func run(_ commands: KeptCommands, on store: isolated LoginStore) async {
    while !isOutputClosed {
      // Once the output closes, `runAtOnce` runs nothing: the outer loop stops.
      var startedWork: ImmediateRun?
      var notRun: LocatedCommand?
      while startedWork == nil, let (command, line, column) = commands.takeFirst() {
        guard runsAtOnce(command, on: store) else {
          notRun = LocatedCommand(command, at: commands.location(line: line, column: column))
          break
        }
        let outcome = runAtOnce(
          command, line: line, at: { commands.location(line: line, column: column) }, on: store)
        if case .startedWork = outcome { startedWork = outcome }
      }
      guard !isOutputClosed else { return }
      if let startedWork {
        await complete(startedWork)
      } else if let notRun {
        await run(notRun)
      } else {
        return
      }
    }
  }

  /// Finishes what ``runAtOnce(_:line:at:on:)`` left of a command.
  nonisolated(nonsending) private func complete(_ outcome: ImmediateRun) async {
    switch outcome {
    case .ran:
      break
    case .startedWork(let rest):
      await virtualClock?.waitUntilIdle()
      await printEvents()
      output.flush()
      if let rest { await run(rest) }
    }
  }

  /// ``run(_:on:)`` for a line the session delivered: its command, or, for a bad line, its
  /// error (see ``reject(_:)``).
  @inline(__always)
  package func run(
    _ line: Result<LocatedCommand, SessionError>, on store: isolated LoginStore
  ) async {
    switch line {
    case .success(let located): await run(located, on: store)
    case .failure(let error): reject(error)
    }
  }

  /// What ``runAtOnce(_:line:at:on:)`` did with a command.
  private enum ImmediateRun: Sendable {
    /// Ran it whole, printed what it did and flushed the output.
    case ran
    /// Pressed a key or button that started work on the clock: the caller lets that work
    /// come to rest, prints its events and flushes, then runs `rest`, what a `type` or
    /// `backspace` had still to press.
    indirect case startedWork(rest: LocatedCommand?)
  }

  /// Whether `command` runs at once (``runAtOnce(_:line:at:on:)``) on `store`: a press of
  /// the user's or an expectation, on the virtual clock, in a format that prints no states,
  /// on the runner's current store. Any other command runs only as ``run(_:)`` runs it.
  private func runsAtOnce(_ command: borrowing SessionCommand, on store: isolated LoginStore)
    -> Bool
  {
    // After a `relaunch` the runner's store is another one than the caller's.
    guard store === self.store, virtualClock != nil, !formatter.needsStates, isLaunched else {
      return false
    }
    // By the command's name: switching over the command itself would copy its arguments.
    switch command.name {
    case .close, .respond, .wait, .settle, .snapshot, .relaunch:
      return false
    case .type, .set, .clear, .backspace, .togglePassword, .submit, .cancel, .logout, .reset,
      .expect, .sessionStore:
      return true
    }
  }

  /// Runs a command that ``runsAtOnce(_:on:)`` without suspending, as ``run(_:)`` would:
  /// nothing in it waits. Most lines of a session are such lines, and they then cost no
  /// asynchronous call at all. The command is the runner's to keep: a typed text moves into
  /// the action it makes.
  ///
  /// A press that starts work on the clock ends it early (``ImmediateRun/startedWork(rest:)``):
  /// that work must run before anything else does.
  ///
  /// `command` is written on line `commandLine`, at the place `location` makes, only when
  /// something needs it.
  private func runAtOnce(
    _ command: consuming SessionCommand, line commandLine: Int,
    at location: () -> SourceLocation, on store: isolated LoginStore
  ) -> ImmediateRun {
    guard !isFinished, !isOutputClosed else { return .ran }
    if !countsEventsOnly, needsInitialState || inbox.hasEvents { printEventsWithoutStates() }
    line = commandLine
    if case .expect(let expectation) = command {
      if countsEventsOnly { printEvents(on: store) }
      store.withState { state in
        check(
          expectation, state: state, requestsInFlight: requestsInFlightNow(),
          line: commandLine, at: location)
      }
    } else if case .sessionStore(let mode) = command {
      sessionStore.failsSaves = mode == .failing
    } else if var presses = CommandPresses(
      consume command, field: { Self.value(of: $0, on: store) })
    {
      while let action = presses.next(field: { Self.value(of: $0, on: store) }) {
        // The store starts work on the clock only by running effects.
        guard store.send(action).isEmpty || virtualClock?.isIdle != false else {
          return .startedWork(rest: presses.rest(at: location()))
        }
        // Kept events are printed press by press, so that a long line holds one press's
        // events at a time; counts take no room, and are taken once.
        if !countsEventsOnly { printEventsWithoutStates() }
      }
      if countsEventsOnly { printEvents(on: store) }
    }
    output.flush()
    return .ran
  }

  /// Runs a line the session delivered: its command, or, for a bad line, its error (see
  /// ``reject(_:)``).
  @inline(__always)
  nonisolated(nonsending) public func run(_ line: Result<LocatedCommand, SessionError>) async {
    switch line {
    case .success(let located): await run(located)
    case .failure(let error): reject(error)
    }
  }

  /// Reports a bad line and skips it: `FILE:LINE:COLUMN: error: MESSAGE` on standard error
  /// (and an `error` object in JSON lines). The exit status will be 2.
  public func reject(_ error: SessionError) {
    guard !isFinished, !isOutputClosed else { return }
    summary.rejectedLines += 1
    output.writeErrorLine(error.description)
    if let object = formatter.rejected(error) { output.writeLine(object) }
    output.flush()
  }

  /// Ends the run: prints what is still pending, closes the store (cancelling any request
  /// in flight, without printing that), prints the summary line and returns the exit status.
  nonisolated(nonsending) public func finish() async -> ExitCode {
    guard !isFinished else { return exitCode }
    await launchReportingRefusal()
    await printEvents()
    await takeCounts()
    isFinished = true
    await closeStore()
    inbox.discardAll()
    output.writeLine(formatter.summary(summary))
    output.flush()
    return exitCode
  }

  /// Ends the run without a word, as when ``launch()`` was refused and nothing may run:
  /// closes the store and stops the server.
  nonisolated(nonsending) public func abandon() async {
    guard !isFinished else { return }
    isFinished = true
    await closeStore()
    inbox.discardAll()
  }

  /// The summary's status, unless output was lost; 2 at least when the session store was
  /// refused.
  private var exitCode: ExitCode {
    switch output.failure {
    case .none, .closedPipe:
      sessionStoreRefused ? summary.exitCode.worse(.usageOrInputError) : summary.exitCode
    case .writeFailed: .outputFailed
    }
  }

  // MARK: Launches

  /// ``launch()``, for a caller that did not: a refusal is reported on standard error.
  nonisolated(nonsending) private func launchReportingRefusal() async {
    guard !isLaunched else { return }
    if let refusal = await launch() {
      output.writeErrorLine("error: \(ReplaySessionStore.describe(refusal))")
    }
  }

  /// Lets the current store read the remembered session, prints what that did, and returns
  /// the problem with what was kept, if any. An unusable file (corrupt, truncated, unknown
  /// version) is reported as a warning on standard error; a refusal is the caller's to
  /// report.
  nonisolated(nonsending) private func restore() async -> SessionStoreError? {
    let problem = await store.restoreSession()
    if case .virtual(let clock, _) = timing { await clock.waitUntilIdle() }
    await printEvents()
    if let problem, !problem.isRefusal {
      output.writeErrorLine("warning: \(ReplaySessionStore.describe(problem))")
    }
    return problem
  }

  /// `relaunch`: closes the store (what it was doing is cancelled and printed), starts a
  /// fresh one on the same clock over the same session store, with a fresh server that takes
  /// over the queued `respond` outcomes, and launches it. A refused session store is reported
  /// as an error at the line, and the run's status is then 2.
  nonisolated(nonsending) private func relaunch(at location: SourceLocation) async {
    await store.close()
    await printEvents()
    await takeCounts()  // the closed store goes away with whatever it counts later
    switch timing {
    case .virtual(let clock, let service):
      let successor = ScriptedAuthService(clock: clock)
      service.handOverQueue(to: successor)
      service.shutDown()
      await clock.waitUntilIdle()
      inbox.discardAll()  // nothing the closed store does is printed
      storeStartedAt = timing.elapsed
      store = storeRecipe.store(service: successor, clock: clock)
      successor.reportLateAnswers(to: store)
      timing = .virtual(clock, successor)
    case .real(_, let service):
      inbox.discardAll()
      storeStartedAt = timing.elapsed
      store = storeRecipe.store(service: service, clock: ContinuousClock())
    }
    lastEffects = []
    latestState = LoginState()
    if formatter.needsStates { states = store.states(buffering: .all).makeAsyncIterator() }
    needsInitialState = true
    if let object = formatter.relaunch(at: timing.elapsed, line: line) {
      output.writeLine(object)
    }
    if let problem = await restore(), problem.isRefusal {
      sessionStoreRefused = true
      let error = SessionError(.sessionStoreRefused(problem), at: location)
      output.writeErrorLine(error.description)
      if let object = formatter.rejected(error) { output.writeLine(object) }
    }
  }

  /// Closes the store and, on the virtual clock, stops the server and lets every task end.
  nonisolated(nonsending) private func closeStore() async {
    await store.close()
    if case .virtual(let clock, let service) = timing {
      service.shutDown()
      await clock.waitUntilIdle()
    }
  }

  // MARK: Commands

  /// The field's text in the state the store published last (see
  /// ``check(_:state:requestsInFlight:at:)``).
  private func value(of field: SessionCommand.Field) -> String {
    withUnsafePointer(to: store.currentState) { Self.value(of: field, at: $0) }
  }

  /// The field's text in the state of `store`, read where it lies (``LoginStore/state``,
  /// read from another module, is copied whole).
  private static func value(of field: SessionCommand.Field, on store: isolated LoginStore)
    -> String
  {
    var text = ""
    store.withState { text = value(of: field, at: $0) }
    return text
  }

  /// The field's text in the state at `state`.
  private static func value(
    of field: SessionCommand.Field, at state: UnsafePointer<LoginState>
  ) -> String {
    switch field {
    case .email: state.pointee.email
    case .password: state.pointee.password
    }
  }

  /// Sends `action`, lets the work it started reach a resting point, and prints its events.
  nonisolated(nonsending) private func send(_ action: LoginAction) async {
    await store.send(action)
    if let clock = virtualClock, !clock.isIdle {
      // The effect tasks run until they sleep on the clock: the request has taken its
      // queued outcome before the next command can queue another.
      await clock.waitUntilIdle()
    }
    await printEvents()
  }

  /// Decides the oldest undecided request in flight, or queues the outcome for the next
  /// request. A decided request whose answer time has passed answers now: its actions are
  /// printed before the `respond` object.
  nonisolated(nonsending) private func respond(
    _ outcome: SessionCommand.Outcome, after delay: Duration, at location: SourceLocation
  ) async {
    switch timing {
    case .virtual(let clock, let service):
      switch service.respond(outcome, after: delay) {
      case .decided:
        await clock.waitUntilIdle()
        await printEvents()
      case .queued:
        break
      case .queueFull:
        reject(SessionError(.tooManyQueuedResponses, at: location))
        return
      }
      if let object = formatter.respond(outcome, after: delay, line: location.line) {
        output.writeLine(object)
      }
    case .real:
      reject(SessionError(.respondWithRealAuth, at: location))
    }
  }

  nonisolated(nonsending) private func wait(_ duration: Duration, at location: SourceLocation) async
  {
    switch timing {
    case .virtual(let clock, _):
      guard clock.now.offset + duration <= Self.virtualTimeLimit else {
        reject(SessionError(.clockLimit(command: .wait), at: location))
        return
      }
      await clock.advance(by: duration)
    case .real:
      do {
        try await Task.sleep(for: duration)
      } catch {
        // Cancelled: whoever runs the replay is stopping it. The wait ends here, and what
        // arrived until now is still printed below, with the time reached.
      }
    }
    await printEvents()
    if let object = formatter.clockStep(.wait, at: timing.elapsed, line: line) {
      output.writeLine(object)
    }
  }

  nonisolated(nonsending) private func settle(at location: SourceLocation) async {
    switch timing {
    case .virtual(let clock, _):
      while await store.attemptInFlight != nil {
        await clock.waitUntilIdle()
        if let next = clock.nextDeadline, next.offset > Self.virtualTimeLimit {
          await printEvents()
          reject(SessionError(.clockLimit(command: .settle), at: location))
          return
        }
        guard await clock.advanceToNextDeadline() else { break }
        await printEvents()
      }
    case .real:
      // The store's timeout ends every request, so this returns.
      while await store.attemptInFlight != nil {
        await inbox.waitForEvents()
        await printEvents()
      }
    }
    await printEvents()
    if let object = formatter.clockStep(.settle, at: timing.elapsed, line: line) {
      output.writeLine(object)
    }
  }

  /// How many requests the server still works on: the scripted server's own count, or for a
  /// real server the request the store waits for (a cancelled one is closed at once).
  @inline(__always)
  nonisolated(nonsending) private func requestsInFlight() async -> Int {
    switch timing {
    case .virtual: requestsInFlightNow()
    case .real: await store.attemptInFlight == nil ? 0 : 1
    }
  }

  /// ``requestsInFlight()`` on the virtual clock, where the scripted server knows at once.
  private func requestsInFlightNow() -> Int {
    guard case .virtual(_, let service) = timing else { return 0 }
    return service.pendingRequestCount
  }

  /// Checks `expectation`, written on `line` at the place `location` makes, against
  /// `state`, the state the store published last (its state: it publishes every change as it
  /// makes it), with `requestsInFlight` requests still running (asked only by
  /// `expect requests-in-flight`).
  private func check(
    _ expectation: SessionCommand.Expectation, state: UnsafePointer<LoginState>,
    requestsInFlight requests: @autoclosure () -> Int, line: Int,
    at location: () -> SourceLocation
  ) {
    let holds = expectation.holds(
      at: state, effectKinds: lastEffects, requestsInFlight: requests(),
      droppedAnswers: droppedAnswers)
    if holds { summary.passed += 1 } else { summary.failed += 1 }
    // What was expected and what was there are written out only to be printed.
    guard !holds || formatter.printsExpectations else { return }
    let evaluation = expectation.evaluate(
      state: state.pointee, effectKinds: lastEffects, requestsInFlight: requests(),
      droppedAnswers: droppedAnswers)
    if !holds { output.writeErrorLine(formatter.failure(evaluation, at: location())) }
    if let object = formatter.expectation(expectation, evaluation, line: line) {
      output.writeLine(object)
    }
  }

  // MARK: Events

  /// Prints every event the store reported since the last call, in order.
  ///
  /// Only JSON lines print states, which come from the store's stream and so need an
  /// `await`; every other format prints without one (inlined, the call costs no async frame).
  ///
  /// A run that only counts its events prints none: the counts wait in the store until a line
  /// reads them (see ``takeCounts()``), which spares the steps of `wait` and `settle` a call
  /// to the store each.
  @inline(__always)
  nonisolated(nonsending) private func printEvents() async {
    if countsEventsOnly {
      needsInitialState = false
    } else if !formatter.needsStates {
      printEventsWithoutStates()
    } else {
      await printEventsWithStates()
    }
  }

  /// Adds what the store counted since the last take to the run's summary, effects and
  /// dropped answers, in a run that only counts its events: before an expectation reads
  /// them, at the end of the run, and before a `relaunch` replaces the store. (A line that
  /// runs at once on the store takes them itself.)
  nonisolated(nonsending) private func takeCounts() async {
    guard countsEventsOnly else { return }
    add(await store.takeCounts())
  }

  /// ``printEvents()`` for a caller on the runner's store, in a format that prints no states:
  /// a run that only counts its events takes the store's counts without a hop.
  private func printEvents(on store: isolated LoginStore) {
    if countsEventsOnly {
      needsInitialState = false
      add(store.takeCounts())
    } else {
      printEventsWithoutStates()
    }
  }

  /// ``printEvents()`` for the formats that print no states, in a run that keeps its events.
  private func printEventsWithoutStates() {
    needsInitialState = false
    inbox.takeAll(into: &takenEvents)
    printTakenEvents(withStatesAfter: nil)
  }

  /// ``printEvents()`` for JSON lines: each transition that changed the state prints with
  /// the state before and after it.
  nonisolated(nonsending) private func printEventsWithStates() async {
    if needsInitialState {
      needsInitialState = false
      await takeNextState()
    }
    inbox.takeAll(into: &takenEvents)
    var nextStates: [LoginState] = []
    for event in takenEvents {
      if case .transition(let transition) = event.kind, transition.changedState,
        let state = await nextState()
      {
        nextStates.append(state)
      }
    }
    printTakenEvents(withStatesAfter: nextStates)
  }

  /// Prints the events in `takenEvents`; for JSON lines, `nextStates` are the states after
  /// the transitions among them that changed the state, in order (`nil` for other formats).
  private func printTakenEvents(withStatesAfter nextStates: [LoginState]?) {
    guard !takenEvents.isEmpty else { return }
    var nextState = nextStates?.makeIterator()
    var counts = EventCounts()
    for event in takenEvents {
      counts.count(event.kind)
      if countsCoverage { coverage.record(event.kind) }
      let time = storeStartedAt + event.time
      switch event.kind {
      case .transition(let transition):
        var states: (before: LoginState, after: LoginState)?
        if nextStates != nil {
          let before = latestState
          if transition.changedState, let state = nextState?.next() { latestState = state }
          states = (before, latestState)
        }
        let text = formatter.transition(
          transition, at: time, line: line, state: states?.after, before: states?.before)
        if let text { output.writeLine(text) }
      case .effectStarted, .effectFinished, .effectCancelled, .effectTimedOut, .responseDropped,
        .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared, .sessionDiscarded:
        if let text = formatter.lifecycle(event.kind, at: time, line: line) {
          output.writeLine(text)
        }
      }
    }
    add(counts)
  }

  /// Adds what `counts` tell to the run's summary, effects and dropped answers.
  private func add(_ counts: EventCounts) {
    summary.actions += counts.transitions
    if let effects = counts.lastEffects { lastEffects = effects }
    droppedAnswers += counts.droppedAnswers
  }

  /// The next state from the store's stream; it is already there (it was published when
  /// the transition was reported), so this does not wait.
  nonisolated(nonsending) private func takeNextState() async {
    if let state = await nextState() { latestState = state }
  }

  /// The next state from the store's stream, without taking it as the latest.
  nonisolated(nonsending) private func nextState() async -> LoginState? {
    guard var iterator = states else { return nil }
    let state = await iterator.next(isolation: #isolation)
    states = iterator
    return state
  }
}

/// Options that name a replay that cannot be set up: a screen that cannot be drawn, or an
/// auth endpoint that is refused (such as plain `http` to a host that is not loopback).
public enum ReplaySetupError: Error, Equatable, Sendable {
  /// The renderer refused the width.
  case renderer(TextRenderer.OptionsError)
  /// The HTTP auth service refused the endpoint or the timeout.
  case auth(HTTPAuthService.ConfigurationError)

  /// A sentence for `error: …` on standard error.
  public var message: String {
    switch self {
    case .renderer(let error): error.message
    case .auth(let error): error.description
    }
  }
}

extension SessionRunner {
  /// Where a replay's time comes from, and so what `wait`, `settle` and `respond` do.
  enum Timing {
    /// The virtual clock and the scripted service of the current store (`--auth demo`):
    /// deterministic, no sleeping.
    case virtual(VirtualClock, ScriptedAuthService)
    /// The real clock (`--auth URL`), started with the first store, and the HTTP service
    /// every store of the run talks to: `wait` sleeps for real.
    case real(start: ContinuousClock.Instant, HTTPAuthService)

    /// The time since the run started.
    var elapsed: Duration {
      switch self {
      case .virtual(let clock, _): clock.now.offset
      case .real(let start, _): start.duration(to: .now)
      }
    }

    /// Whether times are real (and printed to the millisecond).
    var isReal: Bool {
      switch self {
      case .virtual: false
      case .real: true
      }
    }
  }

  /// What every store of a run is made of: its options, where it reports or counts its
  /// events, and where it remembers the session. The service and the clock come with each store.
  struct StoreRecipe {
    let timeout: Duration
    let sessionStore: ReplaySessionStore
    let onEvent: (@Sendable (StoreEvent) -> Void)?
    let countsEvents: Bool
    let reducer: LoginStore.Reducer?
    let faults: LoginStore.Faults

    /// A fresh store talking to `service` on `clock`; its dates follow a virtual clock (from
    /// the Unix epoch) or the system's.
    func store(service: any AuthService, clock: some Clock<Duration>) -> LoginStore {
      LoginStore(
        service: service, clock: clock, timeout: timeout, sessionStore: sessionStore,
        onEvent: onEvent, countsEvents: countsEvents, reducer: reducer, faults: faults)
    }
  }
}
