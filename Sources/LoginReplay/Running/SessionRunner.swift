import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginRuntime
import LoginSimulation

/// Runs session commands through the real ``LoginStore`` and prints what happened: the
/// engine behind `login-replay`, for any front end that has commands to run.
///
/// Where the store runs — the scripted server on a virtual clock, or an HTTP service on the
/// real clock — is the ``ReplayBackend``'s business; what the runner prints of the store's
/// events is the ``EventPrinter``'s. Every event the store reports through its `onEvent`
/// hook is printed in order after the step that caused it, and the runner keeps no history:
/// memory stays flat however many commands run.
///
/// The session is remembered in memory, or in the file of `--session-file`. The run starts
/// like an app's launch (``launch()``): a remembered session is restored. `relaunch` closes
/// the store and starts a fresh one over the same session store and clock, as when an app is
/// killed and opened again. Drive a runner from one task at a time; its functions run where
/// they are called, on the caller's actor if it has one.
///
/// ```swift
/// let runner = try SessionRunner(options: ReplayOptions(input: .standardInput), output: out)
/// for line in try SessionCommandSequence(path: path) {
///   await runner.run(line)
/// }
/// let status = await runner.finish()
/// ```
public final class SessionRunner {
  /// What the run has done so far.
  public private(set) var summary = ReplaySummary()
  /// The cells of the transition table the run has exercised so far, counted only with
  /// `--coverage` (empty otherwise).
  public var coverage: TransitionCoverage { printer.coverage }

  /// Whether the output stopped taking text: nothing more can be shown, so the caller should
  /// stop sending commands and ``finish()``.
  public var isOutputClosed: Bool { output.failure != nil }

  private let backend: ReplayBackend
  private let inbox: EventInbox
  private let printer: EventPrinter
  private let formatter: ReplayFormatter
  private let output: any ReplayOutput
  /// The line of the command running now.
  private var line = 0
  private var isLaunched = false
  private var isFinished = false
  /// Whether the session store refused what it kept at a launch: the run then exits with 2.
  private var sessionStoreRefused = false
  /// What `expect secrets-hidden` checks.
  private var secrets = SecretWatch()

  /// Sets up the store, the clock and the auth service that `options` ask for.
  ///
  /// Only the options that shape a run are used (format, trace, auth, auth format, client
  /// id, timeout, width, ascii, session file, coverage); the input is the caller's business.
  /// Nothing is read from the session file until ``launch()``.
  ///
  /// - Throws: ``ReplaySetupError`` for a width the renderer refuses or an auth endpoint the
  ///   HTTP service refuses (plain `http` to a host that is not loopback, for one).
  public convenience init(
    options: ReplayOptions, output: any ReplayOutput
  ) throws(ReplaySetupError) {
    try self.init(options: options, output: output, reducer: nil, faults: .none)
  }

  /// A runner whose simulated store starts its tasks on `taskExecutor` (see
  /// ``VirtualClock/init(now:runningTasksOn:)``): `login-replay` runs a session on one thread.
  package convenience init(
    options: ReplayOptions, output: any ReplayOutput, taskExecutor: any TaskExecutor
  ) throws(ReplaySetupError) {
    try self.init(
      options: options, output: output, reducer: nil, faults: .none, taskExecutor: taskExecutor)
  }

  /// A runner whose store runs `reducer` (`nil`: LoginFlow's own) and breaks its contract as
  /// `faults` say: the seam through which the explorer's tests replay a counterexample on the
  /// broken machine.
  package init(
    options: ReplayOptions, output: any ReplayOutput, reducer: LoginStore.Reducer?,
    faults: LoginStore.Faults, taskExecutor: (any TaskExecutor)? = nil
  ) throws(ReplaySetupError) {
    let renderOptions: TextRenderer.Options
    do {
      renderOptions =
        try options.width.map { width throws(TextRenderer.OptionsError) in
          try TextRenderer.Options(width: width, ascii: options.ascii)
        } ?? TextRenderer.Options(ascii: options.ascii)
    } catch {
      throw .renderer(error)
    }
    let inbox = EventInbox()
    let sessionStore = SimulatedSessionStore(
      options.sessionFile.map { FileSessionStore(path: $0) } ?? InMemorySessionStore())
    backend = try ReplayBackend(
      options: options, sessionStore: sessionStore, onEvent: { inbox.append($0) },
      reducer: reducer, faults: faults, taskExecutor: taskExecutor)
    self.inbox = inbox
    self.output = output
    formatter = ReplayFormatter(
      format: options.format, trace: options.trace, renderer: TextRenderer(options: renderOptions),
      realClock: backend.isReal)
    printer = EventPrinter(formatter: formatter, output: output, countsCoverage: options.coverage)
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
    await printer.follow(backend.store)
    guard let problem = await restore(), problem.isRefusal else { return nil }
    sessionStoreRefused = true
    return problem
  }

