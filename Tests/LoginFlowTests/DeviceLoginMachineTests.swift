import LoginFlow
import Testing

/// The device step alone: polling at the interval, `slow_down`, every end, the countdown,
/// the bounds on what a server sets, and no secret in any description.
@Suite struct DeviceLoginMachineTests {
  typealias Machine = DeviceLoginMachine

  static let authorization = DeviceAuthorization(
    deviceCode: "dc-SECRET-1234", userCode: "WDJB-MJHT",
    verificationURI: "https://example.com/device", expiresIn: .seconds(900))

  /// Starts the step, then sends `actions`, returning the state and every step's effects.
  static func run(_ actions: [DeviceLoginAction]) -> (DeviceLoginState, [[DeviceLoginEffect]]) {
    var (state, first) = Machine.start(authorization, after: 1)
    var effects = [first]
    for action in actions { effects.append(Machine.step(&state, action).effects) }
    return (state, effects)
  }

  @Test func theFirstPollComesOneIntervalAfterTheCodes() {
    let (state, effects) = Self.run([])
    #expect(state.step == .waiting)
    #expect(state.interval == .seconds(5))
    #expect(effects[0].first == .schedulePoll(after: .seconds(5)))
    #expect(effects[0].contains(.scheduleCountdown(.countdownTicked, after: .seconds(1))))
  }

  @Test func twoSlowDownsInARowPutPollsFiveTenThenFifteenSecondsApart() {
    let (state, effects) = Self.run([
      .pollDue, .pollAnswer(request: 2, .slowDown), .pollDue, .pollAnswer(request: 3, .slowDown),
      .pollDue, .pollAnswer(request: 4, .pending),
    ])
    let delays = effects.flatMap { $0 }.compactMap { effect -> Duration? in
      guard case .schedulePoll(let delay) = effect else { return nil }
      return delay
    }
    #expect(delays == [.seconds(5), .seconds(10), .seconds(15), .seconds(15)])
    #expect(effects[1] == [.poll(request: 2, deviceCode: "dc-SECRET-1234")])
    #expect(state.interval == .seconds(15))
  }

  @Test func aPollFallsDueOnlyWithNoPollInFlight() {
    let (state, effects) = Self.run([.pollDue, .pollDue])
    #expect(effects[2] == [])
    #expect(state.request == 2)
  }

  @Test func cancelWithAPollInFlightStopsEverythingAndALateAnswerChangesNothing() {
    var (state, _) = Machine.start(Self.authorization, after: 1)
    _ = Machine.step(&state, .pollDue)
    let cancel = Machine.step(&state, .cancelTapped)
    #expect(cancel.outcome == .cancelled)
    #expect(cancel.effects == [.cancelPoll(request: 2), .cancelScheduledPoll, .cancelCountdown])
    let late = Machine.step(&state, .pollAnswer(request: 2, .approved(AuthSession(token: "t"))))
    #expect(late == ChildStep())
  }

  @Test(arguments: [
    (
      DeviceLoginAction.Poll.approved(AuthSession(token: "tok")),
      Machine.Outcome.signedIn(
        AuthSession(token: "tok"))
    ),
    (.denied, .failed(.denied)), (.expired, .failed(.expired)),
    (.failed(.invalidCredentials), .failed(.failed(.invalidCredentials))),
    (.failed(.accountLocked), .failed(.failed(.accountLocked))),
  ])
  func anAnswerThatEndsTheStepSchedulesNothingMore(
    _ poll: DeviceLoginAction.Poll, _ outcome: Machine.Outcome
  ) {
    var (state, _) = Machine.start(Self.authorization, after: 1)
    _ = Machine.step(&state, .pollDue)
    let step = Machine.step(&state, .pollAnswer(request: 2, poll))
    #expect(step.outcome == outcome)
    #expect(step.effects == [.cancelCountdown])
  }

  @Test func aFailedPollIsANoticeAndPollingGoesOn() {
    var (state, _) = Machine.start(Self.authorization, after: 1)
    _ = Machine.step(&state, .pollDue)
    let network = Machine.step(&state, .pollAnswer(request: 2, .failed(.networkUnavailable)))
    #expect(network.effects == [.schedulePoll(after: .seconds(5))])
    #expect(state.notice == .networkUnavailable)
    _ = Machine.step(&state, .pollDue)
    let timeout = Machine.step(&state, .pollAnswer(request: 3, .failed(.timedOut)))
    #expect(timeout.effects == [.schedulePoll(after: .seconds(10))], "a timeout doubles it")
    _ = Machine.step(&state, .pollDue)
    let limited = Machine.step(
      &state, .pollAnswer(request: 4, .failed(.rateLimited(retryAfter: .seconds(42)))))
    #expect(limited.effects == [.schedulePoll(after: .seconds(42))])
    #expect(state.interval == .seconds(10), "a rate limit waits once, the interval stays")
    _ = Machine.step(&state, .pollDue)
    _ = Machine.step(&state, .pollAnswer(request: 5, .pending))
    #expect(state.notice == nil)
  }

