import LoginFlow
import LoginRuntime
import Testing

@testable import LoginExplorer

/// Deliberately broken machines: each removes one guard of the real one.
enum BrokenMachines {
  /// Every broken machine here.
  static let all = [
    staleAnswersApplied, keepsPasswordAfterSuccess, cancelWithoutCancelEffect,
    timeoutKeepsTheCall, lateAnswerAppliedAfterCancel, logoutKeepsTheRememberedSession,
    resetKeepsTheRememberedSession, lateReadKeepsTheSession, checksAnIncompleteCode,
    resendsDuringTheCooldown, backKeepsTheCheck, throttleEndsEarly, throttleEndsTwice,
    throttleTicksForever, pollsTooSoonAfterSlowDown, pollsAfterCancel, pollsAfterExpiry,
    logsOutWhenASaveFails,
  ]

  /// A store that answers a failed save with a logout of its own: nobody tapped Log Out, and
  /// the user who just logged in is sent back to the first screen.
  static let logsOutWhenASaveFails = Machine(
    name: "logs out when a save fails", reduce: nil,
    faults: LoginStore.Faults(logsOutWhenASaveFails: true))

  /// A `slow_down` is taken as `authorization_pending`: the interval does not grow, so the
  /// next poll comes five seconds too soon (the interval drift of cli/cli #9370).
  static let pollsTooSoonAfterSlowDown = Machine(
    name: "polls too soon after slow_down",
    reduce: { state, action in
      guard case .deviceLogin(.pollAnswer(let request, .slowDown)) = action else {
        return LoginFlow.reduce(state, action)
      }
      return LoginFlow.reduce(state, .deviceLogin(.pollAnswer(request: request, .pending)))
    })

  /// Cancel leaves the next poll scheduled, and the poll loop polls whenever its time comes.
  static let pollsAfterCancel = pollLoop(
    named: "polls after cancel", keepingTheScheduleAt: .cancelTapped)

  /// The codes' expiry leaves the next poll scheduled, and the poll loop polls whenever its
  /// time comes.
  static let pollsAfterExpiry = pollLoop(
    named: "polls after expiry", keepingTheScheduleAt: .deviceLogin(.codesExpired))

  /// A hand-written poll loop: the step's end at `end` forgets to take the next poll back,
  /// and a poll falls due whether or not the device step still shows.
  private static func pollLoop(named name: String, keepingTheScheduleAt end: LoginAction)
    -> Machine
  {
    Machine(
      name: name,
      reduce: { state, action in
        var (next, effects) = LoginFlow.reduce(state, action)
        if action == end, state.deviceLogin != nil {
          effects.removeAll { $0 == .deviceLogin(.cancelScheduledPoll) }
        }
        if case .deviceLogin(.pollDue) = action, state.deviceLogin == nil {
          next.attempt += 1
          effects = [
            .deviceLogin(
              .poll(request: next.attempt, deviceCode: Fate.deviceAuthorization.deviceCode))
          ]
        }
        return (next, effects)
      })
  }

  /// The throttle's first tick ends it: the button comes back a second or more early.
  static let throttleEndsEarly = Machine(
    name: "the throttle ends at its first tick",
    reduce: { state, action in
      guard case .throttleTicked = action, state.isThrottled else {
        return LoginFlow.reduce(state, action)
      }
      return LoginFlow.reduce(state, .throttleEnded)
    })

  /// Dismissing a refusal's error after its throttle ended starts the throttle again: it
  /// ends a second time without a second refusal.
  static let throttleEndsTwice = Machine(
    name: "the throttle ends twice",
    reduce: { state, action in
      var (next, effects) = LoginFlow.reduce(state, action)
      guard case .cancelTapped = action, case .failed(.rateLimited(let wait)) = state.phase,
        !state.isThrottled
      else { return (next, effects) }
      next.retryIn = LoginState.throttle(for: wait)
      effects.append(
        next.retryIn > .seconds(1)
          ? .scheduleThrottleTick(after: .seconds(1)) : .scheduleThrottleEnd(after: next.retryIn))
      return (next, effects)
    })

  /// The throttle's end asks for one more tick, and every tick after it for another.
  static let throttleTicksForever = Machine(
    name: "the throttle ticks forever",
    reduce: { state, action in
      var (next, effects) = LoginFlow.reduce(state, action)
      switch action {
      case .throttleEnded where state.isThrottled, .throttleTicked where !state.isThrottled:
        effects.append(.scheduleThrottleTick(after: .seconds(1)))
      default:
        break
      }
      return (next, effects)
    })

