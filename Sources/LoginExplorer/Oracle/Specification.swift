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
/// samples they are, the code step's facts, the requests with their fates, every deadline
/// with the order it was registered in) and applies the transition tables and the store's
/// contract as `Docs/TransitionTable.md`, `Docs/SecondFactorTable.md`,
/// `Docs/DeviceLoginTable.md` and `Docs/Embedding.md` state them, in a form of its own. So a bug in the machine shows as a difference between the two,
/// and the expectations that end a counterexample are what a correct build shows, on any
/// build: the broken one fails them, the correct one passes them.
struct Specification: Sendable, Hashable {
  /// Whether a kept session has expired at `now`: from the instant of its expiry on. Worked out
  /// here, not by `StoredSession.isExpired(at:)`, the machine's own predicate: the search and
  /// the invariants decide with this, so an off-by-one in the machine's shows as a difference.
  static func hasExpired(_ session: StoredSession, at now: Timestamp) -> Bool {
    now.sinceEpoch >= session.expiresAt.sinceEpoch
  }

  /// The phase, without its data.
  var phase: LoginPhase.Kind = .idle
  var email: EmailSample = .empty
  var password: PasswordSample = .empty
  var isPasswordVisible = false
  /// The error shown in `failed`.
  var error: AuthError?
  /// The number of the latest request (a login, a check, a resend: one count for all).
  var attempt = 0
  /// Invalid-credentials failures in a row.
  var failures = 0
  /// Whether saving the last login failed.
  var notRemembered = false
  var isClosed = false
  /// The code step, while it shows.
  var codeStep: CodeStep?
  /// The throttle, from a refusal until its deadline (and, frozen, in a closed store).
  var throttle: Throttle?
  /// The device step, while it shows.
  var deviceStep: DeviceStep?
  /// The form as it was when "Sign in with a browser" was tapped: where Cancel returns to.
  var formBeforeDevice: (phase: LoginPhase.Kind, error: AuthError?) {
    get { (formPhaseBeforeDevice, formErrorBeforeDevice) }
    set { (formPhaseBeforeDevice, formErrorBeforeDevice) = newValue }
  }
  private var formPhaseBeforeDevice: LoginPhase.Kind = .idle
  private var formErrorBeforeDevice: AuthError?
  /// The time since the run started.
  var now: Duration = .zero
  /// The requests of the current store, by number.
  var requests: [Int: Request] = [:]
  /// Everything that will fall due, each with the order it was registered in.
  private var dues: [Due] = []
  private var registered = 0
  /// When the kept session expires; `nil` when none is kept.
  var keptUntil: Timestamp?
  /// Late answers dropped so far, by every store of the run.
  var droppedAnswers = 0

  /// One request: what it asks, when it started, what the server answers and when, and
  /// where it is.
  struct Request: Sendable, Hashable {
    var kind: RequestKind
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

  /// The code step as its table describes it.
  struct CodeStep: Sendable, Hashable {
    enum Step: Sendable, Hashable {
      case entering, checking, resending, rejected, expired
      case failed(AuthError)
    }

    var code: CodeSample = .empty
    var step: Step = .entering
    var rejected = 0
    var isExpired = false
    /// The cooldown the countdown shows, in whole seconds.
    var resendIn: Int
    /// How long a code lasts, and the cooldown after one is sent.
    var expiresIn: Duration
    var cooldown: Int
    /// Whether a throttle holds the step's requests.
    var isHeld = false

    var isBusy: Bool { step == .checking || step == .resending }
    var canVerify: Bool { code == .complete && !isBusy && !isExpired && !isHeld }
    var canResend: Bool { resendIn == 0 && !isBusy && !isHeld }
    /// The step's phase as a screen shows it: an expired code shows as expired until a
    /// request is in flight.
    var shownStep: Step { isExpired && !isBusy ? .expired : step }
  }

  /// The device step as its table describes it: the codes, whether a poll is in flight, the
  /// interval, when the last poll was answered, and the codes' countdown.
  struct DeviceStep: Sendable, Hashable {
    var userCode: String
    var isPolling = false
    /// The least time from an answer to the next poll: grown by 5 s for every `slow_down`,
    /// doubled by a timeout.
    var interval: Duration
    /// When the step began or the last poll was answered, on the run's clock: the next
    /// poll comes no sooner than ``interval`` after.
    var lastAnswer: Duration
    /// When the codes expire, on the run's clock.
    var expiresAt: Duration
    /// The whole seconds left the countdown shows.
    var shown: Int
    /// Whether a quiet notice shows (the last poll failed and polling goes on).
    var hasNotice = false
  }

