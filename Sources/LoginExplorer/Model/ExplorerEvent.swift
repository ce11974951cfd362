import LoginCommandLine
import LoginFlow
import LoginRuntime
import LoginSimulation

/// One step the explorer can take: something the user does, or the clock moving to the next
/// moment something falls due.
///
/// The alphabet is finite. The user's text comes from a few representative ``EmailSample``s
/// and ``PasswordSample``s; a `submit` that starts a request also chooses that request's
/// ``Fate`` — what the server answers and when — exactly as a session's `respond OUTCOME after
/// DURATION` line right after `submit` does, so every path is a session `login-replay` can
/// run. Time moves only by ``advance``, to the earliest pending deadline (an answer, a late
/// answer, the store's timeout), so the order in which things fall due is explored, not
/// sampled. A login may be answered with a challenge (``Fate/challenge(timeout:)``), and
/// while the code step shows, its own events are offered too: a code typed (one of the
/// ``CodeSample``s), Verify and Resend code (each with the fate of the request it starts),
/// and Back. The remembered session adds five events: the user relaunches the app, the
/// relaunch whose session read comes late (a slow keychain), that read arriving after the
/// user has started, the login that comes next is not saved (the session store fails), and
/// the remembered session's expiry passes. "Sign in with a browser" asks for device login's
/// codes (with the fate of that request); while the device step shows, Cancel is offered,
/// and each poll's fate is chosen at the ``advancePolling(_:)`` whose deadline starts it.
public enum ExplorerEvent: Hashable, Sendable, CustomStringConvertible {
  /// `set email` to a sample.
  case setEmail(EmailSample)
  /// `set password` to a sample.
  case setPassword(PasswordSample)
  /// `toggle-password`.
  case togglePassword
  /// `submit`; when it starts a request, the request's fate (`nil` when it starts none).
  case submit(Fate?)
  /// `cancel`.
  case cancel
  /// `logout`.
  case logout
  /// `reset`: back to the first screen.
  case reset
  /// `close`: the store closes. Afterwards the store ignores every action, so only the
  /// clock moves on (late answers still come and are dropped).
  case close
  /// `relaunch`: the app is killed and opened again over the same session store.
  case relaunch
  /// `relaunch restore-later`: as ``relaunch``, but the fresh store reads the remembered
  /// session only at a later ``restoreSession``, as a launch whose read is slow.
  case relaunchRestoringLater
  /// `restore-session`: the late read of a ``relaunchRestoringLater`` arrives, whatever the
  /// user has done since.
  case restoreSession
  /// `wait` until the earliest pending deadline, delivering what falls due then.
  case advance
  /// ``advance`` with the session store failing every save (`session-store failing`, then
  /// back to `working`): offered only when what falls due next is a login, whose save then
  /// fails.
  case advanceFailingSave
  /// `wait` until the remembered session expires: offered only while one is kept unexpired.
  case expireSession
  /// `set code` to a sample; when the last digit starts a check, the check's fate.
  case setCode(CodeSample, Fate?)
  /// `verify`; when it starts a check, the check's fate.
  case verify(Fate?)
  /// `resend`; when it asks for a new code, that request's fate.
  case resend(Fate?)
  /// `back`: from the code step to the login form.
  case back
  /// `device-login`: "Sign in with a browser"; when it asks for the codes, that request's
  /// fate.
  case deviceLogin(Fate?)
  /// ``advance`` when what falls due next is the device step's poll: the poll's fate, as a
  /// `respond` line before the `wait` gives it.
  case advancePolling(Fate)
  /// `wait` this long: not in the alphabet, but how a counterexample found by running the
  /// clock on from a state (invariants 7, 8, 10) reaches its failing moment.
  case wait(Duration)

  /// The user's events, derived from the machine's own list of actions: a new action kind
  /// is a compile error here until the explorer knows how to send it. `submit` stands for
  /// all its fates.
  static let userEvents: [ExplorerEvent] = LoginAction.Kind.allCases.flatMap(events(for:))

