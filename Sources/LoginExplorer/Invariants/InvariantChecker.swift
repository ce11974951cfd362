import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginRuntime
import LoginSimulation

/// Checks the invariants on what a run observed: after every step, and from every state by
/// running the clock on.
struct InvariantChecker {
  /// The texts that must never be printed: the passwords of the alphabet, the token, the
  /// complete code, the challenge's id and the device code (the user code is shown on
  /// purpose).
  static let secrets = [
    PasswordSample.valid.text, PasswordSample.wrong.text, DemoAuthService.token,
    CodeSample.complete.text, DemoAuthService.challengeID, Fate.deviceAuthorization.deviceCode,
  ]

  /// ``secrets`` as bytes, for the byte search.
  private static let secretBytes = secrets.map { Array($0.utf8) }

  let machine: Machine
  /// Where a secret shows in a screen's JSON or rendering, by screen: rendering is the
  /// costliest check, and thousands of steps show the same screen.
  private var screenLeaks: [SystemKey.Screen: String?] = [:]
  /// Where a secret shows in a state's descriptions, by state: a description is a function
  /// of the state, and thousands of steps reach the same one.
  private var descriptionLeaks: [LoginState: String?] = [:]

  init(machine: Machine) {
    self.machine = machine
  }

  // MARK: After a step

