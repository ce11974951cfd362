import LoginFlow
import Testing

/// One row of the expected behaviour: a state, an action, and the whole expected outcome.
struct TransitionCase: CustomTestStringConvertible {
  var variant: String
  var before: LoginState
  var action: LoginAction
  var after: LoginState
  var effects: [LoginEffect]

  var testDescription: String { "\(before.phase.kind) + \(action.kind) [\(variant)]" }
}

/// Builds the states and actions of the exhaustive table.
enum Fixture {
  static let session = AuthSession(token: "tok-SECRET-123", expiresIn: .seconds(3600))
  static let refreshable = AuthSession(token: "tok-2", refreshToken: "refresh-2")
  /// The wall-clock time the runtime passes in with a restored session: 2025-01-01T00:00:00Z.
  static let restoredAt = Timestamp(secondsSinceEpoch: 1_735_689_600)

  /// A remembered session that expires `expiresIn` after ``restoredAt``.
  static func stored(expiresIn: Duration, refreshToken: String? = nil) -> StoredSession {
    StoredSession(
      token: "stored-SECRET", refreshToken: refreshToken,
      expiresAt: restoredAt.advanced(by: expiresIn))
  }
  static let email = "  demo@example.com "
  static let password = " Password123! "
  static let inFlight = 4

  /// A state in `phase` with a valid form, a used attempt counter and two previous failures.
  static func state(_ phase: LoginPhase, email: String = email, password: String = password)
    -> LoginState
  {
    LoginState(
      email: email, password: password, isPasswordVisible: false, phase: phase,
      attempt: inFlight, consecutiveInvalidCredentials: 2)
  }

  /// The representative phases of each kind.
  static func phase(_ kind: LoginPhase.Kind) -> LoginPhase {
    switch kind {
    case .idle: .idle
    case .editing: .editing
    case .submitting: .submitting
    case .succeeded: .succeeded(session)
    case .failed: .failed(.serverError)
    case .secondFactor:
      .secondFactor(
        SecondFactorMachine.start(SecondFactorMachine.exampleChallenge, after: inFlight).state)
    case .device:
      .device(
        DeviceLoginMachine.start(DeviceLoginMachine.exampleAuthorization, after: inFlight).state)
    }
  }

  static let emailMaximum = LoginState.maximumEmailLength
  static let passwordMaximum = LoginState.maximumPasswordLength

  /// `count` copies of `text`.
  static func repeated(_ text: String, _ count: Int) -> String {
    String(repeating: text, count: count)
  }

  /// Texts longer than `maximum` scalars and what the field keeps of each: the first
  /// `maximum` scalars, even when the cut falls inside a character.
  static func overLimit(_ maximum: Int) -> [(variant: String, text: String, kept: String)] {
    [
      ("one over", repeated("a", maximum + 1), repeated("a", maximum)),
      ("ten times over", repeated("ab", maximum * 5), repeated("ab", maximum / 2)),
      (
        "cut inside a character", repeated("a", maximum - 1) + "e\u{301}z",
        repeated("a", maximum - 1) + "e"
      ),
    ]
  }

  /// `state` changed by `change`.
  static func with(_ state: LoginState, _ change: (inout LoginState) -> Void) -> LoginState {
    var copy = state
    change(&copy)
    return copy
  }
}