  /// The code step checks the code at every digit typed, not only once it is complete.
  static let checksAnIncompleteCode = Machine(
    name: "checks an incomplete code",
    reduce: { state, action in
      var (next, effects) = LoginFlow.reduce(state, action)
      guard case .secondFactor(.codeChanged) = action, var step = next.secondFactor,
        !step.code.isEmpty, !step.isCodeComplete, !step.isBusy
      else { return (next, effects) }
      step.request += 1
      step.step = .checking
      next.phase = .secondFactor(step)
      next.attempt = step.request
      effects.append(
        .secondFactor(
          .checkCode(request: step.request, challenge: step.challenge.id, code: step.code)))
      return (next, effects)
    })

  /// Resend code works while the cooldown still runs.
  static let resendsDuringTheCooldown = Machine(
    name: "resends during the cooldown",
    reduce: { state, action in
      guard case .secondFactor(.resendTapped) = action, var step = state.secondFactor,
        !step.canResend, !step.isBusy
      else { return LoginFlow.reduce(state, action) }
      var next = state
      step.request += 1
      step.step = .resending
      next.phase = .secondFactor(step)
      next.attempt = step.request
      return (next, [.secondFactor(.sendCode(request: step.request, challenge: step.challenge.id))])
    })

  /// Back leaves the code step without cancelling the check in flight.
  static let backKeepsTheCheck = Machine(
    name: "back keeps the check running",
    reduce: { state, action in
      let (next, effects) = LoginFlow.reduce(state, action)
      guard case .secondFactor(.backTapped) = action, state.secondFactor != nil else {
        return (next, effects)
      }
      return (next, effects.filter { $0 != .secondFactor(.cancelCheck(request: state.attempt)) })
    })

  /// A reducer that applies any answer while submitting, whatever its attempt, in a store that
  /// hands late answers to it instead of dropping them: a stale answer is applied.
  static let staleAnswersApplied = Machine(
    name: "applies stale answers",
    reduce: { state, action in
      guard case .authResponse(_, let result) = action, state.phase.kind == .submitting else {
        return LoginFlow.reduce(state, action)
      }
      return LoginFlow.reduce(state, .authResponse(attempt: state.attempt, result))
    },
    faults: LoginStore.Faults(appliesLateAnswers: true))

  /// Success keeps the password in the field.
  static let keepsPasswordAfterSuccess = Machine(
    name: "keeps the password after success",
    reduce: { state, action in
      var (next, effects) = LoginFlow.reduce(state, action)
      if next.phase.kind == .succeeded, state.phase.kind != .succeeded {
        next.password = state.password
      }
      return (next, effects)
    })

  /// Cancel goes back to editing without cancelling the request.
  static let cancelWithoutCancelEffect = Machine(
    name: "cancels without cancelAuthentication",
    reduce: { state, action in
      let (next, effects) = LoginFlow.reduce(state, action)
      guard case .cancelTapped = action, state.phase.kind == .submitting else {
        return (next, effects)
      }
      return (next, [])
    })

  /// The store's timeout fails the attempt but leaves the call running.
  static let timeoutKeepsTheCall = Machine(
    name: "timeout does not cancel the call", reduce: LoginFlow.reduce,
    faults: LoginStore.Faults(timeoutCancelsCall: false))

  /// The store applies a late answer to a request it cancelled instead of dropping it.
  static let lateAnswerAppliedAfterCancel = Machine(
    name: "applies late answers", reduce: LoginFlow.reduce,
    faults: LoginStore.Faults(appliesLateAnswers: true))

  /// Logout forgets the screen's session but not the remembered one: the next launch would
  /// log the user back in.
  static let logoutKeepsTheRememberedSession = Machine(
    name: "logout keeps the remembered session",
    reduce: { state, action in
      let (next, effects) = LoginFlow.reduce(state, action)
      guard case .logoutTapped = action else { return (next, effects) }
      return (next, effects.filter { $0 != .clearSession })
    })

  /// A reset after a login returns to the first screen but keeps the remembered session: the
  /// next launch would restore a login the screen no longer shows.
  static let resetKeepsTheRememberedSession = Machine(
    name: "reset keeps the remembered session",
    reduce: { state, action in
      let (next, effects) = LoginFlow.reduce(state, action)
      guard case .reset = action else { return (next, effects) }
      return (next, effects.filter { $0 != .clearSession })
    })

  /// A session read that arrives after the user started is ignored and left in place: the
  /// next launch would log in with a session the user was replacing.
  static let lateReadKeepsTheSession = Machine(
    name: "a late session read is kept",
    reduce: { state, action in
      let (next, effects) = LoginFlow.reduce(state, action)
      guard case .sessionRestored = action, state.phase.kind != .idle else {
        return (next, effects)
      }
      return (next, effects.filter { $0 != .clearSession })
    })
}

extension Machine: CustomTestStringConvertible {
  /// The machine's name, as test results show it.
  public var testDescription: String { name }
}