  /// The violations after `step` of `system`, in invariant order.
  mutating func check(_ step: ExploredSystem.Step, of system: ExploredSystem) -> [Violation] {
    var found: [Violation] = []
    let state = step.after
    func fail(_ invariant: Invariant, _ detail: String) {
      found.append(Violation(invariant: invariant, detail: detail))
    }

    // 1. One request of any kind in flight, and only in the phase that owns it.
    let working = system.world.server.requestsInFlight
    let owned =
      state.isLoading || state.secondFactor?.isBusy == true || state.deviceLogin?.isPolling == true
    if working.count > 1 {
      fail(.oneRequestInFlight, "the server works on \(working.count) requests at once")
    } else if owned != (working == [state.attempt]) {
      fail(
        .oneRequestInFlight,
        owned
          ? "the screen waits for a request but the server works on none"
          : "the screen is \(state.phase.kind) but the server still works on a request")
    } else if system.world.core.attemptInFlight != state.attemptInFlight {
      fail(.oneRequestInFlight, "the store's request in flight differs from the screen's")
    }

    // 2. Answers to other requests change nothing.
    for transition in Self.staleResponses(in: step.events) where transition.changedState {
      fail(
        .staleAnswersChangeNothing,
        "an answer to a request that was not in flight changed the screen "
          + "(\(transition.fromLabel) -> \(transition.toLabel))")
    }

    // 3. The Log In button, given the throttle the screen has (whether that throttle is
    // right is 15 and 16's business).
    let formValid = Self.isValid(email: state.email) && Self.isValid(password: state.password)
    // The form shows in idle, editing and failed; the code step and the device step replace
    // it.
    let phaseAllows: Bool
    switch state.phase.kind {
    case .idle, .editing, .failed: phaseAllows = true
    case .submitting, .succeeded, .secondFactor, .device: phaseAllows = false
    }
    if state.canSubmit != (formValid && phaseAllows && !state.isThrottled) {
      fail(
        .logInEnabledOnlyWhenAllowed,
        "Log In is \(state.canSubmit ? "enabled" : "disabled") in \(state.phase.kind) "
          + "with a \(formValid ? "valid" : "invalid") form")
    }

    // 4. Errors where they belong.
    if (state.errorMessage != nil) != (state.phase.kind == .failed) {
      fail(.errorsOnlyWhereTheyBelong, "an error message in \(state.phase.kind)")
    }
    let emailErrorExpected = !state.email.isEmpty && !Self.isValid(email: state.email)
    if (state.emailError != nil) != emailErrorExpected {
      fail(.errorsOnlyWhereTheyBelong, "the inline email error does not match the email")
    }

    // 5. No secret survives the session.
    if state.phase.kind == .succeeded, !state.password.isEmpty {
      fail(.sessionLeavesNoSecret, "the password field is not empty after success")
    }
    if step.event == .logout, step.before.phase.kind == .succeeded,
      state.isLoggedIn || !state.password.isEmpty || state.phase.kind != .idle
    {
      fail(.sessionLeavesNoSecret, "something of the session remains after logout")
    }
    if step.event == .reset, state != LoginState(attempt: state.attempt, retryIn: state.retryIn) {
      fail(.sessionLeavesNoSecret, "the screen is not the first screen after reset")
    }

    // 6. Secrets never shown.
    if let leak = leak(in: state, events: step.events) {
      fail(.secretsNeverShown, "a secret appears in the \(leak)")
    }

    // 7. Every request ends exactly once, and late answers only after.
    found += Self.lifecycleViolations(in: step.events, after: step.requestsBefore)

    // 9. The store adds nothing.
    if let folded = system.folded, folded != state {
      fail(.storeAddsNothing, "the store's state differs from reduce over its actions")
    }
    if let unsent = system.unsentAction {
      fail(.storeAddsNothing, "the store applied \(unsent), which nobody sent")
    }

    // 11. The session is remembered exactly while logged in, and restored only unexpired;
    // while the store's session read is still to come, what the session store keeps is the
    // last launch's, which the screen cannot know yet.
    if !system.restorePending,
      let detail = Self.rememberedViolation(
        state: state, kept: system.keptSession, relaunched: step.event == .relaunch,
        at: system.world.wallNow)
    {
      fail(.rememberedExactlyWhileLoggedIn, detail)
    }

    // 12. No timer outlives its request.
    for timer in system.world.timers {
      guard case .store(.timeout(let id)) = timer.owner,
        system.world.core.runner.running[id]?.status != .inFlight
      else { continue }
      fail(.timersEndWithTheirRequests, "the timeout of \(id) runs after the request ended")
    }

    // 13 and 14. The code step's requests: each one the server received in this step must
    // be one the specification sends now.
    for event in step.events {
      guard case .effectStarted(let id) = event.kind else { continue }
      switch id.kind {
      case .authenticate: break
      case .pollDevice:
        // 20 and 21. A poll the specification does not send now came too soon, or after
        // the device step ended.
        guard !system.specification.started(id.number, as: .pollDevice) else { break }
        if let before = step.deviceStepBefore {
          let since = DurationLiteral.format(
            event.time + system.world.storeStartedAt - before.lastAnswer)
          fail(
            .pollsKeepTheirInterval,
            "a poll was sent \(since) after the last answer, with an interval of "
              + DurationLiteral.format(before.interval))
        } else {
          fail(.noPollAfterTheStepEnds, "a poll was sent where no device step shows")
        }
      case .verifyCode:
        if let detail = Self.forbiddenCheck(id, of: system, before: step.codeStepBefore) {
          fail(.checksOnlyWhenAllowed, detail)
        }
      case .resendCode:
        if !system.specification.started(id.number, as: .resendCode) {
          let left = step.codeStepBefore?.resendIn ?? 0
          fail(
            .resendOnlyAfterCooldown,
            left > 0
              ? "a new code was asked for \(left)s before the cooldown ended"
              : "a new code was asked for where the code step does not allow it")
        }
      }
    }

    // 15. No request while throttled: every request the server received in this step
    // started while the specification's throttle had ended.
    if let throttle = step.throttleBefore, throttle.deadline > step.startTime,
      let id = Self.firstStartedRequest(in: step.events)
    {
      let left = DurationLiteral.format(throttle.deadline - step.startTime)
      fail(.noRequestWhileThrottled, "request \(id.number) was sent with \(left) of throttle left")
    }

    // 16. A throttle ends once for each refusal, at its deadline.
    let specThrottle = system.specification.throttle
    if step.before.isThrottled, !state.isThrottled, let specThrottle {
      let early = DurationLiteral.format(specThrottle.deadline - system.world.now)
      fail(.throttleEndsOnceAtItsDeadline, "the throttle ended \(early) before its deadline")
    } else if state.isThrottled, specThrottle == nil {
      fail(
        .throttleEndsOnceAtItsDeadline,
        step.before.isThrottled
          ? "the throttle runs past its deadline"
          : "the throttle began again without a refusal: it ends twice")
    }

    // 17. The countdown never goes up between two ticks of one throttle (a new refusal may
    // set it higher).
    if let shownBefore = step.before.retrySecondsLeft, let shown = state.retrySecondsLeft,
      shown > shownBefore, step.throttleBefore?.deadline == specThrottle?.deadline
    {
      fail(.countdownNeverGoesUp, "the countdown went up from \(shownBefore)s to \(shown)s")
    }

    // 18. No throttle timer and no tick while no throttle runs.
    if let detail = Self.strayThrottle(
      in: specThrottle == nil ? system.world : nil,
      delivered: step.throttleBefore == nil ? step.events : [])
    {
      fail(.noTickWithoutCountdown, detail)
    }

    // 21. No poll runs once the device step ended: the server works on none the
    // specification does not wait for.
    for number in working
    where system.requests[number]?.kind == .pollDevice
      && system.specification.requests[number]?.status != .waiting
    {
      fail(.noPollAfterTheStepEnds, "poll \(number) is still in flight after the device step ended")
    }

    // 19. The screen is what the specification says.
    if let difference = Self.difference(state, system.specification) {
      fail(.screenFollowsTheSpecification, "the screen's \(difference) is not the specification's")
    }
    return found
  }

