import LoginCommandLine
import LoginFlow
import LoginRuntime
import LoginSimulation

/// What the login screen must show after each of the explorer's events, worked out from the
/// specification alone: the invariants' oracle, and where a counterexample's expectations
/// come from.
///
/// It shares no code with what it checks. It does not call `reduce`, the store, the
/// validation rules or the server: it keeps its own few facts (the phase, the fields as the
/// samples they are, the requests with their fates and deadlines) and applies the transition
/// table and the store's contract as `Docs/TransitionTable.md` and `Docs/Embedding.md` state
/// them, in a form of its own. So a bug in the machine shows as a difference between the two,
/// and the expectations that end a counterexample are what a correct build shows, on any
/// build: the broken one fails them, the correct one passes them.
struct Specification: Sendable, Hashable {
  /// The phase, without its data.
  var phase: LoginPhase.Kind = .idle
  var email: EmailSample = .empty
  var password: PasswordSample = .empty
  var isPasswordVisible = false
  /// The error shown in `failed`.
  var error: AuthError?
  var attempt = 0
  /// Invalid-credentials failures in a row.
  var failures = 0
  /// Whether saving the last login failed.
  var notRemembered = false
  var isClosed = false
  /// The time since the run started.
  var now: Duration = .zero
  /// The requests of the current store, by attempt.
  var requests: [Int: Request] = [:]
  /// When the kept session expires; `nil` when none is kept.
  var keptUntil: Timestamp?
  /// Late answers dropped so far, by every store of the run.
  var droppedAnswers = 0

  /// One request: when it started, what the server answers and when, and where it is.
  struct Request: Sendable, Hashable {
    var start: Duration
    var fate: Fate
    var status: Status

    enum Status: Sendable, Hashable {
      /// The store waits for it: its timeout and its answer are due.
      case waiting
      /// The store gave up on it (cancel, timeout, close): only its late answer is due.
      case abandoned
    }
  }

  /// One thing that falls due: a request's timeout, or its answer.
  private enum Due: Comparable {
    case timeout(attempt: Int)
    case answer(attempt: Int)

    var attempt: Int {
      switch self {
      case .timeout(let attempt), .answer(let attempt): attempt
      }
    }

    /// At one instant the store's timeout comes first (it was registered first), and an
    /// earlier request's timers before a later one's.
    static func < (lhs: Due, rhs: Due) -> Bool {
      switch (lhs, rhs) {
      case (.timeout(let a), .answer(let b)): a <= b
      case (.answer(let a), .timeout(let b)): a < b
      case (.timeout(let a), .timeout(let b)), (.answer(let a), .answer(let b)): a < b
      }
    }
  }

  /// The timeout of the store under check.
  let timeout: Duration

  init(timeout: Duration) {
    self.timeout = timeout
  }

  // MARK: What the screen shows

  /// Whether the form holds a valid email and a valid password, by the samples' own words.
  var formIsValid: Bool {
    (email == .valid || email == .paddedValid) && (password == .valid || password == .wrong)
  }

  /// Whether the Log In button is enabled.
  var canSubmit: Bool { formIsValid && (phase == .idle || phase == .editing || phase == .failed) }

  /// The inline email error: for a non-empty email that is not an address.
  var emailError: String? { email == .invalid ? "Enter a valid email address." : nil }

  /// How many requests the server still works on for the store: those it waits for.
  var requestsInFlight: Int { requests.values.count { $0.status == .waiting } }

  /// Whether a session is kept for the next launch.
  var sessionRemembered: Bool { keptUntil != nil }

  /// How many requests the store still holds: those it waits for, and those it gave up on
  /// whose call has not returned (the server answers them late).
  var storeRequests: Int { requests.count }

  /// How many timers the store runs: one timeout per request it waits for.
  var storeTimers: Int { requestsInFlight }

  /// The error message shown, as the session format's table writes it.
  var errorMessage: String? {
    guard phase == .failed, let error else { return nil }
    return switch error {
    case .invalidCredentials: "The email or password is incorrect."
    case .networkUnavailable: "Unable to connect. Check your internet connection."
    case .serverError: "Something went wrong. Please try again."
    case .timedOut: "The request timed out. Please try again."
    case .rateLimited: "Too many attempts. Please wait a moment and try again."
    case .unexpected: "Unable to sign in. Please try again."
    case .tooManyCodes: "Too many incorrect codes. Sign in again."
    }
  }

  /// Whether "Forgot your password?" is offered: after three wrong passwords in a row.
  var suggestsPasswordReset: Bool { failures >= 3 }

  /// How many characters the password field holds.
  var passwordLength: Int { password.text.count }

  // MARK: What happens

  /// The screen after `event`.
  mutating func apply(_ event: ExplorerEvent) {
    switch event {
    case .setEmail(let sample):
      guard edit() else { return }
      email = sample
    case .setPassword(let sample):
      guard edit() else { return }
      password = sample
    case .togglePassword:
      if !isClosed { isPasswordVisible.toggle() }
    case .submit(let fate):
      guard !isClosed, canSubmit, let fate else { return }
      attempt += 1
      phase = .submitting
      error = nil
      requests[attempt] = Request(start: now, fate: fate, status: .waiting)
    case .cancel:
      guard !isClosed else { return }
      if phase == .submitting { abandon(attempt) }
      if phase == .submitting || phase == .failed { phase = .editing }
      error = nil
    case .logout:
      guard !isClosed, phase == .succeeded else { return }
      phase = .idle
      password = .empty
      isPasswordVisible = false
      failures = 0
      notRemembered = false
      keptUntil = nil
    case .reset:
      guard !isClosed else { return }
      if phase == .submitting { abandon(attempt) }
      if phase == .succeeded { keptUntil = nil }
      firstScreen()
    case .close:
      close()
    case .relaunch, .relaunchRestoringLater:
      close()
      requests = [:]  // the old server stops: no late answer of the closed store's comes
      isClosed = false
      attempt = 0
      firstScreen()
      if event == .relaunch { restore() }
    case .restoreSession:
      if !isClosed { restore() }
    case .advance:
      advanceOne(failingSaves: false)
    case .advanceFailingSave:
      advanceOne(failingSaves: true)
    case .expireSession:
      if let keptUntil { advance(to: keptUntil.sinceEpoch) }
    case .wait(let duration):
      advance(to: now + duration)
    }
  }