  @Test func theCountdownEndsInTheExpiryWhichCancelsThePollInFlight() {
    let short = DeviceAuthorization(
      deviceCode: "d", userCode: "U", verificationURI: "https://e.com", expiresIn: .seconds(3))
    var (state, effects) = Machine.start(short, after: 1)
    var arrivals: [DeviceLoginAction] = []
    while case .scheduleCountdown(let action, _)? = effects.last {
      arrivals.append(action)
      effects = Machine.step(&state, action).effects
      if action == .codesExpired { break }
    }
    #expect(arrivals == [.countdownTicked, .countdownTicked, .codesExpired])
    var polling = Machine.start(short, after: 1).state
    _ = Machine.step(&polling, .pollDue)
    let expiry = Machine.step(&polling, .codesExpired)
    #expect(expiry.outcome == .failed(.expired))
    #expect(expiry.effects == [.cancelPoll(request: 2), .cancelScheduledPoll])
  }

  @Test func whatAServerSetsIsBounded() {
    let zero = DeviceAuthorization(
      deviceCode: "d", userCode: "U", verificationURI: "https://e.com", expiresIn: .seconds(-5),
      interval: .zero)
    #expect(zero.interval == .seconds(1), "a zero interval cannot make a tool poll in a loop")
    #expect(zero.expiresIn == .zero)
    let huge = DeviceAuthorization(
      deviceCode: "d", userCode: "U", verificationURI: "https://e.com",
      expiresIn: .seconds(1 << 40), interval: .seconds(1 << 40))
    #expect(huge.expiresIn == .seconds(86_400))
    #expect(huge.interval == .seconds(86_400))
    var state = DeviceLoginState(authorization: huge, request: 1)
    state.step = .polling
    _ = Machine.step(&state, .pollAnswer(request: 1, .slowDown))
    #expect(state.interval == .seconds(86_400), "slow_down never passes the cap")
  }

  @Test func noDescriptionShowsTheDeviceCodeOrTheToken() {
    var (state, effects) = Self.run([.pollDue])
    let answer = DeviceLoginAction.pollAnswer(request: 2, .approved(AuthSession(token: "TOK-9")))
    _ = Machine.step(&state, answer)
    var texts = [
      "\(state)", String(reflecting: state), "\(Self.authorization)", "\(answer)",
      String(reflecting: answer),
    ]
    texts += effects.flatMap { $0 }.flatMap { ["\($0)", String(reflecting: $0)] }
    var dumped = ""
    dump(state, to: &dumped)
    dump(effects, to: &dumped)
    dump(answer, to: &dumped)
    texts.append(dumped)
    for text in texts {
      #expect(!text.contains("dc-SECRET-1234"), "\(text)")
      #expect(!text.contains("TOK-9"), "\(text)")
    }
    #expect("\(state)".contains("WDJB-MJHT"), "the user code is shown on purpose")
  }
}

/// Every path of the device step up to a depth, checked against what RFC 8628 asks, with the
/// oracle kept along the path from the actions and effects alone (never the machine's own
/// interval or predicates).
@Suite struct DeviceLoginWalkTests {
  typealias Machine = DeviceLoginMachine

  /// What the oracle knows on a path.
  struct Path: Hashable {
    var state: DeviceLoginState
    var pollInFlight: Int?
    var slowDowns = 0
  }

  @Test func everyPathPollsNoSoonerThanTheIntervalAndNeverAfterTheEnd() {
    let start = Machine.start(Machine.exampleAuthorization, after: 1)
    let first = Machine.exampleAuthorization.interval
    var frontier = [Path(state: start.state)]
    var seen = Set(frontier)
    var cells: Set<TableCell<Machine>> = []
    var problems: [String] = []
    for _ in 0..<8 {
      var next: [Path] = []
      for path in frontier {
        for action in Machine.alphabet(in: path.state) {
          cells.insert(Machine.cell(applying: action, to: path.state))
          var reached = path
          let step = Machine.step(&reached.state, action)
          if case .pollAnswer(let request, let poll) = action, request == path.pollInFlight {
            reached.pollInFlight = nil
            if poll == .slowDown { reached.slowDowns += 1 }
          }
          for effect in step.effects {
            switch effect {
            case .poll(let request, _):
              if action != .pollDue { problems.append("\(action): a poll not due") }
              if path.pollInFlight != nil { problems.append("\(action): a second poll") }
              reached.pollInFlight = request
            case .cancelPoll(let request):
              if request == reached.pollInFlight { reached.pollInFlight = nil }
            case .schedulePoll(let delay):
              let least = first + .seconds(5 * reached.slowDowns)
              if delay < least { problems.append("\(action): poll after \(delay) < \(least)") }
              if step.outcome != nil { problems.append("\(action): a poll after the end") }
            case .cancelScheduledPoll, .scheduleCountdown, .cancelCountdown: break
            }
          }
          if step.outcome != nil {
            if reached.pollInFlight != nil { problems.append("\(action): ends with a poll out") }
            continue  // the step is over: its parent drops it
          }
          if seen.insert(reached).inserted { next.append(reached) }
        }
      }
      frontier = next
    }
    #expect(problems == [])
    #expect(cells == Set(Machine.cells), "missing: \(Set(Machine.cells).subtracting(cells))")
  }
}
