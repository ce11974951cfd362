import Foundation
import LoginCommandLine
import LoginFlow
import Testing

@testable import LoginReplay
@_spi(Locking) @testable import LoginRuntime

/// What a long or hostile session may not accumulate: cancelled requests, queued answers.
@Suite struct ResourceBoundTests {
  /// A request in flight is one task: its call. Neither the store's timeout (kept by the
  /// clock until it fires) nor the wait for a `respond` (a sleep the `respond` ends) has a
  /// task of its own.
  @Test func aRequestInFlightIsOneTaskAndARespondEndsItsWait() async {
    let clock = VirtualClock()
    let service = ScriptedAuthService(clock: clock)
    let store = LoginStore(service: service, clock: clock)
    service.reportLateAnswers(to: store)
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    #expect(clock.trackedTaskCount == 1)
    #expect(service.respond(.failure(.serverError), after: .zero) == .decided)
    await clock.waitUntilIdle()
    #expect(await store.state.error == .serverError)
    #expect(clock.now == .zero, "the decision ended the wait at once")
    #expect(clock.trackedTaskCount == 0)
    await store.close()
    service.shutDown()
  }

  /// A virtual-clock runner has a thread of its own (its ``ThreadExecutor``); the runner lets
  /// go of it when it goes, run or not, so a process that replays many sessions one after
  /// another keeps one thread waiting for the next (see ``ExecutorThreads``), not one per
  /// session.
  @Test(.timeLimit(.minutes(1)))
  func aRunnersThreadEndsWithTheRunner() async throws {
    let file = try TemporaryFile("set email demo@example.com\nsubmit\nsettle\n")
    defer { file.remove() }
    var runner: SessionRunner? = try SessionRunner(
      options: ReplayOptions(input: .file(file.path)), output: CapturedOutput())
    let executor = try #require(runner?.executor)
    #expect(!executor.isShutDown)
    let commands = try SessionCommandSequence(path: file.path).map { try $0.get() }
    let status = await runner?.drive { _, runner in
      for command in commands { await runner.run(command) }
      return await runner.finish()
    }
    #expect(status == .success)
    #expect(!executor.isShutDown, "a finished runner can still be read")
    runner = nil
    #expect(executor.isShutDown)
    await executor.finished()
  }

  /// A runner dropped without running (`login-replay` does so for a session with errors)
  /// takes its store, clock, server and thread with it: nothing holds them in a cycle.
  @Test(.timeLimit(.minutes(1)))
  func aRunnerDroppedWithoutRunningLeavesNothingBehind() async throws {
    weak var executor: ThreadExecutor?
    do {
      let dropped = try Self.executorOfADroppedRunner()
      await dropped.finished()
      executor = dropped
    }
    #expect(executor == nil)
  }

  /// The executor of a runner made and dropped at once.
  private static func executorOfADroppedRunner() throws -> ThreadExecutor {
    let runner = try SessionRunner(
      options: ReplayOptions(input: .standardInput), output: CapturedOutput())
    return try #require(runner.executor)
  }

  /// A cancelled request ends its task at once; what the server would have answered is kept
  /// as a record and still reported at its time.
  @Test func cancelledRequestsReleaseTheirTasksAndStillReportTheirLateAnswers() async {
    let clock = VirtualClock()
    let service = ScriptedAuthService(clock: clock)
    let events = EventLog()
    let store = LoginStore(service: service, clock: clock, onEvent: { events.append($0) })
    service.reportLateAnswers(to: store)
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    let cycles = 1_000
    for _ in 0..<cycles {
      await store.send(.submitTapped)
      await clock.waitUntilIdle()
      await store.send(.cancelTapped)
      await clock.waitUntilIdle()
      // Before the fix every cancelled call kept running until its answer time.
      #expect(await store.runningAttempts.isEmpty)
    }
    #expect(service.pendingRequestCount == 0)
    #expect(events.dropped.isEmpty)
    await clock.advance(by: DemoAuthService.delay)
    let dropped = events.dropped
    #expect(dropped.count == cycles)
    #expect(
      dropped.first
        == .responseDropped(
          attempt: 1, outcome: .success, duration: DemoAuthService.delay))
    #expect(events.droppedAttempts == Array(1...cycles))
    await store.close()
    service.shutDown()
  }

  @Test func theRespondQueueIsBounded() async throws {
    let limit = ScriptedAuthService.maximumQueuedResponses
    let session =
      String(repeating: "respond server-error\n", count: limit + 2)
      + "set email demo@example.com\nset password Password123!\nsubmit\nsettle\n"
      + "expect error \"Something went wrong. Please try again.\"\n"
    let result = try await Replay.session(session)
    #expect(result.status == .usageOrInputError)
    #expect(
      result.standardError.contains(
        "FILE:\(limit + 1):1: error: too many queued responses; expected at most \(limit) "
          + "'respond' lines waiting for requests"))
    #expect(result.standardError.contains("FILE:\(limit + 2):1: error: too many queued"))
    #expect(!result.standardError.contains("FILE:\(limit):1:"))
    #expect(result.standardOutput.contains("1 passed, 0 failed, 2 bad lines skipped"))
  }

  @Test func aFullOutputDeviceIsAnErrorNotSuccess() throws {
    let result = try ReplayBinary.run(
      [Self.examplePath("demo.login")], standardOutputPath: "/dev/full")
    #expect(result.status == ExitCode.outputFailed.rawValue)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines == ["error: cannot write to standard output: No space left on device"])
  }

  static func examplePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/Examples/\(name)").path
  }
}

/// The store's events, collected from its `onEvent` hook.
final class EventLog: Sendable {
  private let events = Locked<[StoreEvent]>([])

  func append(_ event: StoreEvent) { events.withLock { $0.append(event) } }

  /// The dropped-answer events, in order.
  var dropped: [StoreEvent.Kind] {
    events.withLock { events in
      events.map(\.kind).filter { kind in
        guard case .responseDropped = kind else { return false }
        return true
      }
    }
  }

  /// The attempts of the dropped answers, in order.
  var droppedAttempts: [Int] {
    dropped.compactMap { kind in
      guard case .responseDropped(let attempt, _, _) = kind else { return nil }
      return attempt
    }
  }
}

/// Every line of the text output fits the screen's width, headers included.
@Suite struct OutputWidthTests {
  @Test func snapshotHeadersFitTheNarrowestScreen() async throws {
    let width = ReplayOptions.widthRange.lowerBound
    let filler = String(repeating: "# filler\n", count: 123_455)
    let session = "wait 999999.999999999s\n" + filler + "snapshot\n"
    let result = try await Replay.session(session, ["--width", "\(width)"])
    #expect(result.status == .success)
    #expect(result.standardOutput.hasPrefix("--- line 123457 at\n999999.999999999s: idle ---\n"))
    for line in result.standardOutput.split(separator: "\n") where !line.hasPrefix("0 actions") {
      #expect(line.count <= width, "\(line)")
    }
  }

  @Test func aShortHeaderStaysOnOneLine() {
    #expect(
      ReplayFormatter.wrapped("--- line 3 at 1s: idle ---", width: 28)
        == "--- line 3 at 1s: idle ---")
    #expect(ReplayFormatter.wrapped("a bb ccc", width: 4) == "a bb\nccc")
  }
}