  /// What of the throttle's clock runs in `world`, or was delivered in `events`, for a
  /// world and events in which no throttle runs; `nil` when nothing does.
  static func strayThrottle(in world: World?, delivered events: [StoreEvent]) -> String? {
    if let world, world.timers.contains(where: { $0.owner == .store(.delivery(.throttle)) }) {
      return "a throttle timer runs while no throttle does"
    }
    for event in events {
      guard case .transition(let transition) = event.kind else { continue }
      if transition.action == .throttleTicked || transition.action == .throttleEnded {
        return "the throttle's clock was delivered while no throttle runs"
      }
    }
    return nil
  }

  /// The first request started in `events`, if any.
  static func firstStartedRequest(in events: [StoreEvent]) -> RequestID? {
    for event in events {
      if case .effectStarted(let id) = event.kind { return id }
    }
    return nil
  }

  /// Why the check `id`, which the server received, should not have been sent, when it
  /// should not: the code it carries is incomplete, the code had expired, the code step was
  /// gone, or the specification sends no check there.
  static func forbiddenCheck(
    _ id: RequestID, of system: ExploredSystem, before: Specification.CodeStep?
  ) -> String? {
    if case .verifyCode(_, let code)? = system.world.server.request(id.number),
      code.count != CodeSample.complete.text.count
    {
      return "a check was sent with \(code.count) of \(CodeSample.complete.text.count) digits"
    }
    guard !system.specification.started(id.number, as: .verifyCode) else { return nil }
    guard let step = before else { return "a check was sent outside the code step" }
    if step.isExpired { return "a check was sent after the code expired" }
    return "a check was sent where the code step does not allow it"
  }

  /// What breaks invariant 11 with `kept` in the session store when the screen shows
  /// `state`, `relaunched` just now at `now`; `nil` when it holds.
  static func rememberedViolation(
    state: LoginState, kept: StoredSession?, relaunched: Bool, at now: Timestamp
  ) -> String? {
    let saved = state.isLoggedIn && !state.sessionNotRemembered
    switch (saved, kept) {
    case (true, nil):
      return "the user is logged in but no session is kept for the next launch"
    case (false, .some):
      return state.isLoggedIn
        ? "a session is kept though saving it failed"
        : "a session is kept though the user is logged out"
    case (true, .some(let kept)):
      if kept.token != state.session?.token {
        return "the session kept is not the one logged in"
      }
      if relaunched, Specification.hasExpired(kept, at: now) {
        return "a relaunch restored an expired session"
      }
      return nil
    case (false, nil):
      return nil
    }
  }

