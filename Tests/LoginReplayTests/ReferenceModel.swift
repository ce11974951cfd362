import LoginFlow
import LoginRuntime
import LoginSimulation

@testable import LoginReplay

/// A small model of the runner, for checking that the example sessions mean what they say.
///
/// It applies `reduce` directly and keeps its own virtual clock: requests answer after their
/// `respond` delay (the demo service's rules and 1.5 s when none is queued) and time out
/// after 30 s; the session is remembered in a variable, dated by the clock from the Unix
/// epoch, and `relaunch` starts over from it. It is not the real runner (that one drives the
/// store); it only lets the tests catch an example whose expectations contradict the login
/// machine.
struct ReferenceModel {
  struct Request {
    var attempt: Int
    var answerAt: Duration
    var result: Result<AuthSession, AuthError>
    var timeoutAt: Duration
  }

  var state = LoginState()
  var lastEffects: [LoginEffect] = []
  var now: Duration = .zero
  var queue: [(ScriptedOutcome, Duration)] = []
  var requests: [Request] = []
  var failures: [String] = []
  /// Whether a `close` ran: the store then ignores every action.
  var isClosed = false
  /// When the answers to cancelled or timed-out requests come, to be dropped.
  var lateAnswers: [Duration] = []
  /// How many late answers were dropped so far.
  var droppedAnswers = 0
  let timeout: Duration = .seconds(30)
  var stored: StoredSession?
  var failingSaves = false
  /// The throttle's next arrival, if one is scheduled.
  var throttleArrival: (at: Duration, action: LoginAction)?

  mutating func run(_ located: LocatedCommand) {
    switch located.command {
    case .type(let field, let text):
      for character in text { send(field, value(of: field) + String(character)) }
    case .set(let field, let text): send(field, text)
    case .clear(let field): send(field, "")
    case .backspace(let field, let count):
      for _ in 0..<count { send(field, String(value(of: field).dropLast())) }
    case .press(let button): apply(button.action)
    case .close:
      if state.isLoading { apply(.storeClosed) }
      isClosed = true
      throttleArrival = nil
    case .respond(let outcome, let delay): queue.append((outcome, delay))
    case .wait(let duration): advance(to: now + duration)
    case .settle:
      while let next = nextEvent() { advance(to: next) }
    case .expect(let expectation):
      let evaluation = expectation.evaluate(
        state: state,
        observation: .init(
          effectKinds: lastEffects.map(\.kind), requestsInFlight: state.isLoading ? 1 : 0,
          droppedAnswers: droppedAnswers, sessionRemembered: stored != nil))
      if !evaluation.holds {
        failures.append(
          "\(located.location.file):\(located.location.line): expectation failed: "
            + "expected \(evaluation.expected), got \(evaluation.actual)")
      }
    case .snapshot: break
    case .relaunch(let restore):
      state = LoginState()
      requests = []
      throttleArrival = nil
      lastEffects = []
      isClosed = false
      switch restore {
      case .atLaunch: restoreSession()
      case .later: break
      }
    case .restoreSession:
      restoreSession()
    case .sessionStore(let mode): failingSaves = mode == .failing
    }
  }

  private mutating func restoreSession() {
    if let stored { apply(.sessionRestored(stored, now: Timestamp(sinceEpoch: now))) }
  }

  private func value(of field: SessionCommand.Field) -> String {
    field.text(in: state)
  }

  private mutating func send(_ field: SessionCommand.Field, _ text: String) {
    apply(field.changed(to: text))
  }

  private mutating func apply(_ action: LoginAction) {
    guard !isClosed else { return }
    let (next, effects) = reduce(state, action)
    state = next
    lastEffects = effects
    for effect in effects {
      switch effect {
      case .authenticate(let attempt, let credentials):
        var result: Result<AuthSession, AuthError>
        var delay = SessionCommand.defaultResponseDelay
        if queue.isEmpty {
          let isDemo =
            credentials.email.lowercased() == "demo@example.com"
            && credentials.password == "Password123!"
          result = isDemo ? .success(AuthSession(token: "token")) : .failure(.invalidCredentials)
        } else {
          let (outcome, after) = queue.removeFirst()
          delay = after
          switch outcome {
          case .success: result = .success(AuthSession(token: "token"))
          case .failure(let error): result = .failure(error)
          // The model knows logins only; its sessions never queue the code step's outcomes.
          case .secondFactor, .codeAccepted, .codeRejected, .codeExpired, .codeSent,
            .deviceCode, .pending, .slowDown, .denied, .expiredToken:
            result = .failure(.unexpected)
          }
        }
        requests.append(
          Request(
            attempt: attempt, answerAt: now + delay, result: result, timeoutAt: now + timeout))
      case .cancelAuthentication(let attempt):
        lateAnswers += requests.filter { $0.attempt == attempt }.map(\.answerAt)
        requests.removeAll { $0.attempt == attempt }
      case .saveSession(let session):
        if failingSaves {
          apply(.sessionSaveFailed)
        } else {
          stored = StoredSession(
            remembering: session, at: Timestamp(sinceEpoch: now),
            defaultLifetime: LoginStore.defaultSessionLifetime)
        }
      case .clearSession:
        stored = nil
      case .secondFactor, .authorizeDevice, .deviceLogin:
        break  // the model's sessions never reach the code step or device login
      case .scheduleThrottleTick(let delay): throttleArrival = (now + delay, .throttleTicked)
      case .scheduleThrottleEnd(let delay): throttleArrival = (now + delay, .throttleEnded)
      }
    }
  }

  private func nextEvent() -> Duration? {
    (requests.map { min($0.answerAt, $0.timeoutAt) } + [throttleArrival?.at].compactMap { $0 })
      .min()
  }

  private mutating func advance(to target: Duration) {
    while let next = nextEvent(), next <= target {
      now = next
      if let arrival = throttleArrival, arrival.at == next {
        throttleArrival = nil
        apply(arrival.action)
        continue
      }
      guard let index = requests.firstIndex(where: { min($0.answerAt, $0.timeoutAt) == next })
      else { break }
      let request = requests.remove(at: index)
      let result =
        request.answerAt <= request.timeoutAt ? request.result : .failure(AuthError.timedOut)
      if request.answerAt > request.timeoutAt { lateAnswers.append(request.answerAt) }
      apply(.authResponse(attempt: request.attempt, result))
    }
    now = max(now, target)
    droppedAnswers += lateAnswers.count { $0 <= now }
    lateAnswers.removeAll { $0 <= now }
  }
}