  /// A throttle as the throttling table describes it: a deadline, and the whole seconds its
  /// countdown shows.
  struct Throttle: Sendable, Hashable {
    /// When requests may be sent again, on the run's clock.
    var deadline: Duration
    /// The countdown shown, in whole seconds.
    var shown: Int
  }

  /// One thing that falls due.
  private struct Due: Sendable, Hashable {
    enum What: Sendable, Hashable {
      /// A request's timeout.
      case timeout(Int)
      /// A request's answer.
      case answer(Int)
      /// The code's expiry.
      case expiry
      /// The next second of the resend countdown.
      case countdown
      /// The next second of the throttle's countdown.
      case throttleTick
      /// The throttle's deadline.
      case throttleEnd
      /// The device step's next poll.
      case poll
      /// The next second of the device step's countdown.
      case deviceTick
      /// The device codes' expiry.
      case deviceExpiry

      /// Whether the store runs it as a timer of its own (not a request's timeout or answer).
      var isStoreDeadline: Bool {
        switch self {
        case .expiry, .countdown, .throttleTick, .throttleEnd, .poll, .deviceTick, .deviceExpiry:
          true
        case .timeout, .answer: false
        }
      }

      /// Whether it is one of the device step's own deadlines.
      var isDeviceDeadline: Bool {
        switch self {
        case .poll, .deviceTick, .deviceExpiry: true
        case .timeout, .answer, .expiry, .countdown, .throttleTick, .throttleEnd: false
        }
      }
    }

    var time: Duration
    /// The order it was registered in: at one instant, the first registered fires first
    /// (a request's timeout is registered before its call).
    var sequence: Int
    var what: What
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

  /// Whether the Log In button is enabled: a valid form, a phase that submits, no throttle.
  var canSubmit: Bool {
    formIsValid && (phase == .idle || phase == .editing || phase == .failed) && throttle == nil
  }

  /// The inline email error: for a non-empty email that is not an address.
  var emailError: String? { email == .invalid ? "Enter a valid email address." : nil }

  /// How many requests the server still works on for the store: those it waits for.
  var requestsInFlight: Int { requests.values.count { $0.status == .waiting } }

  /// Whether a session is kept for the next launch.
  var sessionRemembered: Bool { keptUntil != nil }

  /// How many requests the store still holds: those it waits for, and those it gave up on
  /// whose call has not returned (the server answers them late).
  var storeRequests: Int { requests.count }

  /// How many timers the store runs: one timeout per request it waits for, the code step's
  /// expiry and countdown, and the throttle's next arrival, while they are pending.
  var storeTimers: Int {
    requestsInFlight + dues.count { $0.what.isStoreDeadline }
  }

  /// Whether a throttle timer is pending.
  var throttleTimerPending: Bool {
    dues.contains { $0.what == .throttleTick || $0.what == .throttleEnd }
  }

  /// The throttle left, in whole seconds as its countdown shows it; `nil` when none runs.
  var retryIn: Int? { throttle?.shown }

  /// The error message shown, as the session format's table writes it.
  var errorMessage: String? {
    guard phase == .failed, let error else { return nil }
    return message(for: error)
  }

  /// The message for `error`: a refusal shows the throttle's countdown while it runs.
  private func message(for error: AuthError) -> String {
    if case .rateLimited = error, let shown = throttle?.shown {
      let clock = "\(shown / 60):" + (shown % 60 < 10 ? "0" : "") + "\(shown % 60)"
      return "Too many attempts. Try again in \(clock)."
    }
    return Self.message(for: error)
  }

  private static func message(for error: AuthError) -> String {
    switch error {
    case .invalidCredentials: "The email or password is incorrect."
    case .networkUnavailable: "Unable to connect. Check your internet connection."
    case .serverError: "Something went wrong. Please try again."
    case .timedOut: "The request timed out. Please try again."
    case .rateLimited: "Too many attempts. Please wait a moment and try again."
    case .accountLocked: "Your account is locked. Reset your password to continue."
    case .unexpected: "Unable to sign in. Please try again."
    case .tooManyCodes: "Too many incorrect codes. Sign in again."
    case .deviceDenied: "Sign-in was denied in the browser."
    case .deviceCodeExpired: "The code expired. Start again."
    }
  }

