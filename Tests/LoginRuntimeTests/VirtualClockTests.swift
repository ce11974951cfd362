import LoginTestSupport
import Testing

@testable import LoginRuntime

@Suite("VirtualClock", .hangGuard)
struct VirtualClockTests {
  @Test func startsAtZeroAndMovesOnlyWhenAdvanced() async {
    let clock = VirtualClock()
    #expect(clock.now == .zero)
    await clock.advance(by: .milliseconds(250))
    #expect(clock.now.offset == .milliseconds(250))
    await clock.advance(to: .zero)
    #expect(clock.now.offset == .milliseconds(250), "time never moves backwards")
    await clock.advance(to: VirtualClock.Instant(offset: .seconds(2)))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func aTimerStartsNoTaskUntilItsDeadlineAndNoneWhenWithdrawn() async {
    let clock = VirtualClock()
    let fired = Recorder<String>()
    let withdrawn = clock.startTimer(after: .seconds(1)) { fired.append("withdrawn") }
    _ = clock.startTimer(after: .seconds(2)) {
      fired.append("kept@\(clock.now)")
      try? await clock.sleep(for: .seconds(1))
      fired.append("kept done@\(clock.now)")
    }
    #expect(clock.trackedTaskCount == 0, "a pending timer costs no task")
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(1)))
    withdrawn.cancel()
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(2)))
    await clock.advance(to: VirtualClock.Instant(offset: .seconds(2)))
    // The advance returned once the fired work was at rest: it runs as a tracked task.
    #expect(fired.all == ["kept@2s"])
    #expect(clock.trackedTaskCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(fired.all == ["kept@2s", "kept done@3s"])
    #expect(clock.trackedTaskCount == 0)
  }

  @Test func resumesSleepersInDeadlineOrder() async {
    let clock = VirtualClock()
    let woken = Recorder<String>()
    for (label, seconds) in [("c", 3), ("a", 1), ("b", 2)] {
      clock.spawn {
        try? await clock.sleep(for: .seconds(seconds))
        woken.append("\(label)@\(clock.now)")
      }
    }
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 3)
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(5))
    #expect(woken.all == ["a@1s", "b@2s", "c@3s"])
    #expect(clock.now.offset == .seconds(5))
    #expect(clock.sleeperCount == 0)
  }

  @Test(arguments: [["first", "second"], ["second", "first"]])
  func breaksTiesInTheOrderSleepersStarted(order: [String]) async {
    let clock = VirtualClock()
    let woken = Recorder<String>()
    for label in order {
      clock.spawn {
        try? await clock.sleep(for: .seconds(1))
        woken.append(label)
      }
      await clock.waitUntilIdle()  // this one sleeps before the next starts
    }
    await clock.advance(by: .seconds(1))
    #expect(woken.all == order)
  }

  @Test func resumesOneSleeperAtATimeAndWaitsForItsWork() async {
    let clock = VirtualClock()
    let hops = Hops()
    let log = Recorder<String>()
    clock.spawn {
      try? await clock.sleep(for: .seconds(1))
      for _ in 0..<100 { await hops.hop() }
      log.append("first done after \(await hops.count) hops")
    }
    await clock.waitUntilIdle()  // the first sleeps first, so it wins the tie
    clock.spawn {
      try? await clock.sleep(for: .seconds(1))
      log.append("second saw \(await hops.count) hops")
    }
    await clock.advance(by: .seconds(1))
    #expect(log.all == ["first done after 100 hops", "second saw 100 hops"])
  }

  @Test func wakesSleepersRegisteredDuringAnAdvance() async {
    let clock = VirtualClock()
    let log = Recorder<String>()
    clock.spawn {
      try? await clock.sleep(for: .seconds(1))
      log.append("tick \(clock.now)")
      try? await clock.sleep(for: .seconds(1))
      log.append("tock \(clock.now)")
      try? await clock.sleep(for: .seconds(5))
      log.append("too late \(clock.now)")
    }
    await clock.advance(by: .seconds(3))
    #expect(log.all == ["tick 1s", "tock 2s"])
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(7)))
    #expect(await clock.advanceToNextDeadline())
    #expect(clock.now.offset == .seconds(7))
    #expect(log.all.last == "too late 7s")
    #expect(await clock.advanceToNextDeadline() == false)
  }

  @Test func cancellingASleeperThrowsAndRemovesIt() async {
    let clock = VirtualClock()
    let outcome = Recorder<String>()
    let task = clock.spawn {
      do {
        try await clock.sleep(for: .seconds(10))
        outcome.append("woke")
      } catch is CancellationError {
        outcome.append("cancelled at \(clock.now)")
      } catch {
        outcome.append("other error")
      }
    }
    await clock.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    task.cancel()
    await task.value
    #expect(outcome.all == ["cancelled at 0s"])
    #expect(clock.sleeperCount == 0)
    #expect(clock.nextDeadline == nil)
    await clock.advance(by: .seconds(20))
    #expect(outcome.all == ["cancelled at 0s"])
  }

  @Test func aSleepStartedAfterCancellationThrowsAtOnce() async {
    let clock = VirtualClock()
    let outcome = Recorder<Bool>()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await clock.sleep(for: .seconds(1))
        outcome.append(false)
      } catch {
        outcome.append(error is CancellationError)
      }
    }
    await task.value
    #expect(outcome.all == [true])
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineNotInTheFutureReturnsAtOnce() async throws {
    let clock = VirtualClock(now: VirtualClock.Instant(offset: .seconds(5)))
    try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(5)))
    try await clock.sleep(until: .zero)
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func instantArithmetic() {
    let instant = VirtualClock.Instant(offset: .seconds(1))
    #expect(instant.advanced(by: .milliseconds(500)).offset == .milliseconds(1500))
    #expect(instant.duration(to: .zero) == .seconds(-1))
    #expect(VirtualClock.Instant.zero < instant)
    #expect("\(instant.advanced(by: .milliseconds(500)))" == "1.5s")
    #expect(VirtualClock().minimumResolution == .nanoseconds(1))
  }
}

