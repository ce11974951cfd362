import Foundation
import LoginCommandLine
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginReplay
@testable import LoginRuntime
@testable import LoginSimulation

/// What a long or hostile session may not accumulate: cancelled requests, queued answers.
@Suite struct ResourceBoundTests {
  /// A request in flight is one task: its call. Neither the store's timeout (kept by the
  /// clock until it fires) nor the wait for its answer (a timer the server keeps) has a task
  /// of its own, and a `respond` that decides it ends the wait at once.
  @Test func aRequestInFlightIsOneTaskAndARespondEndsItsWait() async {
    let clock = VirtualClock()
    let service = ScriptedAuthService(clock: clock)
    let store = LoginStore(service: service, clock: clock)
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    await store.send(.submitTapped)
    await clock.waitUntilIdle()
    #expect(clock.trackedTaskCount == 1)
    #expect(
      service.respond(.failure(.serverError), after: .zero) == .decided(number: 1, due: .zero))
    await clock.waitUntilIdle()
    #expect(await store.state.error == .serverError)
    #expect(clock.now == .zero, "the decision ended the wait at once")
    #expect(clock.trackedTaskCount == 0)
    await store.close()
    service.shutDown()
  }

  /// A cancelled request is answered anyway, at its time, like a server that already got it:
  /// the store drops each late answer. At most ``ScriptedServer/maximumAbandonedRequests``
  /// wait so; the server answers one more at once (the cancellation's acknowledgement), so
  /// memory stays flat however many requests a session cancels.
  @Test func cancelledRequestsAnswerLateAndAtMostAThousandWait() async {
    let clock = VirtualClock()
    let service = ScriptedAuthService(clock: clock)
    let events = EventLog()
    let store = LoginStore(service: service, clock: clock, onEvent: { events.append($0) })
    await store.send(.emailChanged(DemoAuthService.email))
    await store.send(.passwordChanged(DemoAuthService.password))
    let cycles = ScriptedServer.maximumAbandonedRequests + 200
    for _ in 0..<cycles {
      await store.send(.submitTapped)
      await clock.waitUntilIdle()
      await store.send(.cancelTapped)
      await clock.waitUntilIdle()
    }
    #expect(service.requestsInFlight.isEmpty)
    #expect(service.lateAnswerCount == ScriptedServer.maximumAbandonedRequests)
    #expect(clock.trackedTaskCount == ScriptedServer.maximumAbandonedRequests)
    #expect(events.dropped.isEmpty)
    await clock.advance(by: DemoAuthService.delay)
    let dropped = events.dropped
    #expect(dropped.count == ScriptedServer.maximumAbandonedRequests)
    #expect(
      dropped.first
        == .responseDropped(.authenticate(1), outcome: .success, duration: DemoAuthService.delay))
    #expect(events.droppedAttempts == Array(1...ScriptedServer.maximumAbandonedRequests))
    #expect(clock.trackedTaskCount == 0)
    #expect(await store.runningAttempts.isEmpty)
    await store.close()
    service.shutDown()
  }

  @Test func theRespondQueueIsBounded() async throws {
    let limit = ScriptedServer.maximumQueuedResponses
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

  @Test func aFullOutputDeviceIsAnErrorNotSuccess() async throws {
    try await onItsOwnThread {
      let result = try ReplayBinary.run(
        [Self.examplePath("demo.login")], standardOutputPath: "/dev/full")
      #expect(result.status == ExitCode.outputFailed.rawValue)
      let lines = result.standardError.split(separator: "\n")
      #expect(lines == ["error: cannot write to standard output: No space left on device"])
    }
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
      guard case .responseDropped(let id, _, _) = kind else { return nil }
      return id.number
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