  /// Runs a line the session delivered: its command, or, for a bad line, its error (see
  /// ``reject(_:)``).
  nonisolated(nonsending) public func run(_ line: Result<LocatedCommand, SessionError>) async {
    switch line {
    case .success(let located): await run(located)
    case .failure(let error): reject(error)
    }
  }

  /// Runs one command and prints what it produced, then flushes the output.
  ///
  /// A failed expectation is reported on standard error as
  /// `FILE:LINE: expectation failed: expected X, got Y` and counted; the run goes on. A
  /// command the backend cannot run (`respond` on the real clock, a `wait` past the virtual
  /// clock's limit) is reported like a bad line (see ``reject(_:)``).
  nonisolated(nonsending) public func run(_ located: LocatedCommand) async {
    guard !isFinished, !isOutputClosed else { return }
    if !isLaunched, let refusal = await launch() {
      output.writeErrorLine("error: \(ReplayFormatter.describe(refusal))")
    }
    // Whatever happened since the last command (on the real clock).
    await printEvents()
    line = located.location.line
    switch located.command {
    case .type, .set, .clear, .backspace, .press:
      await press(located.command)
    case .close:
      await backend.close()
      await printEvents()
    case .respond(let outcome, let delay):
      await respond(outcome, after: delay, at: located.location)
    case .wait(let duration):
      await wait(duration, at: located.location)
    case .settle:
      await settle(at: located.location)
    case .expect(let expectation):
      await check(expectation, at: located.location)
    case .snapshot:
      output.writeLine(
        formatter.snapshot(of: await backend.store.state, at: backend.elapsed, line: line))
    case .relaunch(let restore):
      await relaunch(restoring: restore, at: located.location)
    case .restoreSession:
      await restore(by: .restoreSession, at: located.location)
    case .sessionStore(let mode):
      backend.sessionStore.failsSaves = mode == .failing
    }
    output.flush()
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
    if !isLaunched, let refusal = await launch() {
      output.writeErrorLine("error: \(ReplayFormatter.describe(refusal))")
    }
    await printEvents()
    isFinished = true
    await backend.shutDown()
    _ = inbox.takeAll()
    output.writeLine(formatter.summary(summary))
    output.flush()
    return exitCode
  }