  /// The events that send an action of `kind`; answers come from the environment instead.
  static func events(for kind: LoginAction.Kind) -> [ExplorerEvent] {
    switch kind {
    case .emailChanged: EmailSample.allCases.map(ExplorerEvent.setEmail)
    case .passwordChanged: PasswordSample.allCases.map(ExplorerEvent.setPassword)
    case .passwordVisibilityToggled: [.togglePassword]
    case .submitTapped: [.submit(nil)]
    case .cancelTapped: [.cancel]
    case .logoutTapped: [.logout]
    case .reset: [.reset]
    case .storeClosed: [.close]
    case .sessionRestored: [.relaunch, .relaunchRestoringLater, .restoreSession]
    // Answers come from the server and the session store: explored through the fates of a
    // submit and ``advanceFailingSave``.
    case .authResponse, .secondFactorRequired, .sessionSaveFailed: []
    // The throttle's clock comes from the store's timers: explored through ``advance``.
    case .throttleTicked, .throttleEnded: []
    // The code step's events are offered only while it shows (``codeEvents``).
    case .secondFactor: []
    case .deviceLoginTapped: [.deviceLogin(nil)]
    // The codes come from the server (a fate of ``deviceLogin(_:)``); the device step's
    // polls and countdown from the clock (``advancePolling(_:)``), its Cancel is the login
    // machine's.
    case .deviceLoginStarted, .deviceLogin: []
    }
  }

  /// The code step's events, derived from its own list of actions as ``userEvents`` is from
  /// the login machine's; `verify`, `resend` and a complete code stand for all their fates.
  static let codeEvents: [ExplorerEvent] = SecondFactorAction.Kind.allCases.flatMap(events(for:))

  /// The events that send the code step's action of `kind`.
  static func events(for kind: SecondFactorAction.Kind) -> [ExplorerEvent] {
    switch kind {
    case .codeChanged: CodeSample.allCases.map { .setCode($0, nil) }
    case .verifyTapped: [.verify(nil)]
    case .resendTapped: [.resend(nil)]
    case .backTapped: [.back]
    // Answers, deadlines and the countdown come from the server and the clock; the store's
    // closing from ``close``.
    case .verifyAnswer, .resendAnswer, .codeExpired, .countdownTicked, .resendAvailable,
      .storeClosed:
      []
    }
  }

  /// The device step's events: its one button, Cancel (the login machine's, which the step
  /// takes while it shows).
  static let deviceEvents: [ExplorerEvent] = [.cancel]

  /// Whether the event is a control of the login form (its fields and buttons), which the
  /// code step's and the device step's screens replace: offered only while the form shows.
  var isOnTheLoginForm: Bool {
    switch self {
    case .setEmail, .setPassword, .togglePassword, .submit, .cancel, .logout, .deviceLogin: true
    case .reset, .close, .relaunch, .relaunchRestoringLater, .restoreSession, .advance,
      .advanceFailingSave, .expireSession, .setCode, .verify, .resend, .back, .advancePolling,
      .wait:
      false
    }
  }

  /// This event with the fate of the request it starts (for the events that can start one).
  func with(_ fate: Fate) -> ExplorerEvent {
    switch self {
    case .submit: .submit(fate)
    case .setCode(let sample, _): .setCode(sample, fate)
    case .verify: .verify(fate)
    case .resend: .resend(fate)
    case .deviceLogin: .deviceLogin(fate)
    case .advance, .advancePolling: .advancePolling(fate)
    case .setEmail, .setPassword, .togglePassword, .cancel, .logout, .reset, .close, .relaunch,
      .relaunchRestoringLater, .restoreSession, .advanceFailingSave, .expireSession, .back,
      .wait:
      self
    }
  }