@Suite("VirtualClock limits")
struct VirtualClockLimitTests {
  @Test("time saturates at the limit instead of trapping")
  func saturates() async {
    let clock = VirtualClock()
    let huge = Duration.seconds(999_999_999_999_999_999)
    for _ in 0..<200 { await clock.advance(by: huge) }
    #expect(clock.now.offset == VirtualClock.Instant.limit)
    #expect(clock.now.advanced(by: huge) == clock.now)
    #expect(
      VirtualClock.Instant.zero.advanced(by: .zero - huge - huge).offset >= .zero
        - VirtualClock.Instant.limit)
    #expect("\(clock.now)".isEmpty == false)
  }
}

@Suite("Duration trace text")
struct DurationTraceTextTests {
  static let twiceInt64Max = Duration.seconds(Int64.max) + .seconds(Int64.max)
  static let cases: [(Duration, String)] = [
    (.zero, "0s"),
    (.milliseconds(1500), "1.5s"),
    (.milliseconds(250), "0.25s"),
    (.seconds(30), "30s"),
    (.nanoseconds(1), "0.000000001s"),
    (Duration(secondsComponent: 0, attosecondsComponent: 1), "0.000000000000000001s"),
    (.milliseconds(-2500), "-2.5s"),
    (.nanoseconds(-1), "-0.000000001s"),
    (.seconds(Int64.max), "9223372036854775807s"),
    (twiceInt64Max, "18446744073709551614s"),
    (.zero - twiceInt64Max, "-18446744073709551614s"),
  ]

  @Test("prints every duration exactly")
  func exact() {
    for (duration, text) in Self.cases {
      #expect(duration.traceText == text)
    }
  }
}