  /// An edit: allowed in `idle`, `editing` and `failed`, where it clears the error and moves
  /// to `editing`; returns whether it was.
  private mutating func edit() -> Bool {
    guard !isClosed, phase == .idle || phase == .editing || phase == .failed else { return false }
    phase = .editing
    error = nil
    return true
  }

  /// The store reads the kept session: on the first screen it logs in with it before its
  /// expiry and forgets it after; once the user has started (editing, submitting, failed)
  /// the screen stays and the session is forgotten, as it may be another account's; when
  /// logged in already, nothing happens.
  private mutating func restore() {
    guard let keptUntil else { return }
    switch phase {
    case .idle:
      if wall >= keptUntil {
        self.keptUntil = nil
      } else {
        logIn(saving: false)
      }
    case .editing, .submitting, .failed, .secondFactor:
      self.keptUntil = nil
    case .succeeded:
      break
    }
  }

  private mutating func firstScreen() {
    phase = .idle
    email = .empty
    password = .empty
    isPasswordVisible = false
    error = nil
    failures = 0
    notRemembered = false
  }

  private mutating func close() {
    guard !isClosed else { return }
    if phase == .submitting { phase = .editing }
    for (attempt, request) in requests where request.status == .waiting { abandon(attempt) }
    isClosed = true
  }

  private mutating func abandon(_ attempt: Int) {
    requests[attempt]?.status = .abandoned
  }

  /// The wall-clock time: the virtual clock's, from the Unix epoch.
  private var wall: Timestamp { Timestamp.epoch.advanced(by: now) }

  /// A login: the password leaves, the counter resets; the session is kept for a week unless
  /// `saving` fails.
  private mutating func logIn(saving: Bool, fails: Bool = false) {
    phase = .succeeded
    password = .empty
    failures = 0
    error = nil
    notRemembered = saving && fails
    if saving, !fails {
      let expiry = wall.advanced(by: .seconds(7 * 86_400))
      keptUntil = Timestamp(secondsSinceEpoch: expiry.wholeSecondsSinceEpoch)
    }
  }

  // MARK: Time

  /// The earliest thing due, with its time.
  private var nextDue: (time: Duration, due: Due)? {
    var earliest: (time: Duration, due: Due)?
    for (attempt, request) in requests {
      let answerAt = request.start + answerDelay(request.fate)
      var candidates = [(answerAt, Due.answer(attempt: attempt))]
      if request.status == .waiting {
        candidates.append((request.start + timeout, .timeout(attempt: attempt)))
      }
      for candidate in candidates {
        guard let current = earliest else {
          earliest = candidate
          continue
        }
        if candidate.0 < current.time || (candidate.0 == current.time && candidate.1 < current.due)
        {
          earliest = candidate
        }
      }
    }
    return earliest
  }

  private func answerDelay(_ fate: Fate) -> Duration {
    guard let (numerator, denominator) = fate.timing.fraction else {
      return DurationLiteral.maximum
    }
    return timeout * numerator / denominator
  }

  /// Everything due by `target`, in order; then the time is `target`.
  private mutating func advance(to target: Duration) {
    while let next = nextDue, next.time <= target { fire(next, failingSaves: false) }
    now = max(now, target)
  }

  /// Everything due at the earliest moment something is, if anything is.
  private mutating func advanceOne(failingSaves: Bool) {
    guard let first = nextDue else { return }
    while let next = nextDue, next.time == first.time { fire(next, failingSaves: failingSaves) }
  }

  private mutating func fire(_ next: (time: Duration, due: Due), failingSaves: Bool) {
    now = max(now, next.time)
    let attempt = next.due.attempt
    guard let request = requests[attempt] else { return }
    switch next.due {
    case .timeout:
      requests[attempt]?.status = .abandoned
      answer(attempt, .failure(.timedOut), failingSaves: failingSaves)
    case .answer:
      requests[attempt] = nil
      guard request.status == .waiting else {
        // `unexpected` from a call the store gave up on is the service acknowledging the
        // cancellation, which the store does not report (see `AuthService`).
        if request.fate.outcome != .failure(.unexpected) { droppedAnswers += 1 }
        return
      }
      answer(attempt, request.fate.outcome, failingSaves: failingSaves)
    }
  }

  /// The answer to `attempt`, while the store waits for it.
  private mutating func answer(
    _ attempt: Int, _ outcome: ScriptedOutcome, failingSaves: Bool
  ) {
    guard !isClosed, phase == .submitting, attempt == self.attempt else { return }
    switch outcome {
    case .success:
      logIn(saving: true, fails: failingSaves)
    case .failure(let error):
      phase = .failed
      self.error = error
      if error == .invalidCredentials { failures += 1 }
    case .secondFactor, .codeAccepted, .codeRejected, .codeExpired, .codeSent:
      break  // not among the explorer's fates: ``ScriptedOutcome/loginOutcomes``
    }
  }
}