  // MARK: From a state, with the clock running on

  /// The first violation found by running the clock on from the end of `events` — by the
  /// timeout (invariant 8), then past every pending answer (invariants 7 and 10) — with the
  /// waits that reach it, or `nil`. Only `invariants` are checked.
  static func checkFuture(
    of start: ExploredSystem, checking invariants: Set<Invariant> = Set(Invariant.allCases)
  ) -> (violation: Violation, waits: [ExplorerEvent])? {
    func earliest(of found: [Violation]) -> Violation? {
      found.filter { invariants.contains($0.invariant) }
        .min { $0.invariant.rawValue < $1.invariant.rawValue }
    }
    var system = start
    let timeout = system.timeout
    var requestsBefore = system.requests
    // The requests in flight now: the device step starts polls of its own as time passes,
    // and each of those is bounded from the state it starts in.
    let inFlight = Set(system.world.server.requestsInFlight)
      .union(system.world.core.attemptInFlight.map { [$0] } ?? [])
    let first = system.perform(.wait(timeout))
    var found = lifecycleViolations(in: first.events, after: requestsBefore)
    let stillInFlight = Set(system.world.server.requestsInFlight)
      .union(system.world.core.attemptInFlight.map { [$0] } ?? [])
    if !stillInFlight.isDisjoint(with: inFlight) {
      found.append(
        Violation(
          invariant: .boundedLiveness,
          detail: "a request is still in flight \(DurationLiteral.format(timeout)) later"))
    }
    var waits: [ExplorerEvent] = [.wait(timeout)]
    if let violation = earliest(of: found) { return (violation, waits) }
    requestsBefore = system.requests
    let drainStart = system.world.now
    let later = system.drain()
    waits.append(.wait(system.world.now - drainStart))
    found = lifecycleViolations(in: later, after: requestsBefore)
    for (attempt, request) in system.requests.sorted(by: { $0.key < $1.key }) {
      if request.end == nil {
        found.append(
          Violation(invariant: .everyRequestEndsOnce, detail: "request \(attempt) never ended"))
      } else if request.end != .finished, request.fate != nil, !request.droppedLate {
        found.append(
          Violation(
            invariant: .everyRequestEndsOnce,
            detail: "the late answer to request \(attempt) was not reported as dropped"))
      }
    }
    if !system.world.core.runner.running.isEmpty {
      found.append(
        Violation(
          invariant: .nothingAccumulates, detail: "the store still holds a request record"))
    }
    if system.specification.throttle == nil,
      let detail = strayThrottle(in: system.world, delivered: [])
    {
      found.append(Violation(invariant: .noTickWithoutCountdown, detail: detail))
    } else if !system.world.timers.isEmpty || system.world.server.lateAnswerCount != 0 {
      found.append(
        Violation(
          invariant: .nothingAccumulates,
          detail: "something still waits on the clock after every answer came"))
    }
    return earliest(of: found).map { ($0, waits) }
  }