  /// The code step's error message, as the session format's table writes it.
  var codeErrorMessage: String? {
    switch codeStep?.shownStep {
    case .rejected: "That code is incorrect."
    case .expired: "That code has expired. Send a new code."
    case .failed(let error): message(for: error)
    case .entering, .checking, .resending, nil: nil
    }
  }

  /// Whether "Forgot your password?" is offered: after three wrong passwords in a row, and
  /// at once for a locked account.
  var suggestsPasswordReset: Bool {
    failures >= 3 || (phase == .failed && error == .accountLocked)
  }

  /// How many characters the password field holds.
  var passwordLength: Int { password.text.count }

  /// Whether the request numbered `number` is one the specification started as a `kind`.
  func started(_ number: Int, as kind: RequestKind) -> Bool { requests[number]?.kind == kind }

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
      guard !isClosed, canSubmit else { return }
      phase = .submitting
      error = nil
      startRequest(.authenticate, fate)
    case .cancel:
      guard !isClosed else { return }
      if deviceStep != nil {
        leaveDeviceStep()
        (phase, error) = formBeforeDevice
        return
      }
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
      leaveCodeStep()
      leaveDeviceStep()
      firstScreen()
    case .close:
      close()
    case .relaunch, .relaunchRestoringLater:
      close()
      // The old server stops: no late answer of the closed store's comes.
      requests = [:]
      dues = []
      isClosed = false
      attempt = 0
      throttle = nil
      firstScreen()
      if event == .relaunch { restore() }
    case .restoreSession:
      if !isClosed { restore() }
    case .advance:
      advanceOne(failingSaves: false)
    case .advancePolling(let fate):
      advanceOne(failingSaves: false, pollFate: fate)
    case .advanceFailingSave:
      advanceOne(failingSaves: true)
    case .expireSession:
      if let keptUntil { advance(to: keptUntil.sinceEpoch) }
    case .wait(let duration):
      advance(to: now + duration)

    // The code step: its fields and buttons work only while it shows, and none while a
    // request of it is in flight but Back.
    case .setCode(let sample, let fate):
      guard !isClosed, var step = codeStep, !step.isBusy else { return }
      step.code = sample
      switch step.step {
      case .rejected, .failed: step.step = step.isExpired ? .expired : .entering
      case .entering, .checking, .resending, .expired: break
      }
      codeStep = step
      if step.canVerify { startCheck(fate) }
    case .verify(let fate):
      guard !isClosed, let step = codeStep, step.canVerify else { return }
      startCheck(fate)
    case .resend(let fate):
      guard !isClosed, codeStep?.canResend == true else { return }
      codeStep?.step = .resending
      startRequest(.resendCode, fate)
    case .back:
      guard !isClosed, codeStep != nil else { return }
      leaveCodeStep()
      phase = .editing

    // "Sign in with a browser": asks for the codes as a login attempt, from the form, unless
    // a throttle holds requests; the form is kept for Cancel.
    case .deviceLogin(let fate):
      guard !isClosed, phase == .idle || phase == .editing || phase == .failed, throttle == nil
      else { return }
      formBeforeDevice = (phase, error)
      phase = .submitting
      error = nil
      startRequest(.authenticate, fate)
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
  /// expiry and forgets it after; once the user has started (editing, submitting, failed,
  /// the code step) the screen stays and the session is forgotten, as it may be another
  /// account's; when logged in already, nothing happens.
  private mutating func restore() {
    guard let keptUntil else { return }
    switch phase {
    case .idle:
      if wall >= keptUntil {
        self.keptUntil = nil
      } else {
        logIn(saving: false)
      }
    case .editing, .submitting, .failed, .secondFactor, .device:
      self.keptUntil = nil
    case .succeeded:
      break
    }
  }

  private mutating func firstScreen() {
    phase = .idle
    codeStep = nil
    deviceStep = nil
    email = .empty
    password = .empty
    isPasswordVisible = false
    error = nil
    failures = 0
    notRemembered = false
  }