  /// The fate this event chose for the request it starts, if it chose one.
  var fate: Fate? {
    switch self {
    case .submit(let fate), .setCode(_, let fate), .verify(let fate), .resend(let fate),
      .deviceLogin(let fate):
      fate
    case .advancePolling(let fate): fate
    case .setEmail, .setPassword, .togglePassword, .cancel, .logout, .reset, .close, .relaunch,
      .relaunchRestoringLater, .restoreSession, .advance, .advanceFailingSave, .expireSession,
      .back, .wait:
      nil
    }
  }

  /// The event in words, such as `submit (answers server-error at T/2)`.
  public var description: String {
    switch self {
    case .setEmail(let sample): "set email to \(sample.description)"
    case .setPassword(let sample): "set password to \(sample.description)"
    case .togglePassword: "toggle password visibility"
    case .submit(.none): "submit"
    case .submit(.some(let fate)): "submit (the server \(fate.description))"
    case .cancel: "cancel"
    case .logout: "log out"
    case .reset: "reset"
    case .close: "close the store"
    case .relaunch: "relaunch the app"
    case .relaunchRestoringLater: "relaunch the app, its session read coming late"
    case .restoreSession: "the late session read arrives"
    case .advance: "wait for the next deadline"
    case .advanceFailingSave: "wait for the next deadline, the login's save failing"
    case .expireSession: "wait until the remembered session expires"
    case .setCode(let sample, .none): "set the code to \(sample.description)"
    case .setCode(let sample, .some(let fate)):
      "set the code to \(sample.description) (the check: the server \(fate.description))"
    case .verify(.none): "verify"
    case .verify(.some(let fate)): "verify (the server \(fate.description))"
    case .resend(.none): "resend the code"
    case .resend(.some(let fate)): "resend the code (the server \(fate.description))"
    case .back: "back"
    case .deviceLogin(.none): "sign in with a browser"
    case .deviceLogin(.some(let fate)): "sign in with a browser (the server \(fate.description))"
    case .advancePolling(let fate):
      "wait for the next deadline, a poll (the server \(fate.description))"
    case .wait(let duration): "wait \(DurationLiteral.format(duration))"
    }
  }
}

/// A representative email: the classes the validation rules tell apart.
public enum EmailSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// The demo account's address.
  case valid
  /// Not an address.
  case invalid
  /// The demo address with blanks around it, valid once trimmed.
  case paddedValid

  /// The text typed.
  public var text: String {
    switch self {
    case .empty: ""
    case .valid: DemoAuthService.email
    case .invalid: "ada.example.com"
    case .paddedValid: "  \(DemoAuthService.email) "
    }
  }

  /// The sample's name, such as `paddedValid`; never the text typed.
  public var description: String { rawValue }
}

/// A representative password: the classes the validation rules and the demo account tell
/// apart. The valid one is the demo password, so its text is a secret the outputs must not
/// show (invariant 6).
public enum PasswordSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// The demo account's password.
  case valid
  /// Only blanks: invalid.
  case blank
  /// A valid password that the demo account rejects.
  case wrong

  /// The text typed.
  public var text: String {
    switch self {
    case .empty: ""
    case .valid: DemoAuthService.password
    case .blank: "   "
    case .wrong: "Wrong-Passw0rd"
    }
  }

  /// The sample's name, such as `valid`; never the password itself.
  public var description: String { rawValue }
}

/// A representative code: the classes the code step tells apart.
public enum CodeSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// Some digits, not all.
  case partial
  /// Every digit: typing the last one starts the check.
  case complete

  /// The digits typed, for the explorer's challenge (``Fate/challenge(timeout:)``). The
  /// complete code is a secret the outputs must not show (invariant 6).
  public var text: String {
    switch self {
    case .empty: ""
    case .partial: "73"
    case .complete: "739164"
    }
  }

  /// The sample's name, such as `partial`; never the code.
  public var description: String { rawValue }
}