  /// Ends the run without a word, as when ``launch()`` was refused and nothing may run:
  /// closes the store and stops the server.
  nonisolated(nonsending) public func abandon() async {
    guard !isFinished else { return }
    isFinished = true
    await backend.shutDown()
    _ = inbox.takeAll()
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

  // MARK: Commands

  /// Presses the keys or the button of `command`, one action at a time, each followed by
  /// the work it started coming to rest and its events printed.
  nonisolated(nonsending) private func press(_ command: SessionCommand) async {
    guard var presses = CommandPresses(command, on: await backend.store.state) else { return }
    while let action = presses.next(in: await backend.store.state) {
      await backend.store.send(action)
      await backend.letWorkRest()
      await printEvents()
    }
    if secrets.isWatching { secrets.note(await backend.store.state) }
  }

  /// Decides a request in flight, or queues the outcome for the next request.
  nonisolated(nonsending) private func respond(
    _ outcome: ScriptedOutcome, after delay: Duration, at location: SourceLocation
  ) async {
    switch await backend.respond(outcome, after: delay) {
    case .decided: await printEvents()
    case .queued: break
    case .refused(let problem): return reject(SessionError(problem, at: location))
    }
    if let object = formatter.respond(outcome, after: delay, line: location.line) {
      output.writeLine(object)
    }
  }

  nonisolated(nonsending) private func wait(_ duration: Duration, at location: SourceLocation)
    async
  {
    guard await backend.wait(duration) else {
      return reject(SessionError(.clockLimit(command: .wait), at: location))
    }
    await printEvents()
    if let object = formatter.clockStep(.wait, at: backend.elapsed, line: line) {
      output.writeLine(object)
    }
  }

  nonisolated(nonsending) private func settle(at location: SourceLocation) async {
    do throws(ReplayBackend.SettleLimit) {
      while try await backend.settleStep(inbox: inbox) { await printEvents() }
    } catch {
      await printEvents()
      return reject(SessionError(.clockLimit(command: .settle), at: location))
    }
    await printEvents()
    if let object = formatter.clockStep(.settle, at: backend.elapsed, line: line) {
      output.writeLine(object)
    }
  }

  /// Checks `expectation` against the state the store holds now.
  nonisolated(nonsending) private func check(
    _ expectation: SessionCommand.Expectation, at location: SourceLocation
  ) async {
    let state = await backend.store.state
    var observation = SessionCommand.Expectation.Observation()
    switch expectation.subject {
    case .phase, .canSubmit, .loading, .passwordVisible, .error, .emailError, .resetSuggested,
      .passwordLength, .code, .codeError, .canVerify, .canResend, .resendIn, .retryIn, .userCode,
      .pollInterval, .expiresIn:
      break
    case .effects: observation.effectKinds = printer.lastEffects
    case .requestsInFlight: observation.requestsInFlight = await backend.requestsInFlight()
    case .droppedAnswers: observation.droppedAnswers = printer.droppedAnswers
    case .storeRequests: observation.storeRequests = await backend.store.runningRequests.count
    case .storeTimers: observation.storeTimers = await backend.store.timerCount
    case .sessionRemembered:
      observation.sessionRemembered = (try? backend.sessionStore.load()) != nil
    case .secretsHidden:
      observation.secretsHidden = secrets.check(state, renderer: formatter.renderer)
    }
    let evaluation = expectation.evaluate(state: state, observation: observation)
    if evaluation.holds { summary.passed += 1 } else { summary.failed += 1 }
    if !evaluation.holds { output.writeErrorLine(formatter.failure(evaluation, at: location)) }
    if let object = formatter.expectation(expectation, evaluation, line: line) {
      output.writeLine(object)
    }
  }

  /// `relaunch`: closes the store (what it was doing is cancelled and printed), starts a
  /// fresh one over the same session store, and launches it: it restores the remembered
  /// session now, or with `restore-later` only at a `restore-session`.
  nonisolated(nonsending) private func relaunch(
    restoring restore: SessionCommand.SessionRestore, at location: SourceLocation
  ) async {
    await backend.store.close()
    await printEvents()
    await backend.relaunch()
    _ = inbox.takeAll()  // nothing the closed store does afterwards is printed
    await printer.follow(backend.store)
    if let object = formatter.relaunch(at: backend.elapsed, line: line) {
      output.writeLine(object)
    }
    switch restore {
    case .atLaunch: await self.restore(by: .relaunch, at: location)
    case .later: break
    }
  }

  /// The store reads the remembered session at the line of `command` (a `relaunch`, a
  /// `restore-session`). A refused session store is reported as an error at the line, and
  /// the run's status is then 2.
  nonisolated(nonsending) private func restore(
    by command: SessionCommand.Name, at location: SourceLocation
  ) async {
    if let problem = await restore(), problem.isRefusal {
      sessionStoreRefused = true
      let error = SessionError(.sessionStoreRefused(problem, command: command), at: location)
      output.writeErrorLine(error.description)
      if let object = formatter.rejected(error) { output.writeLine(object) }
    }
  }

  /// Lets the current store read the remembered session, prints what that did, and returns
  /// the problem with what was kept, if any. An unusable file (corrupt, truncated, unknown
  /// version) is reported as a warning on standard error; a refusal is the caller's to
  /// report.
  nonisolated(nonsending) private func restore() async -> SessionStoreError? {
    let problem = await backend.store.restoreSession()
    await backend.letWorkRest()
    await printEvents()
    if let problem, !problem.isRefusal {
      output.writeErrorLine("warning: \(ReplayFormatter.describe(problem))")
    }
    return problem
  }

  /// Prints every event the store reported since the last call, in order.
  nonisolated(nonsending) private func printEvents() async {
    let events = inbox.takeAll()
    guard !events.isEmpty else { return }
    if secrets.isWatching {
      secrets.noteToken(of: await backend.store.state)
      for event in events { secrets.look(atEvent: event.description) }
    }
    summary.actions += await printer.print(events, line: line, offset: backend.storeStartedAt)
  }
}
