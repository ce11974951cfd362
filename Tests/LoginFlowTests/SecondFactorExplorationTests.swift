import LoginFlow
import Testing

/// The code step explored on its own: every sequence of its actions from its first state
/// (the user's, every answer to the request in flight, a stale one, and the clock's
/// arrivals, as ``SecondFactorMachine/alphabet(in:)`` lists them), breadth first, with the
/// requests in flight tracked along the way, and the code step's invariants checked at
/// every step:
///
/// 1. at most one request of any kind in flight;
/// 2. no check is sent with an incomplete code, or after the code expired;
/// 3. no resend is sent before the cooldown is over;
/// 4. every request ends exactly once (its answer, or one cancel), and none outlives the
///    step (Back, a login, too many codes cancel what runs);
/// 5. no description of a state, action or effect shows the code or the challenge's id.
@Suite struct SecondFactorExplorationTests {
  /// A state of the walk: the step and the requests it has in flight.
  struct Node: Hashable {
    var step: SecondFactorState
    var inFlight: Set<RequestID>

    /// The node with its request numbers counted from the step's latest, which is 0: the
    /// step behaves the same whatever the numbers, so the walk is finite.
    var normalized: Node {
      let base = step.request
      var step = step
      step.request = 0
      return Node(
        step: step, inFlight: Set(inFlight.map { RequestID($0.kind, $0.number - base) }))
    }
  }

  /// The arrivals the store only delivers when they are pending: an expiry until the code
  /// has expired, a countdown arrival while the cooldown runs (a tick while more than a
  /// second shows, the end in the last one).
  static func delivered(_ action: SecondFactorAction, in step: SecondFactorState) -> Bool {
    let shown = SecondFactorState.wholeSeconds(roundingUp: step.resendIn)
    switch action {
    case .codeExpired: return !step.isExpired
    case .countdownTicked: return shown > 1
    case .resendAvailable: return step.resendIn > .zero && shown <= 1
    case .verifyAnswer(let request, _), .resendAnswer(let request, _):
      // The store applies only the answer to a request in flight; the walk sends a stale
      // one too, which the machine must ignore.
      return request <= step.request
    case .codeChanged, .verifyTapped, .resendTapped, .backTapped, .storeClosed: return true
    }
  }

  @Test func everyReachableStepKeepsTheCodeStepsInvariants() {
    let secrets = [SecondFactorMachine.exampleChallenge.id, "123456", "654321"]
    var seen: Set<Node> = []
    var frontier = [Node(step: SecondFactorMachine.initialState, inFlight: []).normalized]
    seen.insert(frontier[0])
    var transitions = 0
    var problems: [String] = []
    func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
      if !condition, problems.count < 20 { problems.append(problem()) }
    }
    while let node = frontier.popLast() {
      for action in SecondFactorMachine.alphabet(in: node.step)
      where Self.delivered(action, in: node.step) {
        transitions += 1
        var next = node.step
        let step = SecondFactorMachine.step(&next, action)
        var inFlight = node.inFlight
        let context = "\(node.step) + \(action)"
        if let answered = action.answeredRequest, inFlight.contains(answered) {
          inFlight.remove(answered)
        }
        for effect in step.effects {
          switch effect {
          case .checkCode(let request, _, let code):
            check(code.utf8.count == node.step.challenge.codeLength, "2. incomplete: \(context)")
            check(!node.step.isExpired, "2. expired: \(context)")
            inFlight.insert(RequestID(.verifyCode, request))
          case .sendCode(let request, _):
            check(node.step.resendIn <= .zero, "3. before the cooldown: \(context)")
            inFlight.insert(RequestID(.resendCode, request))
          case .cancelCheck(let request):
            check(
              inFlight.remove(RequestID(.verifyCode, request)) != nil,
              "4. a cancel for no check in flight: \(context)")
          case .cancelSend(let request):
            check(
              inFlight.remove(RequestID(.resendCode, request)) != nil,
              "4. a cancel for no resend in flight: \(context)")
          case .scheduleExpiry, .cancelExpiry, .scheduleCountdown, .cancelCountdown: break
          }
        }
        check(inFlight.count <= 1, "1. \(inFlight.count) in flight: \(context)")
        for text in ["\(next)", "\(action)", "\(step.effects)", String(reflecting: next)] {
          for secret in secrets where text.contains(secret) {
            problems.append("5. a secret shows: \(context)")
          }
        }
        if step.outcome != nil {
          check(inFlight.isEmpty, "4. \(inFlight) outlives the step: \(context)")
          continue
        }
        let reached = Node(step: next, inFlight: inFlight).normalized
        if seen.insert(reached).inserted { frontier.append(reached) }
      }
    }
    #expect(problems == [])
    // The walk ends: the normalized space is finite, and not trivially small.
    #expect(seen.count > 100)
    #expect(transitions > seen.count)
  }
}