/// What the server answers a request, and when relative to the store's timeout `T`.
public struct Fate: Hashable, Sendable, CustomStringConvertible {
  /// When the answer arrives: a fraction of `T` after the request starts, or never.
  public struct Timing: Hashable, Sendable, CustomStringConvertible {
    /// `numerator / denominator` of `T`, in lowest terms; `nil` for never.
    public let fraction: (numerator: Int, denominator: Int)?

    /// The answer arrives `numerator / denominator` of `T` after the request starts (both
    /// positive).
    public init(_ numerator: Int, over denominator: Int) {
      var (a, b) = (numerator, denominator)
      while b != 0 { (a, b) = (b, a % b) }
      let divisor = max(a, 1)
      fraction = (numerator / divisor, denominator / divisor)
    }

    private init(never: Void) {
      fraction = nil
    }

    /// Never within any session (the longest duration a session can name).
    public static let never = Timing(never: ())
    /// At `T/2`: before the timeout.
    public static let early = Timing(1, over: 2)
    /// At exactly `T`: tied with the timeout, which wins.
    public static let tie = Timing(1, over: 1)
    /// At `3T/2`: after the timeout, a late answer.
    public static let late = Timing(3, over: 2)

    /// The three timings of the narrow alphabet: `T/2`, `T`, `3T/2`.
    public static let standard: [Timing] = [.early, .tie, .late]
    /// The default alphabet's timings, wider where the order of answers and timeouts can
    /// change: `T/4`, `T/2`, `3T/4`, `T`, `5T/4`, `3T/2`.
    public static let wide: [Timing] = [
      Timing(1, over: 4), .early, Timing(3, over: 4), .tie, Timing(5, over: 4), .late,
    ]

    /// Whether the answer comes before the store's timeout, so the store applies it.
    public var isBeforeTimeout: Bool {
      fraction.map { $0.numerator < $0.denominator } ?? false
    }

    /// `T/2`, `T`, `3T/2`, or `never`.
    public var description: String {
      guard let (numerator, denominator) = fraction else { return "never" }
      let times = numerator == 1 ? "T" : "\(numerator)T"
      return denominator == 1 ? times : "\(times)/\(denominator)"
    }

    /// Equal fractions of `T` (both in lowest terms), or both never.
    public static func == (lhs: Timing, rhs: Timing) -> Bool {
      lhs.fraction?.numerator == rhs.fraction?.numerator
        && lhs.fraction?.denominator == rhs.fraction?.denominator
    }