  /// The next request, of `kind`: its timeout registered, then its answer as `fate` says
  /// (never, when no fate was chosen: the machine under check started no request).
  private mutating func startRequest(_ kind: RequestKind, _ fate: Fate?) {
    attempt += 1
    let fate = fate ?? Fate(outcome: .success, timing: .never)
    requests[attempt] = Request(kind: kind, start: now, fate: fate, status: .waiting)
    register(.timeout(attempt), at: now + timeout)
    register(.answer(attempt), at: now + answerDelay(fate))
  }

  private mutating func startCheck(_ fate: Fate?) {
    codeStep?.step = .checking
    startRequest(.verifyCode, fate)
  }

  /// The code step ends: its request in flight is abandoned, its deadlines taken back.
  private mutating func leaveCodeStep() {
    guard let step = codeStep else { return }
    if step.isBusy { abandon(attempt) }
    dues.removeAll { $0.what == .expiry || $0.what == .countdown }
    codeStep = nil
  }

  /// The code step starts for `challenge`: the password leaves, the code's expiry and the
  /// countdown start.
  private mutating func enterCodeStep(_ challenge: SecondFactorChallenge) {
    phase = .secondFactor
    password = .empty
    error = nil
    let cooldown = SecondFactorState.wholeSeconds(roundingUp: challenge.resendAfter)
    codeStep = CodeStep(
      resendIn: cooldown, expiresIn: challenge.expiresIn, cooldown: cooldown,
      isHeld: throttle != nil)
    scheduleCodeDeadlines()
  }

  /// A new code's deadlines: its expiry, and the countdown's next second (replacing any).
  private mutating func scheduleCodeDeadlines() {
    guard let step = codeStep else { return }
    dues.removeAll { $0.what == .expiry || $0.what == .countdown }
    register(.expiry, at: now + step.expiresIn)
    if step.resendIn > 0 { register(.countdown, at: now + .seconds(1)) }
  }

  private mutating func close() {
    guard !isClosed else { return }
    if phase == .submitting { phase = .editing }
    deviceStep?.isPolling = false
    if var step = codeStep, step.isBusy {
      step.step = step.isExpired ? .expired : .entering
      codeStep = step
    }
    for (attempt, request) in requests where request.status == .waiting { abandon(attempt) }
    // A closed store runs no deadline; a throttle stays as it was, frozen.
    dues.removeAll { $0.what.isStoreDeadline }
    isClosed = true
  }

