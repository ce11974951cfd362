import Foundation
import LoginFlow
import Testing

/// One row of `Docs/TransitionTable.md`.
struct DocumentedTransition: CustomTestStringConvertible, Sendable {
  var line: Int
  var phase: LoginPhase.Kind
  var action: LoginAction.Kind
  var condition: String
  var nextPhase: String
  var changes: Set<String>
  var effects: [String]

  var cell: TableKey { TableKey(phase: phase, action: action) }

  var testDescription: String { "line \(line): \(cell) when \(condition)" }
}

enum TransitionDocument {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/TransitionTable.md")

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  /// The rows of the document's table.
  static func rows() throws -> [DocumentedTransition] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var rows: [DocumentedTransition] = []
    var inTable = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix("## The table") { inTable = true }
      guard inTable, line.hasPrefix("|"), !line.hasPrefix("|---"), !line.hasPrefix("| phase") else {
        continue
      }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 6, let phase = LoginPhase.Kind(rawValue: cells[0]),
        let action = LoginAction.Kind(rawValue: cells[1])
      else { throw ParseError(description: "line \(index + 1): cannot read \(line)") }
      let changes = cells[4] == "—" ? [] : cells[4].components(separatedBy: ", ")
      let effects = cells[5] == "none" ? [] : cells[5].components(separatedBy: ", ")
      rows.append(
        DocumentedTransition(
          line: index + 1, phase: phase, action: action, condition: cells[2], nextPhase: cells[3],
          changes: Set(changes), effects: effects))
    }
    return rows
  }

  static let inFlight = 4

  /// When the runtime restores a session in the examples: 2025-01-01T00:00:00Z.
  static let restoredAt = Timestamp(secondsSinceEpoch: 1_735_689_600)

  /// A remembered session that expires at `expiresAt`.
  static func stored(expiresAt: Timestamp, refresh: String? = nil) -> StoredSession {
    StoredSession(token: "stored", refreshToken: refresh, expiresAt: expiresAt)
  }

  static func phase(_ kind: LoginPhase.Kind) -> LoginPhase {
    switch kind {
    case .idle: .idle
    case .editing: .editing
    case .submitting: .submitting
    case .succeeded: .succeeded(AuthSession(token: "t"))
    case .failed: .failed(.serverError)
    case .secondFactor: .secondFactor(codeStep())
    case .device: .device(deviceStep())
    }
  }

  /// The device step as the codes answering the attempt in flight start it, changed by
  /// `change`.
  static func deviceStep(_ change: (inout DeviceLoginState) -> Void = { _ in }) -> DeviceLoginState
  {
    var step = DeviceLoginMachine.start(DeviceLoginMachine.exampleAuthorization, after: inFlight)
      .state
    change(&step)
    return step
  }

  /// The device step with a poll in flight, as the next poll starts it.
  static let polling = deviceStep {
    $0.step = .polling
    $0.request = inFlight + 1
  }

  /// The phases the form can be in when device login starts, for Cancel to return to.
  static let phasesBeforeDeviceLogin: [LoginPhase] = [.idle, .editing, .failed(.serverError)]

  /// The code step as a challenge answering the attempt in flight starts it, changed by
  /// `change`.
  static func codeStep(_ change: (inout SecondFactorState) -> Void = { _ in }) -> SecondFactorState
  {
    var step = SecondFactorMachine.start(SecondFactorMachine.exampleChallenge, after: inFlight)
      .state
    change(&step)
    return step
  }

  /// The document's name of an effect: its case, or `code step's` for a run of the code
  /// step's own (its table, `Docs/SecondFactorTable.md`, says which).
  static func names(of effects: [LoginEffect]) -> [String] {
    var names: [String] = []
    for effect in effects {
      let name: String
      switch effect {
      case .authenticate: name = "authenticate"
      case .cancelAuthentication: name = "cancelAuthentication"
      case .saveSession: name = "saveSession"
      case .clearSession: name = "clearSession"
      case .secondFactor: name = "code step's"
      case .scheduleThrottleTick, .scheduleThrottleEnd: name = "throttle countdown"
      case .authorizeDevice: name = "authorizeDevice"
      case .deviceLogin: name = "device step's"
      }
      if name == "code step's" || name == "device step's", names.last == name { continue }
      names.append(name)
    }
    return names
  }

  static let emailMaximum = LoginState.maximumEmailLength
  static let passwordMaximum = LoginState.maximumPasswordLength

  /// Changes that fit their field, up to exactly its maximum.
  static let emailsWithinLimit = [
    "new@example.com", "x@", String(repeating: "a", count: emailMaximum),
  ]
  static let passwordsWithinLimit = [
    " new pw ", "", String(repeating: "b", count: passwordMaximum),
  ]
  /// Changes longer than their field: by one scalar, by far, and ending inside a character.
  static let emailsOverLimit = [
    String(repeating: "c", count: emailMaximum + 1),
    String(repeating: "new@example.com", count: emailMaximum),
    String(repeating: "d", count: emailMaximum - 1) + "e\u{301}",
  ]
  static let passwordsOverLimit = [
    String(repeating: "c", count: passwordMaximum + 1),
    String(repeating: " new pw ", count: passwordMaximum),
    String(repeating: "d", count: passwordMaximum - 1) + "🔑\u{FE0F}",
  ]

  /// `state` with both fields full of text no example types, and both limit flags set.
  static func atLimit(_ state: LoginState) -> LoginState {
    var state = state
    state.email = String(repeating: "z", count: emailMaximum)
    state.password = String(repeating: "z", count: passwordMaximum)
    state.emailLimitReached = true
    state.passwordLimitReached = true
    return state
  }

  /// The first `maximum` scalars of `text`, counted here independently of the reducer.
  static func prefix(_ text: String, scalars maximum: Int) -> String {
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.prefix(maximum))
    return String(kept)
  }

  /// The document's word for a field that changed: stored as typed, stored cut to the
  /// field's maximum, cleared, or an unexpected change.
  static func fieldChange(
    _ name: String, typed: String?, after text: String, flagged: Bool, maximum: Int
  ) -> String {
    if let typed, text == typed, !flagged { return "\(name) stored" }
    if let typed, flagged, typed.unicodeScalars.count > maximum,
      text == prefix(typed, scalars: maximum)
    {
      return "\(name) stored (cut to \(maximum))"
    }
    if typed == nil, text.isEmpty, !flagged { return "\(name) cleared" }
    return "\(name) changed unexpectedly"
  }

  /// The concrete (state, action) pairs a row's condition stands for.
  static func examples(of row: DocumentedTransition) throws -> [(LoginState, LoginAction)] {
    var states: [LoginState] = []
    for visible in [false, true] {
      states.append(
        LoginState(
          email: " demo@example.com", password: "pw", isPasswordVisible: visible,
          phase: phase(row.phase), attempt: inFlight, consecutiveInvalidCredentials: 2))
    }
    let session = Result<AuthSession, AuthError>.success(AuthSession(token: "t2"))
    let failures = AuthError.allCases.map { Result<AuthSession, AuthError>.failure($0) }
    func responses(attempts: [Int], results: [Result<AuthSession, AuthError>]) -> [LoginAction] {
      attempts.flatMap { attempt in results.map { .authResponse(attempt: attempt, $0) } }
    }
    let actions: [LoginAction]
    switch (row.action, row.condition) {
    case (.emailChanged, "within limit"):
      states += states.map(atLimit)
      actions = emailsWithinLimit.map { .emailChanged($0) }
    case (.emailChanged, "over limit"):
      states += states.map(atLimit)
      actions = emailsOverLimit.map { .emailChanged($0) }
    case (.emailChanged, "always"):
      actions = (emailsWithinLimit + emailsOverLimit).map { .emailChanged($0) }
    case (.passwordChanged, "within limit"):
      states += states.map(atLimit)
      actions = passwordsWithinLimit.map { .passwordChanged($0) }
    case (.passwordChanged, "over limit"):
      states += states.map(atLimit)
      actions = passwordsOverLimit.map { .passwordChanged($0) }
    case (.passwordChanged, "always"):
      actions = (passwordsWithinLimit + passwordsOverLimit).map { .passwordChanged($0) }
    case (.passwordVisibilityToggled, "always"): actions = [.passwordVisibilityToggled]
    case (.submitTapped, "always"), (.submitTapped, "form valid"): actions = [.submitTapped]
    case (.submitTapped, "form invalid"):
      states = states.flatMap { state in
        [
          {
            var s = state
            s.email = "demo@"
            return s
          }(),
          {
            var s = state
            s.password = "  "
            return s
          }(),
        ]
      }
      actions = [.submitTapped]
    case (.cancelTapped, "always"): actions = [.cancelTapped]
    case (.logoutTapped, "always"): actions = [.logoutTapped]
    case (.reset, "always"):
      states += states.map(atLimit)
      states += states.map { state in
        var flagged = state
        flagged.sessionNotRemembered = true
        return flagged
      }
      actions = [.reset]
    case (.storeClosed, "always"): actions = [.storeClosed]
    case (.authResponse, "any attempt"):
      actions = responses(
        attempts: [inFlight - 1, inFlight, inFlight + 1], results: [session] + failures)
    case (.authResponse, "current attempt, success"):
      actions = responses(attempts: [inFlight], results: [session])
    case (.authResponse, "current attempt, invalidCredentials"):
      actions = responses(attempts: [inFlight], results: [.failure(.invalidCredentials)])
    case (.authResponse, "current attempt, other failure"):
      actions = responses(
        attempts: [inFlight],
        results: AuthError.allCases.filter {
          if case .rateLimited = $0 { return false }
          return $0 != .invalidCredentials
        }.map { .failure($0) })
    case (.authResponse, "current attempt, rateLimited"):
      // No wait, a wait, and one past the cap.
      actions = responses(
        attempts: [inFlight],
        results: [nil, .seconds(42), .seconds(7_200)].map { .failure(.rateLimited(retryAfter: $0)) }
      )
    case (.submitTapped, "form valid, throttled"):
      states = states.flatMap { state in
        [Duration.seconds(42), .milliseconds(500)].map { left in
          TransitionDocument.throttled(state, left)
        }
      }
      actions = [.submitTapped]
    case (.throttleTicked, "throttle running"), (.throttleEnded, "throttle running"):
      states = states.flatMap { state in
        [Duration.seconds(42), .seconds(2), .milliseconds(1_500)].map { left in
          TransitionDocument.throttled(state, left)
        }
      }
      actions = [row.action == .throttleTicked ? .throttleTicked : .throttleEnded]
    case (.throttleTicked, "no throttle"):
      // None, or the last second, in which only the end ends it.
      states += states.map { state in
        TransitionDocument.throttled(state, .milliseconds(800))
      }
      actions = [.throttleTicked]
    case (.throttleEnded, "no throttle"): actions = [.throttleEnded]
    case (.secondFactor, "step goes on, refused"):
      // A check or a resend refused, with no wait given or with one.
      let pairs = [nil, Duration.seconds(42)].flatMap {
        wait -> [(SecondFactorState.Step, LoginAction)] in
        [
          (
            .checking,
            .secondFactor(.verifyAnswer(request: inFlight, .failed(.rateLimited(retryAfter: wait))))
          ),
          (
            .resending,
            .secondFactor(
              .resendAnswer(request: inFlight, .failure(.rateLimited(retryAfter: wait))))
          ),
        ]
      }
      return states.flatMap { state in
        pairs.map { step, action in
          var busy = state
          busy.phase = .secondFactor(codeStep { $0.step = step })
          return (busy, action)
        }
      }
    case (.authResponse, "stale attempt"):
      actions = responses(attempts: [1, inFlight - 1, inFlight + 1], results: [session] + failures)
    case (.sessionRestored, "unexpired"):
      // A second to spare, a long life left, and a refresh token.
      actions = [
        .sessionRestored(stored(expiresAt: restoredAt.advanced(by: .seconds(1))), now: restoredAt),
        .sessionRestored(
          stored(expiresAt: restoredAt.advanced(by: .seconds(86_400)), refresh: "r"),
          now: restoredAt),
      ]
    case (.sessionRestored, "expired"):
      // Exactly at its expiry, a nanosecond past it, and long ago.
      actions = [
        .sessionRestored(stored(expiresAt: restoredAt), now: restoredAt),
        .sessionRestored(
          stored(expiresAt: restoredAt), now: restoredAt.advanced(by: .nanoseconds(1))),
        .sessionRestored(stored(expiresAt: .epoch), now: restoredAt),
      ]
    case (.sessionRestored, "always"):
      actions = [
        .sessionRestored(stored(expiresAt: restoredAt.advanced(by: .seconds(60))), now: restoredAt),
        .sessionRestored(stored(expiresAt: .epoch), now: restoredAt),
      ]
    case (.sessionRestored, "login remembered"), (.sessionRestored, "login not remembered"):
      let notRemembered = row.condition == "login not remembered"
      states = states.map { state in
        var flagged = state
        flagged.sessionNotRemembered = notRemembered
        return flagged
      }
      actions = [
        .sessionRestored(stored(expiresAt: restoredAt.advanced(by: .seconds(60))), now: restoredAt),
        .sessionRestored(stored(expiresAt: .epoch), now: restoredAt),
      ]
    case (.secondFactorRequired, "current attempt"):
      actions = [.secondFactorRequired(attempt: inFlight, SecondFactorMachine.exampleChallenge)]
    case (.secondFactorRequired, "stale attempt"), (.secondFactorRequired, "any attempt"):
      let attempts = row.condition == "stale attempt" ? [inFlight - 1, inFlight + 1] : [inFlight]
      actions = attempts.map {
        .secondFactorRequired(attempt: $0, SecondFactorMachine.exampleChallenge)
      }
    case (.secondFactor, "always"):
      actions = [
        .codeChanged("123456"), .verifyTapped, .resendTapped, .backTapped, .codeExpired,
        .countdownTicked, .verifyAnswer(request: inFlight, .rejected),
      ].map(LoginAction.secondFactor)
    case (.secondFactor, "step goes on"):
      actions = [.codeChanged("12"), .codeChanged("123456"), .countdownTicked, .codeExpired].map(
        LoginAction.secondFactor)
    case (.secondFactor, "step ends, abandoned"):
      actions = [.secondFactor(.backTapped)]
    case (.secondFactor, "step ends, signed in"), (.secondFactor, "step ends, failed"):
      let signsIn = row.condition == "step ends, signed in"
      states = states.map { state in
        var checking = state
        checking.phase = .secondFactor(
          codeStep {
            $0.step = .checking
            if !signsIn { $0.rejectedCodes = SecondFactorState.maximumRejectedCodes - 1 }
          })
        return checking
      }
      actions = [
        .secondFactor(
          .verifyAnswer(
            request: inFlight, signsIn ? .accepted(AuthSession(token: "t2")) : .rejected))
      ]
    case (.deviceLoginTapped, "no throttle"), (.deviceLoginTapped, "always"):
      actions = [.deviceLoginTapped]
    case (.deviceLoginTapped, "throttle running"):
      states = states.flatMap { state in
        [Duration.seconds(42), .milliseconds(500)].map { TransitionDocument.throttled(state, $0) }
      }
      actions = [.deviceLoginTapped]
    case (.deviceLoginStarted, "current attempt"):
      actions = [.deviceLoginStarted(attempt: inFlight, DeviceLoginMachine.exampleAuthorization)]
    case (.deviceLoginStarted, "stale attempt"), (.deviceLoginStarted, "any attempt"):
      let attempts = row.condition == "stale attempt" ? [inFlight - 1, inFlight + 1] : [inFlight]
      actions = attempts.map {
        .deviceLoginStarted(attempt: $0, DeviceLoginMachine.exampleAuthorization)
      }
    case (.deviceLogin, "always"):
      actions = [
        .pollDue, .countdownTicked, .codesExpired, .cancelTapped,
        .pollAnswer(request: inFlight, .pending),
        .pollAnswer(request: inFlight, .approved(AuthSession(token: "t2"))),
      ].map(LoginAction.deviceLogin)
    case (.deviceLogin, "step goes on"):
      let waiting = [DeviceLoginAction.pollDue, .countdownTicked].map { (deviceStep(), $0) }
      let answers = [DeviceLoginAction.Poll.pending, .slowDown, .failed(.serverError)].map {
        (polling, DeviceLoginAction.pollAnswer(request: polling.request, $0))
      }
      return deviceCases(states, waiting + answers)
    case (.deviceLogin, "step ends, signed in"):
      return deviceCases(
        states,
        [(polling, .pollAnswer(request: polling.request, .approved(AuthSession(token: "t2"))))])
    case (.deviceLogin, "step ends, denied"):
      return deviceCases(states, [(polling, .pollAnswer(request: polling.request, .denied))])
    case (.deviceLogin, "step ends, expired"):
      return deviceCases(
        states,
        [(deviceStep(), .codesExpired), (polling, .pollAnswer(request: polling.request, .expired))])
    case (.deviceLogin, "step ends, failed"):
      return deviceCases(
        states,
        [DeviceLoginAction.Poll.failed(.invalidCredentials), .failed(.accountLocked)].map {
          (polling, DeviceLoginAction.pollAnswer(request: polling.request, $0))
        })
    case (.deviceLogin, "step ends, cancelled"):
      return deviceCases(states, [(deviceStep(), .cancelTapped), (polling, .cancelTapped)])
    case (.sessionSaveFailed, "always"):
      states += states.map { state in
        var flagged = state
        flagged.sessionNotRemembered = true
        return flagged
      }
      actions = [.sessionSaveFailed]
    default:
      throw TransitionDocument.ParseError(description: "\(row.testDescription): unknown condition")
    }
    return states.flatMap { state in actions.map { (state, $0) } }
  }

  /// Each state in each of the device steps given, with the step's action, from each phase
  /// the form can have been in.
  static func deviceCases(
    _ states: [LoginState], _ steps: [(DeviceLoginState, DeviceLoginAction)]
  ) -> [(LoginState, LoginAction)] {
    states.flatMap { state in
      steps.flatMap { step, action in
        phasesBeforeDeviceLogin.map { before in
          var shown = state
          shown.phase = .device(step)
          shown.attempt = step.request
          shown.phaseBeforeDeviceLogin = before
          return (shown, LoginAction.deviceLogin(action))
        }
      }
    }
  }

  /// `state` with `left` of throttle, the code step held by it.
  static func throttled(_ state: LoginState, _ left: Duration) -> LoginState {
    var throttled = state
    throttled.retryIn = left
    if case .secondFactor(var step) = throttled.phase {
      step.isHeld = left > .zero
      throttled.phase = .secondFactor(step)
    }
    return throttled
  }

  /// The document's words for what changed between two states.
  static func changes(from before: LoginState, to after: LoginState, action: LoginAction) -> Set<
    String
  > {
    var changes: Set<String> = []
    var typedEmail: String?
    var typedPassword: String?
    if case .emailChanged(let value) = action { typedEmail = value }
    if case .passwordChanged(let value) = action { typedPassword = value }
    if before.email != after.email || before.emailLimitReached != after.emailLimitReached {
      changes.insert(
        fieldChange(
          "email", typed: typedEmail, after: after.email, flagged: after.emailLimitReached,
          maximum: emailMaximum))
    }
    if before.password != after.password
      || before.passwordLimitReached != after.passwordLimitReached
    {
      changes.insert(
        fieldChange(
          "password", typed: typedPassword, after: after.password,
          flagged: after.passwordLimitReached, maximum: passwordMaximum))
    }
    if before.isPasswordVisible != after.isPasswordVisible {
      if action == .passwordVisibilityToggled {
        changes.insert("visibility flipped")
      } else {
        changes.insert(after.isPasswordVisible ? "visibility on unexpectedly" : "visibility off")
      }
    }
    if after.attempt == before.attempt + 1 {
      changes.insert("attempt + 1")
    } else if after.attempt != before.attempt {
      changes.insert("attempt changed unexpectedly")
    }
    if after.consecutiveInvalidCredentials == before.consecutiveInvalidCredentials + 1 {
      changes.insert("counter + 1")
    } else if after.consecutiveInvalidCredentials == 0, before.consecutiveInvalidCredentials != 0 {
      changes.insert("counter reset")
    }
    if before.sessionNotRemembered != after.sessionNotRemembered {
      changes.insert(after.sessionNotRemembered ? "not remembered on" : "not remembered off")
    }
    if after.retryIn > before.retryIn {
      changes.insert("throttle started")
    } else if after.retryIn == .zero, before.retryIn > .zero {
      changes.insert("throttle ended")
    } else if after.retryIn < before.retryIn {
      changes.insert("throttle - 1s")
    }
    return changes
  }
}

