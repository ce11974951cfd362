// libFuzzer target `reducer`: `reduce` over an action sequence decoded from the input, with
// the machine's invariants checked after every step. See Docs/Fuzzing.md.
import LoginFlow

/// The password marker: it must never appear in a description, whatever the phase.
private let secret = "Hunter2Secret"
/// The token marker: a session's token must never appear in a description.
private let token = "TokenSecret77"

/// Texts the decoder picks from, so that short inputs reach valid forms and the limits.
private let texts: [String] = [
  "", " ", "demo@example.com", " demo@example.com ", "demo@", "a@b.co", "Password123!",
  secret, "e\u{301}", "\u{1F600}", "@", ".", "a@b", "\t", "\u{00A0}", "a@b.c",
]

/// Reads the input a byte at a time; past the end every read is 0.
private struct Bytes {
  let buffer: UnsafeRawBufferPointer
  var offset = 0
  var isAtEnd: Bool { offset >= buffer.count }
  mutating func next() -> UInt8 {
    guard offset < buffer.count else { return 0 }
    defer { offset += 1 }
    return buffer[offset]
  }

  /// A text: a pooled one, raw bytes, or a pooled one repeated past a field's maximum.
  mutating func text() -> String {
    let selector = next()
    switch selector % 4 {
    case 0, 1: return texts[Int(next()) % texts.count]
    case 2:
      let length = Int(next()) % 64
      var raw: [UInt8] = []
      while raw.count < length, !isAtEnd { raw.append(next()) }
      return String(decoding: raw, as: UTF8.self)
    default:
      let piece = texts[Int(next()) % texts.count]
      return String(repeating: piece, count: Int(next() % 32) * 16 + 1)
    }
  }
}

private func fail(_ message: String, step: Int) -> Never {
  fatalError("reducer invariant broken at step \(step): \(message)")
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, step: Int) {
  if !condition { fail(message(), step: step) }
}