  private mutating func abandon(_ attempt: Int) {
    guard requests[attempt]?.status == .waiting else { return }
    requests[attempt]?.status = .abandoned
    dues.removeAll { $0.what == .timeout(attempt) }
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

  private mutating func register(_ what: Due.What, at time: Duration) {
    registered += 1
    dues.append(Due(time: time, sequence: registered, what: what))
  }

  /// The earliest thing due: the first registered among equal times.
  private var nextDue: Due? {
    dues.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
  }

  private func answerDelay(_ fate: Fate) -> Duration {
    guard let (numerator, denominator) = fate.timing.fraction else {
      return DurationLiteral.maximum
    }
    return timeout * numerator / denominator
  }

  /// Everything due by `target`, in order; then the time is `target`. Its polls are
  /// answered as ``Fate/defaultPoll`` says.
  private mutating func advance(to target: Duration) {
    while let next = nextDue, next.time <= target { fire(next, failingSaves: false) }
    now = max(now, target)
  }

  /// Everything due at the earliest moment something is, if anything is; a poll it starts
  /// has `pollFate`.
  private mutating func advanceOne(failingSaves: Bool, pollFate: Fate = .defaultPoll) {
    guard let first = nextDue else { return }
    while let next = nextDue, next.time == first.time {
      fire(next, failingSaves: failingSaves, pollFate: pollFate)
    }
  }

  private mutating func fire(_ due: Due, failingSaves: Bool, pollFate: Fate = .defaultPoll) {
    dues.removeAll { $0 == due }
    now = max(now, due.time)
    switch due.what {
    case .timeout(let number):
      guard requests[number]?.status == .waiting else { return }
      requests[number]?.status = .abandoned
      answer(number, of: requests[number]?.kind, .failure(.timedOut), failingSaves: failingSaves)
    case .answer(let number):
      guard let request = requests.removeValue(forKey: number) else { return }
      guard request.status == .waiting else {
        // `unexpected` from a call the store gave up on is the service acknowledging the
        // cancellation, which the store does not report (see `AuthService`).
        if request.fate.outcome != .failure(.unexpected) { droppedAnswers += 1 }
        return
      }
      dues.removeAll { $0.what == .timeout(number) }
      answer(number, of: request.kind, request.fate.outcome, failingSaves: failingSaves)
    case .expiry:
      guard var step = codeStep, !step.isExpired else { return }
      step.isExpired = true
      switch step.step {
      case .entering, .rejected, .failed: step.step = .expired
      case .checking, .resending, .expired: break
      }
      codeStep = step
    case .countdown:
      guard var step = codeStep, step.resendIn > 0 else { return }
      step.resendIn -= 1
      codeStep = step
      if step.resendIn > 0 { register(.countdown, at: now + .seconds(1)) }
    case .throttleTick:
      guard var throttle else { return }
      throttle.shown -= 1
      self.throttle = throttle
      registerThrottleArrival()
    case .throttleEnd:
      throttle = nil
      codeStep?.isHeld = false
    case .poll:
      guard let step = deviceStep, !step.isPolling else { return }
      deviceStep?.isPolling = true
      startRequest(.pollDevice, pollFate)
    case .deviceTick:
      guard var step = deviceStep else { return }
      step.shown -= 1
      deviceStep = step
      registerDeviceArrival()
    case .deviceExpiry:
      guard deviceStep != nil else { return }
      leaveDeviceStep()
      fail(.deviceCodeExpired)
    }
  }

  /// The device step starts with `codes`: the first poll one interval later, and the
  /// countdown of the codes' life.
  private mutating func enterDeviceStep(_ codes: DeviceAuthorization) {
    phase = .device
    error = nil
    deviceStep = DeviceStep(
      userCode: codes.userCode, interval: codes.interval, lastAnswer: now,
      expiresAt: now + codes.expiresIn,
      shown: SecondFactorState.wholeSeconds(roundingUp: codes.expiresIn))
    register(.poll, at: now + codes.interval)
    registerDeviceArrival()
  }

  /// The countdown's next arrival: a tick while more than a second shows, then the expiry.
  private mutating func registerDeviceArrival() {
    guard let step = deviceStep else { return }
    if step.shown > 1 {
      register(.deviceTick, at: step.expiresAt - .seconds(step.shown - 1))
    } else {
      register(.deviceExpiry, at: step.expiresAt)
    }
  }

  /// The device step ends: its poll in flight is abandoned, its deadlines taken back.
  private mutating func leaveDeviceStep() {
    guard let step = deviceStep else { return }
    if step.isPolling { abandon(attempt) }
    dues.removeAll { $0.what.isDeviceDeadline }
    deviceStep = nil
  }

  /// The answer to the device step's poll in flight: approval logs in, denial and expiry
  /// fail, `pending` and `slow_down` (the interval grown) and a failure polling can outlast
  /// (a network or server error; a timeout, the interval doubled) poll again one interval
  /// later.
  private mutating func answerPoll(_ outcome: ScriptedOutcome, failingSaves: Bool) {
    guard var step = deviceStep, step.isPolling else { return }
    step.isPolling = false
    let error: AuthError
    switch outcome {
    case .success:
      leaveDeviceStep()
      logIn(saving: true, fails: failingSaves)
      return
    case .denied, .expiredToken:
      leaveDeviceStep()
      fail(outcome == .denied ? .deviceDenied : .deviceCodeExpired)
      return
    case .pending, .slowDown:
      if outcome == .slowDown {
        step.interval = min(
          step.interval + .seconds(5), DeviceAuthorization.longestDeadline)
      }
      step.hasNotice = false
      step.lastAnswer = now
      deviceStep = step
      register(.poll, at: now + step.interval)
      return
    case .failure(let failure): error = failure
    case .secondFactor, .codeAccepted, .codeRejected, .codeExpired, .codeSent, .deviceCode:
      error = .unexpected
    }
    switch error {
    case .networkUnavailable, .serverError, .unexpected, .timedOut, .rateLimited:
      if error == .timedOut {
        step.interval = min(step.interval * 2, DeviceAuthorization.longestDeadline)
      }
      var wait = step.interval
      if case .rateLimited(let retryAfter) = error { wait = max(wait, retryAfter ?? .zero) }
      step.hasNotice = true
      step.lastAnswer = now
      deviceStep = step
      register(.poll, at: now + wait)
    case .invalidCredentials, .accountLocked, .tooManyCodes, .deviceDenied, .deviceCodeExpired:
      leaveDeviceStep()
      fail(error)
    }
  }

  /// A refusal that asked for `retryAfter`: the throttle lasts that long (30 s when it gave
  /// none, zero or less; an hour at most), or as long as the running one when that ends
  /// later.
  private mutating func refuse(retryAfter: Duration?) {
    let wait = retryAfter.flatMap { $0 > .zero ? min($0, .seconds(3_600)) : nil } ?? .seconds(30)
    let deadline = now + wait
    if let throttle, throttle.deadline >= deadline { return }
    let (seconds, attoseconds) = wait.components
    throttle = Throttle(deadline: deadline, shown: Int(seconds) + (attoseconds > 0 ? 1 : 0))
    codeStep?.isHeld = true
    dues.removeAll { $0.what == .throttleTick || $0.what == .throttleEnd }
    registerThrottleArrival()
  }

  /// The throttle's next arrival: a tick while more than a second shows, then its deadline.
  private mutating func registerThrottleArrival() {
    guard let throttle else { return }
    if throttle.shown > 1 {
      register(.throttleTick, at: throttle.deadline - .seconds(throttle.shown - 1))
    } else {
      register(.throttleEnd, at: throttle.deadline)
    }
  }

  /// The answer to request `number`, a `kind`, while the store waits for it: applied only
  /// to the latest request, in the phase that owns it.
  private mutating func answer(
    _ number: Int, of kind: RequestKind?, _ outcome: ScriptedOutcome, failingSaves: Bool
  ) {
    guard !isClosed, number == attempt, let kind else { return }
    switch kind {
    case .authenticate:
      guard phase == .submitting else { return }
      switch outcome {
      case .success: logIn(saving: true, fails: failingSaves)
      case .secondFactor(let challenge): enterCodeStep(challenge)
      case .deviceCode(let codes): enterDeviceStep(codes)
      case .failure(let error): fail(error)
      case .codeAccepted, .codeRejected, .codeExpired, .codeSent, .pending, .slowDown, .denied,
        .expiredToken:
        fail(.unexpected)
      }
    case .verifyCode:
      guard var step = codeStep, step.step == .checking else { return }
      switch outcome {
      case .success, .codeAccepted:
        leaveCodeStep()
        logIn(saving: true, fails: failingSaves)
        return
      case .codeRejected:
        step.rejected += 1
        step.code = .empty
        if step.rejected >= 3 {
          leaveCodeStep()
          fail(.tooManyCodes)
          return
        }
        step.step = step.isExpired ? .expired : .rejected
      case .codeExpired:
        step.isExpired = true
        step.step = .expired
        dues.removeAll { $0.what == .expiry }
      case .failure(let error):
        step.step = step.isExpired ? .expired : .failed(error)
        if case .rateLimited(let retryAfter) = error {
          codeStep = step
          refuse(retryAfter: retryAfter)
          return
        }
      case .secondFactor, .codeSent, .deviceCode, .pending, .slowDown, .denied, .expiredToken:
        step.step = step.isExpired ? .expired : .failed(.unexpected)
      }
      codeStep = step
    case .pollDevice:
      answerPoll(outcome, failingSaves: failingSaves)
    case .resendCode:
      guard var step = codeStep, step.step == .resending else { return }
      switch outcome {
      case .success, .codeSent:
        step.code = .empty
        step.isExpired = false
        step.step = .entering
        step.resendIn = step.cooldown
        codeStep = step
        scheduleCodeDeadlines()
        return
      case .failure(let error):
        step.step = .failed(error)
        if case .rateLimited(let retryAfter) = error {
          codeStep = step
          refuse(retryAfter: retryAfter)
          return
        }
      case .secondFactor, .codeAccepted, .codeRejected, .codeExpired, .deviceCode, .pending,
        .slowDown, .denied, .expiredToken:
        step.step = .failed(.unexpected)
      }
      codeStep = step
    }
  }

  private mutating func fail(_ error: AuthError) {
    phase = .failed
    self.error = error
    if error == .invalidCredentials { failures += 1 }
    if case .rateLimited(let retryAfter) = error { refuse(retryAfter: retryAfter) }
  }
}
