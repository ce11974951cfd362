import LoginFlow
import Testing

@testable import LoginRuntime

/// The one effect runner keeps its books by id, whatever the request or the delivery: these
/// tests run it with stand-in types (a request is a string, a delivery's action a string,
/// its timer an integer), as a child machine's effects would.
@Suite struct EffectRunnerTests {
  typealias Runner = EffectRunner<String, String, Int>

  static let first = RequestID.authenticate(1)
  static let second = RequestID.authenticate(2)

  /// A request's timeout starts before its call, so that a tie goes to the timeout.
  @Test func aRequestStartsItsTimeoutThenItsCall() {
    var runner = Runner(timeout: .seconds(30))
    let commands = runner.start(Self.first, "log in", at: .seconds(1))
    #expect(
      commands.map(Self.describe) == ["timer timeout(authenticate(1)) 30s", "call authenticate(1)"])
    #expect(runner.requestsInFlight == [Self.first])
    var untimed = Runner(timeout: nil)
    #expect(
      untimed.start(Self.first, "log in", at: .zero).map(Self.describe) == ["call authenticate(1)"])
  }

  /// An answer in flight is applied once, and stops the timeout; any other return of the
  /// call is late or unknown.
  @Test func anAnswerEndsItsRequestOnce() {
    var runner = Runner(timeout: .seconds(30))
    _ = runner.start(Self.first, "log in", at: .seconds(1))
    let (end, commands) = runner.callReturned(Self.first, at: .seconds(2.5))
    #expect(end == .answer(after: .seconds(1.5)))
    #expect(commands.map(Self.describe) == ["stop timeout(authenticate(1))"])
    #expect(runner.callReturned(Self.first, at: .seconds(3)).0 == .unknown)
    #expect(runner.running.isEmpty)
  }

  /// A cancelled request ends at once; its call's late return is dropped, after which its
  /// record goes. A second cancel, or a cancel of another request, does nothing.
  @Test func aCancelledRequestsAnswerIsLate() {
    var runner = Runner(timeout: .seconds(30))
    _ = runner.start(Self.first, "log in", at: .zero)
    let (commands, ranFor) = runner.cancel(Self.first, at: .seconds(4))
    #expect(
      commands.map(Self.describe) == ["stop timeout(authenticate(1))", "cancel authenticate(1)"])
    #expect(ranFor == .seconds(4))
    #expect(runner.cancel(Self.first, at: .seconds(5)).ranFor == nil)
    #expect(runner.cancel(Self.second, at: .seconds(5)).ranFor == nil)
    #expect(runner.requestsInFlight.isEmpty)
    #expect(runner.running.count == 1, "kept until the call returns")
    #expect(
      runner.callReturned(Self.first, at: .seconds(9)).0 == .late(.cancelled, after: .seconds(9)))
    #expect(runner.running.isEmpty)
  }

  /// A timeout fires once, for a request in flight only.
  @Test func aTimeoutFiresOnceForARequestInFlight() {
    var runner = Runner(timeout: .seconds(30))
    _ = runner.start(Self.first, "log in", at: .zero)
    #expect(runner.timeoutFired(Self.first, at: .seconds(30)) == .seconds(30))
    #expect(runner.timeoutFired(Self.first, at: .seconds(31)) == nil)
    #expect(
      runner.callReturned(Self.first, at: .seconds(45)).0 == .late(.timedOut, after: .seconds(45)))
    #expect(runner.timeoutFired(Self.second, at: .seconds(50)) == nil)
  }

  /// A delivery fires its action once; a new one under the same timer replaces it, and a
  /// cancelled one never fires.
  @Test func deliveriesAreKeyedByTheirTimer() {
    var runner = Runner(timeout: nil)
    #expect(
      runner.deliver("expired", after: .seconds(300), under: 7).map(Self.describe) == [
        "timer delivery(7) 300s"
      ])
    #expect(
      runner.deliver("expired again", after: .seconds(60), under: 7).map(Self.describe)
        == ["stop delivery(7)", "timer delivery(7) 60s"])
    #expect(runner.deliveryFired(7) == "expired again")
    #expect(runner.deliveryFired(7) == nil, "once")
    _ = runner.deliver("cooldown over", after: .seconds(30), under: 8)
    #expect(runner.cancelDelivery(8).map(Self.describe) == ["stop delivery(8)"])
    #expect(runner.cancelDelivery(8).isEmpty)
    #expect(runner.deliveryFired(8) == nil)
  }

  /// Stopping everything cancels what is in flight (reported with how long it ran), stops
  /// every timer, and forgets the deliveries; records wait for their calls.
  @Test func stoppingEverything() {
    var runner = Runner(timeout: .seconds(30))
    _ = runner.start(Self.first, "log in", at: .zero)
    _ = runner.cancel(Self.first, at: .seconds(1))
    _ = runner.start(Self.second, "log in", at: .seconds(2))
    _ = runner.deliver("tick", after: .seconds(1), under: 1)
    let (commands, cancelled) = runner.stopAll(at: .seconds(5))
    #expect(cancelled.map(\.0) == [Self.second])
    #expect(cancelled.map(\.1) == [.seconds(3)])
    #expect(
      commands.map(Self.describe) == [
        "stop timeout(authenticate(1))", "cancel authenticate(1)", "stop timeout(authenticate(2))",
        "cancel authenticate(2)", "stop delivery(1)",
      ])
    #expect(runner.deliveries.isEmpty)
    #expect(runner.running.count == 2)
    #expect(runner.requestsInFlight.isEmpty)
  }

  private static func describe(_ command: Runner.Command) -> String {
    switch command {
    case .call(let id, _): "call \(id)"
    case .cancelCall(let id): "cancel \(id)"
    case .startTimer(let key, let delay): "timer \(describe(key)) \(delay.traceText)"
    case .cancelTimer(let key): "stop \(describe(key))"
    }
  }

  private static func describe(_ key: Runner.TimerKey) -> String {
    switch key {
    case .timeout(let id): "timeout(\(id))"
    case .delivery(let timer): "delivery(\(timer))"
    }
  }
}