/// Every expected transition, keyed by its cell. A missing key fails the exhaustive test, so
/// adding a phase or an action kind without writing its row here fails.
let transitionTable: [TableKey: [TransitionCase]] = {
  typealias F = Fixture
  var table: [TableKey: [TransitionCase]] = [:]
  func row(_ phase: LoginPhase.Kind, _ action: LoginAction.Kind, _ cases: [TransitionCase]) {
    table[TableKey(phase: phase, action: action)] = cases
  }
  func same(_ variant: String, _ before: LoginState, _ action: LoginAction) -> TransitionCase {
    TransitionCase(variant: variant, before: before, action: action, after: before, effects: [])
  }
  let newEmail = "new@example.com"
  let newPassword = "hunter2"
  let failures = AuthError.allCases

  for kind in LoginPhase.Kind.allCases {
    let before = F.state(F.phase(kind))
    // Toggling the eye flips visibility in every phase, and back.
    row(
      kind, .passwordVisibilityToggled,
      [
        TransitionCase(
          variant: "hide→show", before: before, action: .passwordVisibilityToggled,
          after: F.with(before) { $0.isPasswordVisible = true }, effects: []),
        TransitionCase(
          variant: "show→hide", before: F.with(before) { $0.isPasswordVisible = true },
          action: .passwordVisibilityToggled, after: before, effects: []),
      ])
  }

  // Typing in idle, editing and failed stores the value and moves to editing; a value
  // longer than the field's maximum is cut to it and the cut is recorded.
  for kind in [LoginPhase.Kind.idle, .editing, .failed] {
    let before = F.state(F.phase(kind))
    let fullEmail = F.state(F.phase(kind), email: F.repeated("z", F.emailMaximum))
    let cutEmail = F.with(fullEmail) { $0.emailLimitReached = true }
    let fullPassword = F.state(F.phase(kind), password: F.repeated("z", F.passwordMaximum))
    let cutPassword = F.with(fullPassword) { $0.passwordLimitReached = true }
    let atEmailMaximum = F.repeated("a", F.emailMaximum)
    let atPasswordMaximum = F.repeated("a", F.passwordMaximum)
    row(
      kind, .emailChanged,
      F.overLimit(F.emailMaximum).flatMap { over in
        [
          TransitionCase(
            variant: "over limit, \(over.variant): cut and flagged", before: before,
            action: .emailChanged(over.text),
            after: F.with(before) {
              $0.email = over.kept
              $0.emailLimitReached = true
              $0.phase = .editing
            }, effects: []),
          TransitionCase(
            variant: "over limit again, \(over.variant): still flagged", before: cutEmail,
            action: .emailChanged(over.text),
            after: F.with(cutEmail) {
              $0.email = over.kept
              $0.phase = .editing
            }, effects: []),
        ]
      } + [
        TransitionCase(
          variant: "exactly at the limit: stored whole, not flagged", before: before,
          action: .emailChanged(atEmailMaximum),
          after: F.with(before) {
            $0.email = atEmailMaximum
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "back within the limit: the flag clears", before: cutEmail,
          action: .emailChanged(newEmail),
          after: F.with(cutEmail) {
            $0.email = newEmail
            $0.emailLimitReached = false
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "the password's flag is its own", before: cutPassword,
          action: .emailChanged(newEmail),
          after: F.with(cutPassword) {
            $0.email = newEmail
            $0.phase = .editing
          }, effects: []),
      ] + [
        TransitionCase(
          variant: "store", before: before, action: .emailChanged(newEmail),
          after: F.with(before) {
            $0.email = newEmail
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "invalid value stored as typed", before: before, action: .emailChanged(" x@"),
          after: F.with(before) {
            $0.email = " x@"
            $0.phase = .editing
          }, effects: []),
      ])
    row(
      kind, .passwordChanged,
      F.overLimit(F.passwordMaximum).flatMap { over in
        [
          TransitionCase(
            variant: "over limit, \(over.variant): cut and flagged", before: before,
            action: .passwordChanged(over.text),
            after: F.with(before) {
              $0.password = over.kept
              $0.passwordLimitReached = true
              $0.phase = .editing
            }, effects: []),
          TransitionCase(
            variant: "over limit again, \(over.variant): still flagged", before: cutPassword,
            action: .passwordChanged(over.text),
            after: F.with(cutPassword) {
              $0.password = over.kept
              $0.phase = .editing
            }, effects: []),
        ]
      } + [
        TransitionCase(
          variant: "exactly at the limit: stored whole, not flagged", before: before,
          action: .passwordChanged(atPasswordMaximum),
          after: F.with(before) {
            $0.password = atPasswordMaximum
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "back within the limit: the flag clears", before: cutPassword,
          action: .passwordChanged(newPassword),
          after: F.with(cutPassword) {
            $0.password = newPassword
            $0.passwordLimitReached = false
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "the email's flag is its own", before: cutEmail,
          action: .passwordChanged(newPassword),
          after: F.with(cutEmail) {
            $0.password = newPassword
            $0.phase = .editing
          }, effects: []),
      ] + [
        TransitionCase(
          variant: "store", before: before, action: .passwordChanged(newPassword),
          after: F.with(before) {
            $0.password = newPassword
            $0.phase = .editing
          }, effects: []),
        TransitionCase(
          variant: "blanks kept", before: before, action: .passwordChanged("  "),
          after: F.with(before) {
            $0.password = "  "
            $0.phase = .editing
          }, effects: []),
      ])
    // Submit with a valid form starts the next attempt; with an invalid one it is ignored.
    let invalidEmail = F.state(F.phase(kind), email: "demo@")
    let blankPassword = F.state(F.phase(kind), password: "   ")
    row(
      kind, .submitTapped,
      [
        TransitionCase(
          variant: "valid form", before: before, action: .submitTapped,
          after: F.with(before) {
            $0.attempt = 5
            $0.phase = .submitting
          },
          effects: [
            .authenticate(
              attempt: 5, Credentials(email: "demo@example.com", password: " Password123! "))
          ]),
        same("invalid email", invalidEmail, .submitTapped),
        same("blank password", blankPassword, .submitTapped),
      ])
    // Responses are never applied outside submitting, whatever their attempt.
    row(
      kind, .authResponse,
      [
        same(
          "current id, success", before, .authResponse(attempt: F.inFlight, .success(F.session))),
        same("next id, failure", before, .authResponse(attempt: 5, .failure(.invalidCredentials))),
      ])
    row(kind, .logoutTapped, [same("not logged in", before, .logoutTapped)])
  }

  // Cancel: ignored in idle and editing, dismisses the error in failed.
  row(.idle, .cancelTapped, [same("nothing to cancel", F.state(.idle), .cancelTapped)])
  row(.editing, .cancelTapped, [same("nothing to cancel", F.state(.editing), .cancelTapped)])
  row(
    .failed, .cancelTapped,
    failures.map { error in
      TransitionCase(
        variant: "dismiss \(error.name)", before: F.state(.failed(error)), action: .cancelTapped,
        after: F.state(.editing), effects: [])
    })

  // Submitting: the form is locked, no second request, cancel, and the responses.
  let submitting = F.state(.submitting)
  // A locked form ignores every change, however long.
  func locked(_ before: LoginState) -> (email: [TransitionCase], password: [TransitionCase]) {
    let email =
      [same("locked", before, .emailChanged(newEmail))]
      + F.overLimit(F.emailMaximum).map {
        same("locked, over limit, \($0.variant)", before, .emailChanged($0.text))
      }
    let password =
      [same("locked", before, .passwordChanged(newPassword))]
      + F.overLimit(F.passwordMaximum).map {
        same("locked, over limit, \($0.variant)", before, .passwordChanged($0.text))
      }
    return (email, password)
  }
  row(.submitting, .emailChanged, locked(submitting).email)
  row(.submitting, .passwordChanged, locked(submitting).password)
  row(.submitting, .submitTapped, [same("no second request", submitting, .submitTapped)])
  row(
    .submitting, .cancelTapped,
    [
      TransitionCase(
        variant: "cancel in flight", before: submitting, action: .cancelTapped,
        after: F.state(.editing), effects: [.cancelAuthentication(attempt: F.inFlight)])
    ])
  row(.submitting, .logoutTapped, [same("not logged in", submitting, .logoutTapped)])
  var responses = [
    TransitionCase(
      variant: "current, success", before: submitting,
      action: .authResponse(attempt: F.inFlight, .success(F.session)),
      after: F.with(submitting) {
        $0.phase = .succeeded(F.session)
        $0.password = ""
        $0.consecutiveInvalidCredentials = 0
      }, effects: [.saveSession(F.session)]),
    TransitionCase(
      variant: "current, success, after a cut password: the password's flag clears",
      before: F.with(submitting) {
        $0.password = F.repeated("p", F.passwordMaximum)
        $0.passwordLimitReached = true
        $0.emailLimitReached = true
      },
      action: .authResponse(attempt: F.inFlight, .success(F.session)),
      after: F.with(submitting) {
        $0.phase = .succeeded(F.session)
        $0.password = ""
        $0.consecutiveInvalidCredentials = 0
        $0.emailLimitReached = true
      }, effects: [.saveSession(F.session)]),
    TransitionCase(
      variant: "current, success, with a stray not-remembered flag: a new login clears it",
      before: F.with(submitting) { $0.sessionNotRemembered = true },
      action: .authResponse(attempt: F.inFlight, .success(F.refreshable)),
      after: F.with(submitting) {
        $0.phase = .succeeded(F.refreshable)
        $0.password = ""
        $0.consecutiveInvalidCredentials = 0
      }, effects: [.saveSession(F.refreshable)]),
    same("stale older, success", submitting, .authResponse(attempt: 3, .success(F.session))),
    same("stale newer, failure", submitting, .authResponse(attempt: 5, .failure(.serverError))),
  ]
  for error in failures {
    // A refusal without a wait of its own throttles for the default 30 s.
    let throttles = error == .rateLimited(retryAfter: nil)
    responses.append(
      TransitionCase(
        variant: "current, \(error.name)", before: submitting,
        action: .authResponse(attempt: F.inFlight, .failure(error)),
        after: F.with(submitting) {
          $0.phase = .failed(error)
          $0.consecutiveInvalidCredentials = error == .invalidCredentials ? 3 : 2
          if throttles { $0.retryIn = .seconds(30) }
        }, effects: throttles ? [.scheduleThrottleTick(after: .seconds(1))] : []))
    responses.append(
      same("stale, \(error.name)", submitting, .authResponse(attempt: 1, .failure(error))))
  }
  row(.submitting, .authResponse, responses)

  // Succeeded: locked form; only logout does something.
  let succeeded = F.with(F.state(.succeeded(F.session))) { $0.password = "" }
  row(.succeeded, .emailChanged, locked(succeeded).email)
  row(.succeeded, .passwordChanged, locked(succeeded).password)
  row(.succeeded, .submitTapped, [same("already in", succeeded, .submitTapped)])
  row(.succeeded, .cancelTapped, [same("nothing to cancel", succeeded, .cancelTapped)])
  row(
    .succeeded, .authResponse,
    [
      same("late success", succeeded, .authResponse(attempt: F.inFlight, .success(F.session))),
      same("late failure", succeeded, .authResponse(attempt: F.inFlight, .failure(.timedOut))),
    ])
  row(
    .succeeded, .logoutTapped,
    [
      TransitionCase(
        variant: "log out",
        before: F.with(F.state(.succeeded(F.session))) {
          $0.isPasswordVisible = true
        }, action: .logoutTapped,
        after: LoginState(
          email: F.email, password: "", isPasswordVisible: false, phase: .idle,
          attempt: F.inFlight, consecutiveInvalidCredentials: 0), effects: [.clearSession]),
      TransitionCase(
        variant: "log out after a failed save: the flag clears",
        before: F.with(F.state(.succeeded(F.session))) { $0.sessionNotRemembered = true },
        action: .logoutTapped,
        after: LoginState(
          email: F.email, password: "", phase: .idle, attempt: F.inFlight,
          consecutiveInvalidCredentials: 0), effects: [.clearSession]),
      TransitionCase(
        variant: "log out after cut fields: the email and its flag stay, the password's clears",
        before: F.with(F.state(.succeeded(F.session))) {
          $0.email = F.repeated("e", F.emailMaximum)
          $0.emailLimitReached = true
          $0.passwordLimitReached = true
        }, action: .logoutTapped,
        after: LoginState(
          email: F.repeated("e", F.emailMaximum), password: "", isPasswordVisible: false,
          phase: .idle, attempt: F.inFlight, consecutiveInvalidCredentials: 0,
          emailLimitReached: true), effects: [.clearSession]),
    ])

  // Reset: the first screen from any phase; the request in flight is cancelled and the
  // attempt id kept, so ids only grow.
  for kind in LoginPhase.Kind.allCases {
    let before = F.with(F.state(F.phase(kind))) {
      $0.isPasswordVisible = true
      $0.emailLimitReached = true
      $0.passwordLimitReached = true
      $0.sessionNotRemembered = kind == .succeeded
    }
    // Leaving a login forgets the remembered session, as a logout does.
    let effects: [LoginEffect]
    switch kind {
    case .submitting: effects = [.cancelAuthentication(attempt: F.inFlight)]
    case .succeeded: effects = [.clearSession]
    case .secondFactor: effects = [.secondFactor(.cancelExpiry), .secondFactor(.cancelCountdown)]
    case .device: effects = [.deviceLogin(.cancelScheduledPoll), .deviceLogin(.cancelCountdown)]
    case .idle, .editing, .failed: effects = []
    }
    row(
      kind, .reset,
      [
        TransitionCase(
          variant: "back to the first screen", before: before, action: .reset,
          after: LoginState(attempt: F.inFlight), effects: effects),
        TransitionCase(
          variant: "from a plain state", before: F.state(F.phase(kind)), action: .reset,
          after: LoginState(attempt: F.inFlight), effects: effects),
      ])
  }

  // The store closing: the request in flight ends and the form returns; elsewhere nothing.
  row(
    .submitting, .storeClosed,
    [
      TransitionCase(
        variant: "the request ends, the form returns", before: submitting, action: .storeClosed,
        after: F.state(.editing), effects: [.cancelAuthentication(attempt: F.inFlight)]),
      TransitionCase(
        variant: "the password stays as it was shown",
        before: F.with(submitting) { $0.isPasswordVisible = true }, action: .storeClosed,
        after: F.with(F.state(.editing)) { $0.isPasswordVisible = true },
        effects: [.cancelAuthentication(attempt: F.inFlight)]),
    ])
  for kind in [LoginPhase.Kind.idle, .editing, .succeeded, .failed] {
    row(kind, .storeClosed, [same("nothing to end", F.state(F.phase(kind)), .storeClosed)])
  }

  // A failed save only flags a login; anywhere else it changes nothing.
  row(
    .succeeded, .sessionSaveFailed,
    [
      TransitionCase(
        variant: "not remembered", before: succeeded, action: .sessionSaveFailed,
        after: F.with(succeeded) { $0.sessionNotRemembered = true }, effects: []),
      same(
        "already flagged", F.with(succeeded) { $0.sessionNotRemembered = true },
        .sessionSaveFailed),
    ])
  for kind in [LoginPhase.Kind.idle, .editing, .submitting, .failed] {
    row(
      kind, .sessionSaveFailed, [same("not logged in", F.state(F.phase(kind)), .sessionSaveFailed)])
  }

  // A remembered session logs in from idle until it expires; an expired one is forgotten.
  let idle = F.state(.idle)
  let now = F.restoredAt
  func restored(_ session: StoredSession, at now: Timestamp) -> LoginAction {
    .sessionRestored(session, now: now)
  }
  row(
    .idle, .sessionRestored,
    [
      TransitionCase(
        variant: "unexpired: logged in, with what remains of its life",
        before: idle, action: restored(F.stored(expiresIn: .seconds(3600)), at: now),
        after: F.with(idle) {
          $0.phase = .succeeded(
            AuthSession(token: F.stored(expiresIn: .zero).token, expiresIn: .seconds(3600)))
          $0.password = ""
          $0.consecutiveInvalidCredentials = 0
        }, effects: []),
      TransitionCase(
        variant: "unexpired by a nanosecond, with a refresh token and cut, visible fields",
        before: F.with(idle) {
          $0.isPasswordVisible = true
          $0.passwordLimitReached = true
          $0.emailLimitReached = true
          $0.sessionNotRemembered = true
        },
        action: restored(F.stored(expiresIn: .nanoseconds(1), refreshToken: "r"), at: now),
        after: F.with(idle) {
          $0.phase = .succeeded(
            AuthSession(
              token: F.stored(expiresIn: .zero).token, expiresIn: .nanoseconds(1),
              refreshToken: "r"))
          $0.password = ""
          $0.consecutiveInvalidCredentials = 0
          $0.isPasswordVisible = true
          $0.emailLimitReached = true
        }, effects: []),
      TransitionCase(
        variant: "expired exactly now: forgotten", before: idle,
        action: restored(F.stored(expiresIn: .zero), at: now), after: idle,
        effects: [.clearSession]),
      TransitionCase(
        variant: "expired long ago: forgotten", before: idle,
        action: restored(F.stored(expiresIn: .seconds(-86_400 * 365)), at: now), after: idle,
        effects: [.clearSession]),
    ])
  // A read that arrives after the user started changes no screen; what it read is forgotten,
  // so that the next launch cannot restore a session the user was replacing, unless this
  // launch's own login is what is kept.
  func forgotten(_ variant: String, _ before: LoginState, _ action: LoginAction)
    -> TransitionCase
  {
    TransitionCase(
      variant: variant, before: before, action: action, after: before, effects: [.clearSession])
  }
  for kind in [LoginPhase.Kind.editing, .submitting, .failed] {
    let before = F.state(F.phase(kind))
    row(
      kind, .sessionRestored,
      [
        forgotten(
          "already started, unexpired", before, restored(F.stored(expiresIn: .seconds(60)), at: now)
        ),
        forgotten(
          "already started, expired", before, restored(F.stored(expiresIn: .zero), at: now)),
      ])
  }
  let notRemembered = F.with(succeeded) { $0.sessionNotRemembered = true }
  row(
    .succeeded, .sessionRestored,
    [
      same(
        "this launch's login kept, unexpired", succeeded,
        restored(F.stored(expiresIn: .seconds(60)), at: now)),
      same(
        "this launch's login kept, expired", succeeded,
        restored(F.stored(expiresIn: .zero), at: now)),
      forgotten(
        "this launch's login not kept", notRemembered,
        restored(F.stored(expiresIn: .seconds(60)), at: now)),
    ])

  // The code step: a challenge for the attempt in flight starts it; its actions go to it
  // while it is shown and are ignored elsewhere; the form's actions are ignored while it is.
  let challenge = SecondFactorMachine.exampleChallenge
  let asked = LoginAction.secondFactorRequired(attempt: F.inFlight, challenge)
  for kind in [LoginPhase.Kind.idle, .editing, .succeeded, .failed, .secondFactor] {
    let before = F.state(F.phase(kind))
    row(kind, .secondFactorRequired, [same("no login in flight", before, asked)])
  }
  let codeStep = SecondFactorMachine.start(challenge, after: F.inFlight).state
  row(
    .submitting, .secondFactorRequired,
    [
      TransitionCase(
        variant: "the code step starts, the password goes", before: F.state(.submitting),
        action: asked,
        after: F.with(F.state(.secondFactor(codeStep))) { $0.password = "" },
        effects: [
          .secondFactor(.scheduleExpiry(after: .seconds(5))),
          .secondFactor(.scheduleCountdown(.countdownTicked, after: .seconds(1))),
        ]),
      same(
        "stale", F.state(.submitting),
        .secondFactorRequired(attempt: F.inFlight - 1, challenge)),
    ])
  for kind in [LoginPhase.Kind.idle, .editing, .submitting, .succeeded, .failed] {
    let before = F.state(F.phase(kind))
    row(
      kind, .secondFactor,
      [
        same("no code step shown", before, .secondFactor(.codeChanged("123456"))),
        same("no code step shown", before, .secondFactor(.backTapped)),
      ])
  }
  let shown = F.with(F.state(.secondFactor(codeStep))) { $0.password = "" }
  for (action, kind) in [
    (LoginAction.emailChanged(newEmail), LoginAction.Kind.emailChanged),
    (.passwordChanged(newPassword), .passwordChanged), (.submitTapped, .submitTapped),
    (.cancelTapped, .cancelTapped), (.logoutTapped, .logoutTapped),
    (.authResponse(attempt: F.inFlight, .success(F.session)), .authResponse),
    (.sessionSaveFailed, .sessionSaveFailed),
  ] {
    row(.secondFactor, kind, [same("the code step is shown", shown, action)])
  }
  var checking = codeStep
  checking.code = "123456"
  checking.step = .checking
  checking.request = F.inFlight + 1
  let checkingState = F.with(shown) {
    $0.phase = .secondFactor(checking)
    $0.attempt = F.inFlight + 1
  }
  row(
    .secondFactor, .storeClosed,
    [
      same("nothing in flight", shown, .storeClosed),
      TransitionCase(
        variant: "the check in flight ends", before: checkingState, action: .storeClosed,
        after: F.with(checkingState) {
          var ended = checking
          ended.step = .entering
          $0.phase = .secondFactor(ended)
        }, effects: [.secondFactor(.cancelCheck(request: F.inFlight + 1))]),
    ])
  row(
    .secondFactor, .sessionRestored,
    [
      TransitionCase(
        variant: "read late: forgotten", before: shown,
        action: .sessionRestored(F.stored(expiresIn: .seconds(60)), now: .epoch), after: shown,
        effects: [.clearSession])
    ])
  var lastChance = checking
  lastChance.rejectedCodes = SecondFactorState.maximumRejectedCodes - 1
  let lastChanceState = F.with(checkingState) { $0.phase = .secondFactor(lastChance) }
  row(
    .secondFactor, .secondFactor,
    [
      TransitionCase(
        variant: "a digit typed", before: shown, action: .secondFactor(.codeChanged("1")),
        after: F.with(shown) {
          var typed = codeStep
          typed.code = "1"
          $0.phase = .secondFactor(typed)
        }, effects: []),
      TransitionCase(
        variant: "the last digit checks the code", before: shown,
        action: .secondFactor(.codeChanged("123456")),
        after: checkingState,
        effects: [
          .secondFactor(
            .checkCode(request: F.inFlight + 1, challenge: challenge.id, code: "123456"))
        ]),
      TransitionCase(
        variant: "accepted: logged in and remembered", before: checkingState,
        action: .secondFactor(.verifyAnswer(request: F.inFlight + 1, .accepted(F.session))),
        after: F.with(checkingState) {
          $0.phase = .succeeded(F.session)
          $0.consecutiveInvalidCredentials = 0
        },
        effects: [
          .secondFactor(.cancelExpiry), .secondFactor(.cancelCountdown), .saveSession(F.session),
        ]),
      TransitionCase(
        variant: "back: the form, the check cancelled", before: checkingState,
        action: .secondFactor(.backTapped),
        after: F.with(checkingState) { $0.phase = .editing },
        effects: [
          .secondFactor(.cancelCheck(request: F.inFlight + 1)), .secondFactor(.cancelExpiry),
          .secondFactor(.cancelCountdown),
        ]),
      TransitionCase(
        variant: "the third rejection: too many codes", before: lastChanceState,
        action: .secondFactor(.verifyAnswer(request: F.inFlight + 1, .rejected)),
        after: F.with(lastChanceState) { $0.phase = .failed(.tooManyCodes) },
        effects: [.secondFactor(.cancelExpiry), .secondFactor(.cancelCountdown)]),
      same(
        "a stale answer", checkingState,
        .secondFactor(.verifyAnswer(request: F.inFlight, .accepted(F.session)))),
    ])

  // The throttle: a deadline beside the phase, counted down by the store's clock.
  func extend(_ phase: LoginPhase.Kind, _ action: LoginAction.Kind, _ cases: [TransitionCase]) {
    table[TableKey(phase: phase, action: action), default: []] += cases
  }
  func throttled(_ state: LoginState, _ left: Duration) -> LoginState {
    F.with(state) {
      $0.retryIn = left
      if case .secondFactor(var step) = $0.phase {
        step.isHeld = left > .zero
        $0.phase = .secondFactor(step)
      }
    }
  }
  responses = [
    TransitionCase(
      variant: "current, a refusal with its wait", before: submitting,
      action: .authResponse(attempt: F.inFlight, .failure(.rateLimited(retryAfter: .seconds(42)))),
      after: F.with(submitting) {
        $0.phase = .failed(.rateLimited(retryAfter: .seconds(42)))
        $0.retryIn = .seconds(42)
      }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
    TransitionCase(
      variant: "current, a refusal of two hours: an hour", before: submitting,
      action: .authResponse(
        attempt: F.inFlight, .failure(.rateLimited(retryAfter: .seconds(7_200)))),
      after: F.with(submitting) {
        $0.phase = .failed(.rateLimited(retryAfter: .seconds(7_200)))
        $0.retryIn = .seconds(3_600)
      }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
    TransitionCase(
      variant: "current, a refusal of half a second: the end at once", before: submitting,
      action: .authResponse(
        attempt: F.inFlight, .failure(.rateLimited(retryAfter: .milliseconds(500)))),
      after: F.with(submitting) {
        $0.phase = .failed(.rateLimited(retryAfter: .milliseconds(500)))
        $0.retryIn = .milliseconds(500)
      }, effects: [.scheduleThrottleEnd(after: .milliseconds(500))]),
    TransitionCase(
      variant: "current, a negative wait: the default", before: submitting,
      action: .authResponse(attempt: F.inFlight, .failure(.rateLimited(retryAfter: .seconds(-5)))),
      after: F.with(submitting) {
        $0.phase = .failed(.rateLimited(retryAfter: .seconds(-5)))
        $0.retryIn = .seconds(30)
      }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
    same(
      "current, a shorter refusal while throttled: the later deadline stays",
      throttled(submitting, .seconds(50)),
      .authResponse(attempt: F.inFlight, .failure(.rateLimited(retryAfter: .seconds(10))))
    )
    .replacingAfter { $0.phase = .failed(.rateLimited(retryAfter: .seconds(10))) },
    TransitionCase(
      variant: "current, a longer refusal while throttled: it replaces the deadline",
      before: throttled(submitting, .seconds(5)),
      action: .authResponse(attempt: F.inFlight, .failure(.rateLimited(retryAfter: .seconds(10)))),
      after: F.with(submitting) {
        $0.phase = .failed(.rateLimited(retryAfter: .seconds(10)))
        $0.retryIn = .seconds(10)
      }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
  ]
  extend(.submitting, .authResponse, responses)
  for kind in LoginPhase.Kind.allCases {
    let before = F.state(F.phase(kind))
    extend(
      kind, .throttleTicked,
      [
        TransitionCase(
          variant: "a second off", before: throttled(before, .seconds(42)), action: .throttleTicked,
          after: throttled(before, .seconds(41)),
          effects: [.scheduleThrottleTick(after: .seconds(1))]),
        TransitionCase(
          variant: "from part of a second to the last second: its end next",
          before: throttled(before, .milliseconds(1_500)), action: .throttleTicked,
          after: throttled(before, .seconds(1)), effects: [.scheduleThrottleEnd(after: .seconds(1))]
        ),
        same(
          "the last second: only the end ends it", throttled(before, .seconds(1)), .throttleTicked),
        same("no throttle", before, .throttleTicked),
      ])
    extend(
      kind, .throttleEnded,
      [
        TransitionCase(
          variant: "the deadline", before: throttled(before, .seconds(1)), action: .throttleEnded,
          after: before, effects: []),
        same("no throttle", before, .throttleEnded),
      ])
    // The throttle survives starting over.
    extend(
      kind, .reset,
      [
        TransitionCase(
          variant: "a throttle runs on", before: throttled(before, .seconds(9)), action: .reset,
          after: LoginState(attempt: F.inFlight, retryIn: .seconds(9)),
          effects: table[TableKey(phase: kind, action: .reset)]?.first?.effects ?? [])
      ])
  }
  for kind in [LoginPhase.Kind.idle, .editing, .failed] {
    let before = F.state(F.phase(kind))
    extend(
      kind, .submitTapped,
      [
        same("a valid form while throttled", throttled(before, .seconds(42)), .submitTapped),
        same(
          "a valid form in the throttle's last instant", throttled(before, .nanoseconds(1)),
          .submitTapped),
      ])
  }
  let refusedBefore = F.state(.failed(.rateLimited(retryAfter: .seconds(30))))
  extend(
    .failed, .cancelTapped,
    [
      TransitionCase(
        variant: "dismiss a refusal: the throttle runs on",
        before: throttled(refusedBefore, .seconds(20)),
        action: .cancelTapped, after: throttled(F.state(.editing), .seconds(20)), effects: [])
    ])
  var resending = codeStep
  resending.step = .resending
  resending.request = F.inFlight + 1
  let resendingState = F.with(shown) {
    $0.phase = .secondFactor(resending)
    $0.attempt = F.inFlight + 1
  }
  extend(
    .secondFactor, .secondFactor,
    [
      TransitionCase(
        variant: "a check refused: the step shows it, and the throttle holds it",
        before: checkingState,
        action: .secondFactor(
          .verifyAnswer(request: F.inFlight + 1, .failed(.rateLimited(retryAfter: nil)))),
        after: F.with(checkingState) {
          var refused = checking
          refused.step = .failed(.rateLimited(retryAfter: nil))
          refused.isHeld = true
          $0.phase = .secondFactor(refused)
          $0.retryIn = .seconds(30)
        }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
      TransitionCase(
        variant: "a resend refused", before: resendingState,
        action: .secondFactor(
          .resendAnswer(request: F.inFlight + 1, .failure(.rateLimited(retryAfter: .seconds(3))))),
        after: F.with(resendingState) {
          var refused = resending
          refused.step = .failed(.rateLimited(retryAfter: .seconds(3)))
          refused.isHeld = true
          $0.phase = .secondFactor(refused)
          $0.retryIn = .seconds(3)
        }, effects: [.scheduleThrottleTick(after: .seconds(1))]),
      same(
        "a late refusal", checkingState,
        .secondFactor(
          .resendAnswer(request: F.inFlight + 1, .failure(.rateLimited(retryAfter: nil))))),
      same(
        "a complete code while held: no check", throttled(shown, .seconds(5)),
        .secondFactor(.verifyTapped)),
      TransitionCase(
        variant: "the last digit while held: typed, not checked",
        before: throttled(shown, .seconds(5)),
        action: .secondFactor(.codeChanged("123456")),
        after: F.with(throttled(shown, .seconds(5))) {
          var typed = codeStep
          typed.code = "123456"
          typed.isHeld = true
          $0.phase = .secondFactor(typed)
        }, effects: []),
    ])

  // Device login: "Sign in with a browser" asks for codes as a login attempt, which a
  // throttle holds; their arrival starts the step, whose actions go to it while it shows;
  // Cancel returns to the form as it was; the form's controls are ignored meanwhile.
  let codes = DeviceLoginMachine.exampleAuthorization
  for kind in [LoginPhase.Kind.idle, .editing, .failed] {
    let before = F.state(F.phase(kind))
    row(
      kind, .deviceLoginTapped,
      [
        TransitionCase(
          variant: "codes asked for, as a login", before: before, action: .deviceLoginTapped,
          after: F.with(before) {
            $0.phase = .submitting
            $0.attempt = F.inFlight + 1
            $0.phaseBeforeDeviceLogin = F.phase(kind)
          }, effects: [.authorizeDevice(attempt: F.inFlight + 1)]),
        same("held by a throttle", throttled(before, .seconds(42)), .deviceLoginTapped),
      ])
  }
  for kind in [LoginPhase.Kind.submitting, .succeeded, .secondFactor, .device] {
    row(
      kind, .deviceLoginTapped,
      [same("not on the form", F.state(F.phase(kind)), .deviceLoginTapped)])
  }
  let started = LoginAction.deviceLoginStarted(attempt: F.inFlight, codes)
  for kind in [LoginPhase.Kind.idle, .editing, .succeeded, .failed, .secondFactor, .device] {
    row(
      kind, .deviceLoginStarted,
      [same("no request for codes in flight", F.state(F.phase(kind)), started)])
  }
  let deviceStep = DeviceLoginMachine.start(codes, after: F.inFlight).state
  let deviceShown = F.state(.device(deviceStep))
  row(
    .submitting, .deviceLoginStarted,
    [
      TransitionCase(
        variant: "the step starts, the fields kept", before: F.state(.submitting),
        action: started, after: deviceShown,
        effects: [
          .deviceLogin(.schedulePoll(after: codes.interval)),
          .deviceLogin(.scheduleCountdown(.countdownTicked, after: .seconds(1))),
        ]),
      same("stale", F.state(.submitting), .deviceLoginStarted(attempt: F.inFlight - 1, codes)),
    ])
  for kind in [LoginPhase.Kind.idle, .editing, .submitting, .succeeded, .failed, .secondFactor] {
    let before = F.state(F.phase(kind))
    row(
      kind, .deviceLogin,
      [
        same("no device step shown", before, .deviceLogin(.pollDue)),
        same("no device step shown", before, .deviceLogin(.cancelTapped)),
      ])
  }
  for (action, kind) in [
    (LoginAction.emailChanged(newEmail), LoginAction.Kind.emailChanged),
    (.passwordChanged(newPassword), .passwordChanged), (.submitTapped, .submitTapped),
    (.logoutTapped, .logoutTapped),
    (.authResponse(attempt: F.inFlight, .success(F.session)), .authResponse),
    (.secondFactorRequired(attempt: F.inFlight, challenge), .secondFactorRequired),
    (.secondFactor(.verifyTapped), .secondFactor), (.sessionSaveFailed, .sessionSaveFailed),
  ] {
    row(.device, kind, [same("the device step is shown", deviceShown, action)])
  }
  var pollingStep = deviceStep
  pollingStep.step = .polling
  pollingStep.request = F.inFlight + 1
  let polling = F.with(deviceShown) {
    $0.phase = .device(pollingStep)
    $0.attempt = F.inFlight + 1
  }
  func waiting(_ change: (inout DeviceLoginState) -> Void = { _ in }) -> LoginState {
    F.with(polling) {
      var step = pollingStep
      step.step = .waiting
      change(&step)
      $0.phase = .device(step)
    }
  }
  let answer = { (poll: DeviceLoginAction.Poll) in
    LoginAction.deviceLogin(.pollAnswer(request: F.inFlight + 1, poll))
  }
  row(
    .device, .storeClosed,
    [
      same("nothing in flight", deviceShown, .storeClosed),
      TransitionCase(
        variant: "the poll in flight ends", before: polling, action: .storeClosed,
        after: waiting(), effects: [.deviceLogin(.cancelPoll(request: F.inFlight + 1))]),
    ])
  row(
    .device, .sessionRestored,
    [
      TransitionCase(
        variant: "read late: forgotten", before: deviceShown,
        action: .sessionRestored(F.stored(expiresIn: .seconds(60)), now: .epoch),
        after: deviceShown, effects: [.clearSession])
    ])
  let fromFailed = F.with(deviceShown) { $0.phaseBeforeDeviceLogin = .failed(.serverError) }
  row(
    .device, .cancelTapped,
    [
      TransitionCase(
        variant: "back to the form as it was", before: fromFailed, action: .cancelTapped,
        after: F.with(fromFailed) { $0.phase = .failed(.serverError) },
        effects: [.deviceLogin(.cancelScheduledPoll), .deviceLogin(.cancelCountdown)]),
      TransitionCase(
        variant: "the poll in flight cancelled", before: polling, action: .cancelTapped,
        after: F.with(polling) { $0.phase = .idle },
        effects: [
          .deviceLogin(.cancelPoll(request: F.inFlight + 1)), .deviceLogin(.cancelScheduledPoll),
          .deviceLogin(.cancelCountdown),
        ]),
    ])
  row(
    .device, .deviceLogin,
    [
      TransitionCase(
        variant: "the poll falls due", before: deviceShown, action: .deviceLogin(.pollDue),
        after: polling,
        effects: [.deviceLogin(.poll(request: F.inFlight + 1, deviceCode: codes.deviceCode))]),
      TransitionCase(
        variant: "pending: the next poll an interval later", before: polling,
        action: answer(.pending), after: waiting(),
        effects: [.deviceLogin(.schedulePoll(after: codes.interval))]),
      TransitionCase(
        variant: "slow down: five seconds more", before: polling, action: answer(.slowDown),
        after: waiting { $0.interval = codes.interval + .seconds(5) },
        effects: [.deviceLogin(.schedulePoll(after: codes.interval + .seconds(5)))]),
      TransitionCase(
        variant: "approved: logged in and remembered", before: polling,
        action: answer(.approved(F.session)),
        after: F.with(polling) {
          $0.phase = .succeeded(F.session)
          $0.password = ""
          $0.consecutiveInvalidCredentials = 0
        }, effects: [.deviceLogin(.cancelCountdown), .saveSession(F.session)]),
      TransitionCase(
        variant: "denied in the browser", before: polling, action: answer(.denied),
        after: F.with(polling) { $0.phase = .failed(.deviceDenied) },
        effects: [.deviceLogin(.cancelCountdown)]),
      TransitionCase(
        variant: "the codes expired", before: polling, action: .deviceLogin(.codesExpired),
        after: F.with(polling) { $0.phase = .failed(.deviceCodeExpired) },
        effects: [
          .deviceLogin(.cancelPoll(request: F.inFlight + 1)), .deviceLogin(.cancelScheduledPoll),
        ]),
      same("a stale answer", polling, .deviceLogin(.pollAnswer(request: F.inFlight, .pending))),
    ])

  return table
}()

extension TransitionCase {
  /// The case with its expected state changed by `change`.
  func replacingAfter(_ change: (inout LoginState) -> Void) -> TransitionCase {
    var copy = self
    change(&copy.after)
    return copy
  }
}

@Suite("Transitions")
struct TransitionTests {
  @Test(
    "every (phase, action) pair has a row and behaves as written",
    arguments: LoginPhase.Kind.allCases, LoginAction.Kind.allCases)
  func everyPair(phase: LoginPhase.Kind, action: LoginAction.Kind) throws {
    let cell = TableKey(phase: phase, action: action)
    let cases = try #require(transitionTable[cell], "no table row for \(cell)")
    #expect(!cases.isEmpty)
    for row in cases {
      #expect(row.before.phase.kind == phase, "\(row.testDescription)")
      #expect(row.action.kind == action, "\(row.testDescription)")
      let (state, effects) = reduce(row.before, row.action)
      #expect(state == row.after, "\(row.testDescription)")
      #expect(effects == row.effects, "\(row.testDescription)")
    }
  }

  @Test("the table has no row for a pair that does not exist")
  func noExtraRows() {
    #expect(Set(transitionTable.keys) == Set(TableKey.all))
  }

  @Test(
    "reduce is pure: the same input gives the same output",
    arguments: TableKey.all)
  func purity(cell: TableKey) throws {
    for row in try #require(transitionTable[cell]) {
      let first = reduce(row.before, row.action)
      let second = reduce(row.before, row.action)
      #expect(first.state == second.state)
      #expect(first.effects == second.effects)
    }
  }

  @Test(
    "in every phase an over-limit change leaves each field within its maximum",
    arguments: LoginPhase.Kind.allCases)
  func overLimitInEveryPhase(phase: LoginPhase.Kind) {
    let before = Fixture.state(Fixture.phase(phase))
    let fields: [(LoginAction, (LoginState) -> (String, Bool), Int)] = [
      (
        .emailChanged(Fixture.repeated("@", 100_000)), { ($0.email, $0.emailLimitReached) },
        Fixture.emailMaximum
      ),
      (
        .passwordChanged(Fixture.repeated("🔑", 100_000)),
        { ($0.password, $0.passwordLimitReached) }, Fixture.passwordMaximum
      ),
    ]
    for (action, field, maximum) in fields {
      let (after, effects) = reduce(before, action)
      #expect(effects.isEmpty)
      let (text, flagged) = field(after)
      switch phase {
      case .idle, .editing, .failed:
        #expect(text.unicodeScalars.count == maximum, "\(phase) + \(action)")
        #expect(flagged, "\(phase) + \(action)")
        #expect(after.phase == .editing)
      case .submitting, .succeeded, .secondFactor, .device:
        #expect(after == before, "\(phase) + \(action)")
      }
    }
  }

  @Test("the first request is attempt 1, and attempts only grow")
  func attemptsStartAtOne() {
    var state = LoginState()
    (state, _) = reduce(state, .emailChanged("demo@example.com"))
    (state, _) = reduce(state, .passwordChanged("pw"))
    var effects: [LoginEffect]
    (state, effects) = reduce(state, .submitTapped)
    #expect(effects.map(\.request) == [.authenticate(1)])
    (state, _) = reduce(state, .cancelTapped)
    (state, effects) = reduce(state, .submitTapped)
    #expect(effects.map(\.request) == [.authenticate(2)])
    #expect(state.phase == .submitting)
    #expect(state.attemptInFlight == 2)
    // The session effects are about no request, and a logout keeps the count.
    (state, effects) = reduce(state, .authResponse(attempt: 2, .success(Fixture.session)))
    #expect(effects.map(\.request) == [nil])
    (state, effects) = reduce(state, .logoutTapped)
    #expect(effects == [.clearSession])
    #expect(state.attempt == 2)
  }
}