/// libFuzzer's entry point: runs one input and checks the invariants, crashing on a
/// violation; returns 0 to keep the input, -1 to reject it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReducer(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  var bytes = Bytes(buffer: UnsafeRawBufferPointer(start: start, count: count))
  var state = LoginState()
  // The requests the effects started and did not end, as a runtime would track them.
  var inFlight: Set<Int> = []
  // The code step's requests in flight, likewise.
  var codeInFlight: Set<RequestID> = []
  var step = 0
  var emailHeldSecret = false
  while !bytes.isAtEnd, step < 64 {
    step += 1
    let action: LoginAction
    switch bytes.next() % 14 {
    case 0: action = .emailChanged(bytes.text())
    case 1: action = .passwordChanged(bytes.text())
    case 2: action = .passwordVisibilityToggled
    case 3: action = .submitTapped
    case 4: action = .cancelTapped
    case 5: action = .logoutTapped
    case 6: action = .reset
    case 7: action = .storeClosed
    case 8:
      // A remembered session expiring up to two minutes either side of the launch, or at it.
      let now = Timestamp(secondsSinceEpoch: Int64(bytes.next()) << 8 | Int64(bytes.next()))
      let expiry = now.advanced(by: .seconds(Int(bytes.next()) - 128))
      let refresh = bytes.next() & 1 == 0 ? nil : token
      action = .sessionRestored(
        StoredSession(token: token, refreshToken: refresh, expiresAt: expiry), now: now)
    case 9: action = .sessionSaveFailed
    case 10:
      // A challenge for an attempt near the current one; its id is the token marker, a
      // secret that no description may show.
      let offset = Int(bytes.next() % 3) - 1
      let challenge = SecondFactorChallenge(
        id: token, method: SecondFactorChallenge.Method.allCases[Int(bytes.next()) % 3],
        destination: [nil, "•••• 42", "d•••@example.com"][Int(bytes.next()) % 3],
        codeLength: Int(bytes.next() % 12), expiresIn: .milliseconds(Int(bytes.next()) * 100),
        resendAfter: .milliseconds(Int(bytes.next()) * 50))
      action = .secondFactorRequired(attempt: state.attempt + offset, challenge)
    case 11:
      let request = (state.secondFactor?.request ?? state.attempt) + Int(bytes.next() % 3) - 1
      let kind = bytes.next()
      let child: SecondFactorAction
      switch kind % 10 {
      case 0: child = .codeChanged(bytes.text())
      case 1: child = .verifyTapped
      case 2: child = .resendTapped
      case 3: child = .backTapped
      case 4: child = .verifyAnswer(request: request, .accepted(AuthSession(token: token)))
      case 5:
        let checks: [SecondFactorAction.CodeCheck] =
          [.rejected, .expired] + AuthError.allCases.map { .failed($0) }
        child = .verifyAnswer(request: request, checks[Int(kind / 10) % checks.count])
      case 6:
        let renewal = CodeRenewal(
          expiresIn: .milliseconds(Int(bytes.next()) * 100),
          resendAfter: .milliseconds(Int(bytes.next()) * 50))
        child = .resendAnswer(
          request: request, kind & 0x80 == 0 ? .success(renewal) : .failure(.serverError))
      case 7: child = .codeExpired
      case 8: child = .countdownTicked
      default: child = .resendAvailable
      }
      action = .secondFactor(child)
    default:
      let offset = Int(bytes.next() % 5) - 2
      let attempt = bytes.next() == 0xFF ? Int(bytes.next()) : state.attempt + offset
      let kind = bytes.next()
      let result: Result<AuthSession, AuthError>
      switch kind % 8 {
      case 0, 1:
        result = .success(AuthSession(token: token, refreshToken: kind & 0x80 != 0 ? token : nil))
      case 2: result = .failure(.rateLimited(retryAfter: .seconds(Int(bytes.next()))))
      default: result = .failure(AuthError.allCases[Int(kind / 8) % AuthError.allCases.count])
      }
      action = .authResponse(attempt: attempt, result)
    }

    // An email is shown as typed: the password marker counts as a secret only while no email
    // change held it.
    if case .emailChanged(let text) = action, text.holds(secret) { emailHeldSecret = true }

    let (next, effects) = reduce(state, action)
    // Pure: the same arguments give the same result.
    let again = reduce(state, action)
    check(again.state == next && again.effects == effects, "reduce is not pure", step: step)

    // Fields within their maximum lengths, and the flags say whether a change was cut.
    check(
      next.email.unicodeScalars.count <= LoginState.maximumEmailLength,
      "email holds \(next.email.unicodeScalars.count) scalars", step: step)
    check(
      next.password.unicodeScalars.count <= LoginState.maximumPasswordLength,
      "password holds \(next.password.unicodeScalars.count) scalars", step: step)
    if case .emailChanged(let text) = action, next.phase == .editing {
      let cut = text.unicodeScalars.count > LoginState.maximumEmailLength
      check(next.emailLimitReached == cut, "emailLimitReached is not the cut", step: step)
      check(
        next.email.unicodeScalars.elementsEqual(
          text.unicodeScalars.prefix(LoginState.maximumEmailLength)),
        "the email is not the change's prefix", step: step)
    }
    if case .passwordChanged(let text) = action, next.phase == .editing {
      let cut = text.unicodeScalars.count > LoginState.maximumPasswordLength
      check(next.passwordLimitReached == cut, "passwordLimitReached is not the cut", step: step)
    }

    // attemptInFlight == attempt iff submitting; the spinner iff submitting.
    let submitting = next.phase.kind == .submitting
    check(
      (next.attemptInFlight == next.attempt) == submitting, "attemptInFlight vs phase",
      step: step)
    check(next.isLoading == submitting, "isLoading vs phase", step: step)
    // Error only in failed; session only in succeeded; no password after success.
    check((next.error != nil) == (next.phase.kind == .failed), "error outside failed", step: step)
    check(
      (next.errorMessage != nil) == (next.phase.kind == .failed), "message outside failed",
      step: step)
    check((next.session != nil) == (next.phase.kind == .succeeded), "session phase", step: step)
    if next.phase.kind == .succeeded {
      check(next.password.isEmpty, "password kept after success", step: step)
      check(!next.canSubmit, "can submit after success", step: step)
    }
    // Attempts only grow, by one, with an authenticate effect.
    check(next.attempt >= state.attempt, "attempt went down", step: step)
    check(next.attempt <= state.attempt + 1, "attempt jumped", step: step)
    check(next.consecutiveInvalidCredentials >= 0, "negative failure count", step: step)
    // Reset is the first screen from anywhere, with the throttle kept (the server's wait
    // does not care what the screen shows); the store closing only ever leaves submitting.
    if action == .reset {
      check(
        next == LoginState(attempt: state.attempt, retryIn: state.retryIn),
        "reset is not the first screen", step: step)
    }
    if action == .storeClosed {
      let expected: LoginPhase.Kind = state.phase.kind == .submitting ? .editing : state.phase.kind
      check(next.phase.kind == expected, "storeClosed moved to \(next.phase.kind)", step: step)
    }

    // The remembered session: a login by an answer is saved, a logout forgets it, a restored
    // session logs in only from idle and before its expiry (and an expired one is forgotten),
    // and only a login can be flagged as not remembered.
    let loggedIn = !state.isLoggedIn && next.isLoggedIn
    if loggedIn, case .authResponse = action {
      check(
        effects == [.saveSession(next.session ?? AuthSession(token: ""))], "login not saved",
        step: step)
    }
    if state.isLoggedIn, !next.isLoggedIn {
      check(effects == [.clearSession], "logout does not forget the session", step: step)
    }
    if case .sessionRestored(let stored, let now) = action {
      let expired = stored.isExpired(at: now)
      if state.phase.kind == .idle {
        check(
          next.isLoggedIn == !expired, "restored an expired session, or not a valid one", step: step
        )
        check(effects == (expired ? [.clearSession] : []), "restore effects", step: step)
        if !expired {
          check(next.session == stored.session(at: now), "restored another session", step: step)
        }
      } else {
        // Read late: the screen stays; the session read is forgotten unless it is this
        // login's (logged in, and its save did not fail).
        let isThisLogin = state.isLoggedIn && !state.sessionNotRemembered
        check(next == state, "a late restore changed the state", step: step)
        check(
          effects == (isThisLogin ? [] : [.clearSession]), "a late restore's effects", step: step)
      }
    }
    if case .sessionSaveFailed = action {
      check(
        next.sessionNotRemembered == state.isLoggedIn && effects.isEmpty,
        "a failed save outside a login", step: step)
    }
    check(
      !next.sessionNotRemembered || next.isLoggedIn, "not remembered while logged out", step: step)

    // Effects: at most one request in flight, always the current attempt.
    for effect in effects {
      switch effect {
      case .authenticate(let attempt, let credentials):
        check(attempt == next.attempt && submitting, "authenticate outside submit", step: step)
        check(credentials.password == state.password, "credentials changed", step: step)
        inFlight.insert(attempt)
      case .authorizeDevice(let attempt):
        check(attempt == next.attempt && submitting, "codes asked for outside submit", step: step)
        inFlight.insert(attempt)
      case .deviceLogin:
        break  // the device step's polls are checked by its own walk (DeviceLoginWalkTests)
      case .cancelAuthentication(let attempt):
        check(inFlight.remove(attempt) != nil, "cancel of no request \(attempt)", step: step)
      case .scheduleThrottleTick(let after), .scheduleThrottleEnd(let after):
        check(
          next.isThrottled && after > .zero && after <= next.retryIn,
          "the throttle's clock outside its throttle", step: step)
      case .saveSession(let session):
        check(next.session == session, "saved a session not logged in", step: step)
      case .secondFactor(let codeEffect):
        let shown = state.secondFactor
        switch codeEffect {
        case .checkCode(let request, _, let code):
          check(
            shown.map { code.utf8.count == $0.challenge.codeLength && !$0.isExpired } == true,
            "a check with an incomplete or expired code", step: step)
          codeInFlight.insert(RequestID(.verifyCode, request))
        case .sendCode(let request, _):
          check(
            shown.map { $0.resendIn <= .zero } == true, "a resend before the cooldown", step: step)
          codeInFlight.insert(RequestID(.resendCode, request))
        case .cancelCheck(let request):
          check(
            codeInFlight.remove(RequestID(.verifyCode, request)) != nil, "cancel of no check",
            step: step)
        case .cancelSend(let request):
          check(
            codeInFlight.remove(RequestID(.resendCode, request)) != nil, "cancel of no resend",
            step: step)
        case .scheduleExpiry, .cancelExpiry, .scheduleCountdown, .cancelCountdown:
          check(
            shown != nil || next.secondFactor != nil, "a deadline outside the code step",
            step: step)
        }
      case .clearSession:
        // Logged in, only a late read is forgotten: the file holds an earlier launch's
        // session, not this login, whose save failed.
        var forgetsALateRead = false
        if case .sessionRestored = action { forgetsALateRead = state.sessionNotRemembered }
        check(
          !next.isLoggedIn || forgetsALateRead, "cleared the session while logged in", step: step)
      }
    }
    if case .secondFactorRequired(let attempt, _) = action, state.attemptInFlight == attempt {
      inFlight.remove(attempt)
    }
    if case .deviceLoginStarted(let attempt, _) = action, state.attemptInFlight == attempt {
      inFlight.remove(attempt)
    }
    if case .secondFactor(let child) = action, let answered = child.answeredRequest,
      let shown = state.secondFactor, shown.isBusy, answered.number == shown.request
    {
      codeInFlight.remove(answered)
    }
    if case .authResponse(let attempt, _) = action {
      if state.attemptInFlight == attempt {
        inFlight.remove(attempt)
      } else {
        check(next == state && effects.isEmpty, "a stale response changed the state", step: step)
      }
    }
    check(
      inFlight.count + codeInFlight.count <= 1,
      "\(inFlight.count + codeInFlight.count) requests in flight", step: step)
    check(
      codeInFlight.isEmpty == !(next.secondFactor?.isBusy ?? false),
      "the code step's requests vs its step", step: step)
    check(
      inFlight == (next.attemptInFlight.map { [$0] } ?? []), "requests vs attemptInFlight",
      step: step)

    // No text shows the password or the token. An email is shown as typed, so the token
    // marker may show while an email of this step (the change, or the state's before or
    // after, which an authenticate effect carries) holds it.
    var emailHoldsToken = state.email.holds(token) || next.email.holds(token)
    if case .emailChanged(let text) = action, text.holds(token) { emailHoldsToken = true }
    for text in [
      "\(next)", String(reflecting: next), "\(action)", String(reflecting: action),
      "\(effects)", String(reflecting: effects),
    ] {
      check(
        emailHeldSecret || !text.holds(secret), "a description shows the password", step: step)
      check(emailHoldsToken || !text.holds(token), "a description shows the token", step: step)
    }
    state = next
  }
  return 0
}
