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