  /// The first stored fact of `state` the specification would have otherwise, if any.
  static func difference(_ state: LoginState, _ specification: Specification) -> String? {
    if state.phase.kind != specification.phase { return "phase" }
    if state.email != specification.email.text { return "email" }
    if state.password != specification.password.text { return "password" }
    if state.isPasswordVisible != specification.isPasswordVisible { return "password visibility" }
    if state.error != specification.error { return "error" }
    if state.suggestsPasswordReset != specification.suggestsPasswordReset {
      return "reset suggestion"
    }
    if state.sessionNotRemembered != specification.notRemembered { return "not-remembered note" }
    if state.emailLimitReached || state.passwordLimitReached { return "limit note" }
    if state.retrySecondsLeft != specification.retryIn { return "throttle countdown" }
    switch (state.deviceLogin, specification.deviceStep) {
    case (nil, nil): break
    case (nil, .some), (.some, nil): return "device step"
    case (.some(let step), .some(let expected)):
      if step.authorization.userCode != expected.userCode { return "user code" }
      if step.isPolling != expected.isPolling { return "device step's phase" }
      if step.interval != expected.interval { return "poll interval" }
      if step.secondsLeft != expected.shown { return "codes' time left" }
      if (step.notice != nil) != expected.hasNotice { return "device step's notice" }
    }
    switch (state.secondFactor, specification.codeStep) {
    case (nil, nil): return nil
    case (nil, .some), (.some, nil): return "code step"
    case (.some(let step), .some(let expected)):
      if step.code != expected.code.text { return "code" }
      if !Self.same(SecondFactorMachine.phase(of: step), expected.shownStep) {
        return "code step's phase"
      }
      if case .failed(let error) = step.step, case .failed(let other) = expected.shownStep,
        error != other
      {
        return "code error"
      }
      if step.rejectedCodes != expected.rejected { return "count of rejected codes" }
      if step.isExpired != expected.isExpired { return "code's expiry" }
      if (step.resendSecondsLeft ?? 0) != expected.resendIn { return "resend countdown" }
      return nil
    }
  }

  /// Whether the code step's phase `phase` is the specification's `step`.
  private static func same(
    _ phase: SecondFactorMachine.PhaseKind, _ step: Specification.CodeStep.Step
  ) -> Bool {
    switch (phase, step) {
    case (.entering, .entering), (.checking, .checking), (.resending, .resending),
      (.rejected, .rejected), (.expired, .expired), (.failed, .failed):
      true
    case (.entering, _), (.checking, _), (.resending, _), (.rejected, _), (.expired, _),
      (.failed, _):
      false
    }
  }

  // MARK: Helpers

  /// The `authResponse` transitions in `events` that answer a request the store was not
  /// waiting for: not directly after that request finished or timed out.
  static func staleResponses(in events: [StoreEvent]) -> [StoreTransition] {
    var stale: [StoreTransition] = []
    var answered: Int?
    for event in events {
      switch event.kind {
      case .effectFinished(let id, _, _), .effectTimedOut(let id, _):
        answered = id.number
      case .transition(let transition):
        if transition.action == .authResponse, transition.response?.request.number != answered {
          stale.append(transition)
        }
        answered = nil
      case .effectStarted, .effectCancelled, .responseDropped, .sessionSaved, .sessionNotSaved,
        .sessionCleared, .sessionNotCleared, .sessionDiscarded:
        break
      }
    }
    return stale
  }

  /// Violations of "ends exactly once" within `events`, which came after `requests`.
  static func lifecycleViolations(
    in events: [StoreEvent], after requests: [Int: ExploredSystem.Request]
  ) -> [Violation] {
    var ended: [Int: Bool] = [:]
    var dropped: Set<Int> = []
    for (attempt, request) in requests {
      ended[attempt] = request.end != nil
      if request.droppedLate { dropped.insert(attempt) }
    }
    var found: [Violation] = []
    func fail(_ detail: String) {
      found.append(Violation(invariant: .everyRequestEndsOnce, detail: detail))
    }
    var answered: Int?
    for event in events {
      switch event.kind {
      case .effectStarted(let id):
        ended[id.number] = false
      case .effectFinished(let id, _, _), .effectCancelled(let id, _),
        .effectTimedOut(let id, _):
        let attempt = id.number
        if ended[attempt] == true { fail("request \(attempt) ended twice") }
        if ended[attempt] == nil { fail("request \(attempt) ended without starting") }
        ended[attempt] = true
        if case .effectFinished = event.kind { answered = attempt }
        if case .effectTimedOut = event.kind { answered = attempt }
        continue
      case .responseDropped(let id, _, _):
        let attempt = id.number
        if ended[attempt] != true {
          fail("a late answer to request \(attempt) was dropped before it ended")
        }
        if !dropped.insert(attempt).inserted {
          fail("the late answer to request \(attempt) was dropped twice")
        }
      case .transition(let transition):
        if transition.action == .authResponse, let attempt = transition.response?.request.number,
          attempt != answered
        {
          fail("the store applied an answer to request \(attempt), which had already ended")
        }
      case .sessionSaved, .sessionNotSaved, .sessionCleared, .sessionNotCleared,
        .sessionDiscarded:
        // A session effect runs within the transition that asked for it: it neither ends a
        // request nor stands between an answer and its transition.
        continue
      }
      answered = nil
    }
    return found
  }