    /// Hashes the fraction, as ``==`` compares it.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(fraction?.numerator)
      hasher.combine(fraction?.denominator)
    }
  }

  /// The answer.
  public var outcome: ScriptedOutcome
  /// When it arrives.
  public var timing: Timing

  /// Every fate of a login for `timings`: each of ``loginOutcomes(timeout:)`` at each
  /// timing, and `never` once (its outcome is never seen).
  public static func all(timings: [Timing], timeout: Duration) -> [Fate] {
    all(of: loginOutcomes(timeout: timeout), timings: timings)
  }

  /// Every fate of `outcomes` at `timings`, and `never` once.
  static func all(of outcomes: [ScriptedOutcome], timings: [Timing]) -> [Fate] {
    timings.filter { $0 != .never }.flatMap { timing in
      outcomes.map { Fate(outcome: $0, timing: timing) }
    } + [Fate(outcome: outcomes[0], timing: .never)]
  }

  /// What the server may answer a login with: a session, each error (a refusal with the
  /// explorer's ``refusalWait``), and the explorer's challenge.
  public static func loginOutcomes(timeout: Duration) -> [ScriptedOutcome] {
    ScriptedOutcome.loginOutcomes.map { outcome in
      outcome == .failure(.rateLimited(retryAfter: nil)) ? refusal : outcome
    } + [.secondFactor(challenge(timeout: timeout))]
  }

  /// The wait the explorer's refusals ask for: two seconds, one tick of the throttle's
  /// countdown and then its end, as short as a countdown that ticks can be.
  public static let refusalWait: Duration = .seconds(2)

  /// The explorer's refusal: rate limited for ``refusalWait``.
  public static let refusal = ScriptedOutcome.failure(.rateLimited(retryAfter: refusalWait))

  /// The explorer's challenge for a store timeout `T`: a six-digit code that expires `T`
  /// after it is sent (so that its expiry can tie with a check's answer and timeout), and a
  /// two-second cooldown (one tick of the countdown, then Resend comes back).
  public static func challenge(timeout: Duration) -> SecondFactorChallenge {
    SecondFactorChallenge(
      id: DemoAuthService.challengeID, codeLength: CodeSample.complete.text.count,
      expiresIn: timeout, resendAfter: .seconds(2))
  }

  /// What the server may answer a check with: accepted, rejected, expired, or a server
  /// error (every error takes the same row of the code step's table).
  public static let checkOutcomes: [ScriptedOutcome] = [
    .codeAccepted, .codeRejected, .codeExpired, .failure(.serverError),
  ]

  /// The explorer's device authorization: a one-second interval, and codes that last six
  /// seconds, long enough for two polls, a `slow_down` and a timeout to happen before they
  /// expire, short enough that the countdown's ticks stay few.
  /// Its device code and page are the session format's (`respond device-code` keeps them),
  /// so that a counterexample's `respond` line gives the replay these very codes.
  public static let deviceAuthorization = DeviceAuthorization(
    deviceCode: ScriptedOutcome.defaultDeviceCodes.deviceCode, userCode: "EXPLORER",
    verificationURI: ScriptedOutcome.defaultDeviceCodes.verificationURI,
    expiresIn: .seconds(6), interval: .seconds(1))

  /// What the server may answer the request for device login's codes with: the codes, or a
  /// server error.
  public static let authorizationOutcomes: [ScriptedOutcome] = [
    .deviceCode(deviceAuthorization), .failure(.serverError),
  ]

  /// Every fate of the request for device login's codes at `timings`.
  static func authorization(timings: [Timing]) -> [Fate] {
    all(of: authorizationOutcomes, timings: timings)
  }

  /// What the server may answer a poll with before the timeout: approval, each RFC 8628
  /// answer, and a server error (which a network error follows too).
  public static let pollOutcomes: [ScriptedOutcome] = [
    .success, .pending, .slowDown, .denied, .expiredToken, .failure(.serverError),
  ]

  /// Every fate of a poll: each of ``pollOutcomes`` at `T/2`, and one that comes after the
  /// timeout (the poll times out, the interval doubles, the late answer is dropped).
  public static let pollFates: [Fate] =
    pollOutcomes.map { Fate(outcome: $0, timing: .early) }
    + [Fate(outcome: .pending, timing: .late)]

  /// The fate of a poll whose deadline an event other than ``ExplorerEvent/advancePolling(_:)``
  /// reaches (a wait, a drain): the server answers `pending` at `T/2`.
  public static let defaultPoll = Fate(outcome: .pending, timing: .early)

  /// What the server may answer a resend with: a new code, or a server error.
  public static let resendOutcomes: [ScriptedOutcome] = [.codeSent, .failure(.serverError)]

  /// Every fate of a check (`resend` false) or a resend at `timings`.
  static func codeRequest(resend: Bool, timings: [Timing]) -> [Fate] {
    all(of: resend ? resendOutcomes : checkOutcomes, timings: timings)
  }

  /// How long after the request starts the answer arrives, for a store timeout `timeout`.
  public func delay(timeout: Duration) -> Duration {
    guard let (numerator, denominator) = timing.fraction else { return DurationLiteral.maximum }
    return timeout * numerator / denominator
  }

  /// The fate in words, such as `answers success at T/2`.
  public var description: String {
    guard timing != .never else { return "never answers" }
    let when =
      timing == .tie
      ? "T, tied with the timeout"
      : timing.isBeforeTimeout ? "\(timing)" : "\(timing), after the timeout"
    return "answers \(outcome.name) at \(when)"
  }
}