@Suite("The transition table document")
struct TransitionTableDocumentTests {
  @Test("every (phase, action) pair has at least one row, in the order of the enums")
  func everyPairIsDocumented() throws {
    let rows = try TransitionDocument.rows()
    var seen: [TableKey] = []
    for row in rows where seen.last != row.cell {
      seen.append(row.cell)
    }
    #expect(seen == TableKey.all)
  }

  @Test("every row of the document is what reduce does", arguments: try TransitionDocument.rows())
  func rowMatchesReducer(_ row: DocumentedTransition) throws {
    for (before, action) in try TransitionDocument.examples(of: row) {
      let (after, effects) = reduce(before, action)
      let context = "\(row.testDescription): \(before) + \(action)"
      if row.nextPhase == "same" {
        #expect(after.phase == before.phase, "\(context)")
      } else if row.nextPhase == "as before" {
        #expect(after.phase == before.phaseBeforeDeviceLogin, "\(context)")
      } else {
        #expect(after.phase.kind.rawValue == row.nextPhase, "\(context)")
      }
      if after.phase != before.phase, case .failed(let error) = after.phase,
        case .authResponse(_, .failure(let sent)) = action
      {
        #expect(error == sent, "\(context)")
      }
      // "visibility off" and "not remembered off" are changes only when the flag was on
      // before, "not remembered on" only when it was off.
      var expected = row.changes
      if row.changes.contains("visibility off") {
        #expect(!after.isPasswordVisible, "\(context)")
        if !before.isPasswordVisible { expected.remove("visibility off") }
      }
      if row.changes.contains("not remembered off") {
        #expect(!after.sessionNotRemembered, "\(context)")
        if !before.sessionNotRemembered { expected.remove("not remembered off") }
      }
      if row.changes.contains("not remembered on") {
        #expect(after.sessionNotRemembered, "\(context)")
        if before.sessionNotRemembered { expected.remove("not remembered on") }
      }
      // A login (by an answer or a restored session) holds the session it was given.
      if after.phase != before.phase, case .succeeded(let session) = after.phase {
        switch action {
        case .authResponse(_, .success(let sent)):
          #expect(session == sent, "\(context)")
        case .sessionRestored(let stored, let now):
          #expect(session == stored.session(at: now), "\(context)")
        case .secondFactor(.verifyAnswer(_, .accepted(let sent))),
          .deviceLogin(.pollAnswer(_, .approved(let sent))):
          #expect(session == sent, "\(context)")
        default:
          Issue.record("\(context): a login by \(action.kind)")
        }
      }
      if row.condition == "step goes on" {
        // The step's own table says what it changes and asks; here, that the login's
        // fields stay and the attempt grows only by a request of the step.
        let changes = TransitionDocument.changes(from: before, to: after, action: action)
        let sent = effects.contains { $0.request != nil }
        #expect(changes == (sent ? ["attempt + 1"] : []), "\(context)")
        #expect(
          effects.allSatisfy { effect in
            switch (effect, row.action) {
            case (.secondFactor, .secondFactor), (.deviceLogin, .deviceLogin): true
            default: false
            }
          }, "\(context)")
        continue
      }
      #expect(
        TransitionDocument.changes(from: before, to: after, action: action) == expected,
        "\(context)")
      #expect(TransitionDocument.names(of: effects) == row.effects, "\(context)")
      for effect in effects {
        switch effect {
        case .authenticate(let attempt, let credentials):
          #expect(attempt == after.attempt, "\(context)")
          #expect(credentials == before.credentials, "\(context)")
        case .cancelAuthentication(let attempt):
          #expect(attempt == before.attemptInFlight, "\(context)")
        case .saveSession(let session):
          #expect(after.session == session, "\(context)")
        case .clearSession:
          // Forgotten when logged out, or when this launch's login could not be kept.
          #expect(after.session == nil || after.sessionNotRemembered, "\(context)")
        case .secondFactor:
          // The code step's own table says which; here, only that it is the step's.
          #expect(before.secondFactor != nil || after.secondFactor != nil, "\(context)")
        case .authorizeDevice(let attempt):
          #expect(attempt == after.attempt && after.attempt == before.attempt + 1, "\(context)")
        case .deviceLogin:
          // The device step's own table says which; here, only that it is the step's.
          #expect(before.deviceLogin != nil || after.deviceLogin != nil, "\(context)")
        case .scheduleThrottleTick(let delay):
          // The next change of the whole seconds shown: more than one second to go.
          #expect(after.retryIn > .seconds(1), "\(context)")
          #expect(delay > .zero && delay <= .seconds(1), "\(context)")
          #expect(
            after.retrySecondsLeft.map { (after.retryIn - delay) == .seconds($0 - 1) } == true,
            "\(context)")
        case .scheduleThrottleEnd(let delay):
          // The deadline itself, in the last second.
          #expect(delay == after.retryIn && after.retryIn <= .seconds(1), "\(context)")
        }
      }
      // A refusal throttles for its wait: 30 s when it gave none, an hour at most; a tick
      // takes one whole second off; the end clears it, and the code step is held exactly
      // while the throttle runs.
      var refusal: Duration??
      switch action {
      case .authResponse(_, .failure(.rateLimited(let wait))),
        .secondFactor(.verifyAnswer(_, .failed(.rateLimited(let wait)))),
        .secondFactor(.resendAnswer(_, .failure(.rateLimited(let wait)))):
        refusal = .some(wait)
      default: refusal = nil
      }
      if let refusal, row.changes.contains("throttle started") {
        let expectedWait: Duration =
          switch refusal {
          case nil: .seconds(30)
          case .some(let wait): min(wait, .seconds(3_600))
          }
        #expect(after.retryIn == expectedWait, "\(context)")
      }
      if row.changes.contains("throttle - 1s") {
        #expect(after.retrySecondsLeft == before.retrySecondsLeft.map { $0 - 1 }, "\(context)")
      }
      if let step = after.secondFactor {
        #expect(step.isHeld == after.isThrottled, "\(context)")
      }
    }
  }

  @Test("the document states the fields' maximum lengths as the code defines them")
  func maximumLengthsAreTheConstants() throws {
    let text = try String(contentsOf: TransitionDocument.url, encoding: .utf8)
    #expect(text.contains("`LoginState.maximumEmailLength` (\(LoginState.maximumEmailLength))"))
    // Prose groups thousands with commas: 1,024.
    var digits = Array(String(LoginState.maximumPasswordLength))
    for index in stride(from: digits.count - 3, to: 0, by: -3) { digits.insert(",", at: index) }
    let password = String(digits)
    #expect(text.contains("`LoginState.maximumPasswordLength` (\(password))"))
    let rows = try TransitionDocument.rows()
    let cuts = Set(rows.flatMap(\.changes).filter { $0.contains("(cut to") })
    #expect(
      cuts == [
        "email stored (cut to \(LoginState.maximumEmailLength))",
        "password stored (cut to \(LoginState.maximumPasswordLength))",
      ])
  }

  @Test("the conditions of a pair cover every case of it")
  func conditionsAreComplete() throws {
    let rows = try TransitionDocument.rows()
    let byCell = Dictionary(grouping: rows, by: \.cell)
    for (cell, rows) in byCell {
      let conditions = Set(rows.map(\.condition))
      let complete: [Set<String>] = [
        ["always"], ["any attempt"], ["form valid", "form invalid"],
        ["within limit", "over limit"],
        [
          "current attempt, success", "current attempt, invalidCredentials",
          "current attempt, rateLimited", "current attempt, other failure", "stale attempt",
        ],
        ["form valid", "form invalid", "form valid, throttled"],
        ["throttle running", "no throttle"],
        ["unexpired", "expired"], ["login remembered", "login not remembered"],
        ["current attempt", "stale attempt"],
        [
          "step goes on", "step goes on, refused", "step ends, signed in",
          "step ends, abandoned", "step ends, failed",
        ],
        [
          "step goes on", "step ends, signed in", "step ends, cancelled", "step ends, denied",
          "step ends, expired", "step ends, failed",
        ],
      ]
      #expect(complete.contains(conditions), "\(cell): \(conditions)")
    }
  }
}