  /// What of the typed text a place may show.
  enum Allowance {
    /// No secret at all.
    case nothing
    /// The password, while the user made it visible.
    case visiblePassword
    /// The visible password, and the code in its field (the drawn screen only).
    case typedText
  }

  /// Where a secret shows, if anywhere: a description, an event, the JSON or the screen.
  /// The JSON may show the password the user made visible, the screen that and the code in
  /// its field, and nothing else.
  mutating func leak(in state: LoginState, events: [StoreEvent]) -> String? {
    for event in events {
      if let place = Self.leak(among: [("trace", event.description, .nothing)], state: state) {
        return place
      }
    }
    if let known = descriptionLeaks[state] {
      if let known { return known }
    } else {
      let place = Self.leak(
        among: [
          ("description", String(describing: state), .nothing),
          ("debug description", String(reflecting: state), .nothing),
        ], state: state)
      descriptionLeaks[state] = place
      if let place { return place }
    }
    let screen = SystemKey.Screen(state)
    if let known = screenLeaks[screen] { return known }
    let place = Self.leak(
      among: [
        ("state JSON", StateJSON.text(of: state), .visiblePassword),
        ("screen", TextRenderer().render(state), .typedText),
      ], state: state)
    screenLeaks[screen] = place
    return place
  }

  /// The first place among `texts` that shows a secret it may not.
  static func leak(
    among texts: [(place: String, text: String, allowance: Allowance)], state: LoginState
  ) -> String? {
    let password = state.isPasswordVisible ? state.password : nil
    let code = state.secondFactor?.code
    for entry in texts {
      let allowed: [String?] =
        switch entry.allowance {
        case .nothing: []
        case .visiblePassword: [password]
        case .typedText: [password, code]
        }
      let bytes = Array(entry.text.utf8)
      for (secret, secretBytes) in zip(secrets, Self.secretBytes)
      where !allowed.contains(secret) && Self.bytes(bytes, contain: secretBytes) {
        return entry.place
      }
    }
    return nil
  }

  /// Whether `needle` occurs in `haystack`, byte for byte: Foundation's `contains` folds
  /// character clusters and is many times slower, and the secrets are short.
  static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  /// Whether `email` is one the alphabet calls valid: the explorer's own ground truth.
  static func isValid(email: String) -> Bool {
    validEmails[email] ?? Validation.isValidEmail(email)
  }

  /// Whether `password` is one the alphabet calls valid.
  static func isValid(password: String) -> Bool {
    validPasswords[password] ?? Validation.isValidPassword(password)
  }

  /// The alphabet's emails by text, and whether each is valid.
  private static let validEmails = Dictionary(
    uniqueKeysWithValues: EmailSample.allCases.map { ($0.text, $0 == .valid || $0 == .paddedValid) }
  )
  /// The alphabet's passwords by text, and whether each is valid.
  private static let validPasswords = Dictionary(
    uniqueKeysWithValues: PasswordSample.allCases.map { ($0.text, $0 == .valid || $0 == .wrong) })
}
