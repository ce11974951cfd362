/// Everything the login screen knows: the form, the phase, and the attempt counters.
///
/// Only ``reduce(_:_:)`` should produce new states; everything a screen shows beyond the
/// stored fields (``canSubmit``, ``errorMessage``, …) is derived, so it can never disagree
/// with them. Descriptions and `dump` never show the password, whatever its visibility.
///
/// Each field holds at most its maximum length (``maximumEmailLength``,
/// ``maximumPasswordLength``, counted in Unicode scalars): a longer change is cut to it by
/// ``reduce(_:_:)``, which records the cut in ``emailLimitReached`` or
/// ``passwordLimitReached`` so that a screen can say so.
public struct LoginState: Equatable, Hashable, Sendable {
  /// The email field, exactly as typed (not trimmed), cut to ``maximumEmailLength``.
  public var email: String
  /// The password field, exactly as typed, cut to ``maximumPasswordLength``.
  public var password: String
  /// Whether the password is shown in plain text; starts hidden.
  public var isPasswordVisible: Bool
  /// Where the screen is in its life.
  public var phase: LoginPhase
  /// The id of the most recent auth request; 0 before the first, which is 1. While ``phase``
  /// is ``LoginPhase/submitting``, it is the request in flight (see ``attemptInFlight``).
  public var attempt: Int
  /// How many attempts in a row failed with ``AuthError/invalidCredentials``.
  public var consecutiveInvalidCredentials: Int
  /// Whether the last change to the email field was longer than ``maximumEmailLength`` and
  /// was cut to it; the next change that fits clears it.
  public var emailLimitReached: Bool
  /// Whether the last change to the password field was longer than
  /// ``maximumPasswordLength`` and was cut to it; the next change that fits, or the password
  /// being cleared, clears it.
  public var passwordLimitReached: Bool
  /// Whether saving the session for the next launch failed after this login: the user is
  /// logged in for this launch only, and the screen says so. Set only while logged in; a new
  /// login and a logout clear it.
  public var sessionNotRemembered: Bool
  /// The throttle left, as the last tick of its countdown left it: while it is above zero
  /// the server asked to wait, and no request is sent (see ``isThrottled``). Kept apart from
  /// the phase: edits, dismissing the error, cancel, ``LoginAction/reset`` and the code step
  /// leave it running, because the server's rule does not care what the screen shows. The
  /// state reads no clock: ``LoginAction/throttleTicked`` counts it down once a second and
  /// ``LoginAction/throttleEnded`` ends it at its deadline.
  public var retryIn: Duration
  /// The phase the form was in when "Sign in with a browser" was pressed (idle, editing, or
  /// failed with its error): cancelling the device step returns to it, the fields kept.
  public var phaseBeforeDeviceLogin: LoginPhase = .idle

  /// Creates a state; the defaults are the empty screen a user first sees.
  public init(
    email: String = "",
    password: String = "",
    isPasswordVisible: Bool = false,
    phase: LoginPhase = .idle,
    attempt: Int = 0,
    consecutiveInvalidCredentials: Int = 0,
    emailLimitReached: Bool = false,
    passwordLimitReached: Bool = false,
    sessionNotRemembered: Bool = false,
    retryIn: Duration = .zero
  ) {
    self.email = email
    self.password = password
    self.isPasswordVisible = isPasswordVisible
    self.phase = phase
    self.attempt = attempt
    self.consecutiveInvalidCredentials = consecutiveInvalidCredentials
    self.emailLimitReached = emailLimitReached
    self.passwordLimitReached = passwordLimitReached
    self.sessionNotRemembered = sessionNotRemembered
    self.retryIn = retryIn
  }
}

extension LoginState {
  /// The text shown under the email field when it holds something that is not an email, in
  /// English: the source of ``LoginStrings/english``'s ``LoginStrings/invalidEmail``.
  ///
  public static let invalidEmailMessage = "Enter a valid email address."

  /// How many invalid-credentials failures in a row make the screen suggest a reset.
  public static let passwordResetThreshold = 3

  /// The most Unicode scalars the email field holds: 254, the longest address SMTP can
  /// carry (RFC 5321: a path of 256 octets, less its angle brackets).
  ///
  /// For an ASCII address a scalar is an octet, so the cap is exactly RFC 5321's; a longer
  /// address cannot be delivered to, so nothing a user could sign in with is cut.
  public static let maximumEmailLength = 254

  /// The most Unicode scalars the password field holds: 1,024.
  ///
  /// NIST SP 800-63B asks verifiers to accept passwords of at least 64 characters, counting
  /// each Unicode code point as one; 1,024 is sixteen times that, room for any passphrase or
  /// password manager output, while keeping the work of a keystroke small and bounded.
  public static let maximumPasswordLength = 1_024

  /// Whether the email, once trimmed, looks like an address (see ``Validation/isValidEmail(_:)``).
  public var isEmailValid: Bool { Validation.isValidEmail(email) }

  /// Whether the password holds something other than whitespace.
  public var isPasswordValid: Bool { Validation.isValidPassword(password) }

  /// How long a refusal without a wait of its own holds requests: 30 seconds.
  public static let defaultRetryAfter: Duration = .seconds(30)

  /// The longest a refusal holds requests, whatever the server asked: an hour, so that a
  /// hostile or broken server cannot lock the screen for days.
  public static let maximumRetryAfter: Duration = .seconds(3_600)

  /// The throttle a refusal that asked for `retryAfter` starts: ``defaultRetryAfter`` when
  /// it gave none, zero or less, at most ``maximumRetryAfter``.
  public static func throttle(for retryAfter: Duration?) -> Duration {
    guard let retryAfter, retryAfter > .zero else { return defaultRetryAfter }
    return min(retryAfter, maximumRetryAfter)
  }

  /// Whether a throttle holds every request: no login, code check or resend is sent.
  public var isThrottled: Bool { retryIn > .zero }

  /// The whole seconds of throttle a screen shows ("Try again in 0:42"), rounded up; `nil`
  /// while no throttle holds requests.
  public var retrySecondsLeft: Int? {
    isThrottled ? SecondFactorState.wholeSeconds(roundingUp: retryIn) : nil
  }

  /// Whether the Log In button is enabled: a valid form, no request in flight or done, and
  /// no throttle.
  public var canSubmit: Bool {
    guard isEmailValid, isPasswordValid, !isThrottled else { return false }
    switch phase {
    case .idle, .editing, .failed: return true
    case .submitting: return PlantedBug.isPlanted(.logInEnabledOnlyWhenAllowed)
    case .succeeded, .secondFactor, .device: return false
    }
  }

  /// Whether "Sign in with a browser" starts device login: on the form (idle, editing or
  /// failed), with or without a valid form, while no throttle holds requests.
  public var canSignInWithBrowser: Bool {
    guard !isThrottled else { return false }
    switch phase {
    case .idle, .editing, .failed: return true
    case .submitting, .succeeded, .secondFactor, .device: return false
    }
  }

  /// The inline error under the email field, in English: shown for a non-empty invalid email
  /// only. A screen in another language reads ``emailError(in:)``.
  public var emailError: String? {
    (email.isEmpty && !PlantedBug.isPlanted(.errorsOnlyWhereTheyBelong)) || isEmailValid
      ? nil : Self.invalidEmailMessage
  }

  /// The error the screen shows after a failed attempt, and only then.
  public var error: AuthError? {
    switch phase {
    case .failed(let error): error
    case .idle, .editing, .submitting, .succeeded, .secondFactor, .device: nil
    }
  }

  /// The user-facing sentence for ``error``, in English, with the throttle's countdown when
  /// one runs; see ``errorMessage(in:)``.
  public var errorMessage: String? { errorMessage(in: .english) }

  /// Whether the screen suggests "Forgot your password?": after repeated wrong passwords,
  /// and at once for a locked account.
  public var suggestsPasswordReset: Bool {
    consecutiveInvalidCredentials >= Self.passwordResetThreshold || error == .accountLocked
  }

  /// Whether a request is in flight (the spinner is shown).
  public var isLoading: Bool {
    switch phase {
    case .submitting: true
    case .idle, .editing, .succeeded, .failed, .secondFactor, .device: false
    }
  }

  /// The session after a successful login, otherwise `nil`.
  public var session: AuthSession? {
    switch phase {
    case .succeeded(let session): session
    case .idle, .editing, .submitting, .failed, .secondFactor, .device: nil
    }
  }

  /// Whether the user is logged in, so the app should navigate on.
  public var isLoggedIn: Bool { session != nil }

  /// The id of the request in flight: ``attempt`` while submitting, otherwise `nil`.
  public var attemptInFlight: Int? {
    switch phase {
    case .submitting: attempt
    case .idle, .editing, .succeeded, .failed, .secondFactor, .device: nil
    }
  }

  /// The code step, while it is shown.
  public var secondFactor: SecondFactorState? {
    guard case .secondFactor(let step) = phase else { return nil }
    return step
  }

  /// The device login step, while it is shown.
  public var deviceLogin: DeviceLoginState? {
    guard case .device(let step) = phase else { return nil }
    return step
  }

  /// The credentials an auth request for this form carries: email trimmed, password as typed.
  public var credentials: Credentials {
    Credentials(email: Validation.trimmed(email), password: password)
  }
}

extension LoginState: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// A one-line, redacted description: the password appears only as its length, and a
  /// submitting phase with its attempt, as `submitting(2)`.
  public var description: String {
    let phaseText = attemptInFlight.map { "submitting(\($0))" } ?? "\(phase)"
    return "LoginState(email: \(String(reflecting: email)), "
      + "password: \(PlantedBug.isPlanted(.secretsNeverShown) ? password : Redacted.length(of: password)), "
      + "isPasswordVisible: \(isPasswordVisible), "
      + "phase: \(phaseText), attempt: \(attempt), "
      + "consecutiveInvalidCredentials: \(consecutiveInvalidCredentials), "
      + "emailLimitReached: \(emailLimitReached), passwordLimitReached: \(passwordLimitReached), "
      + "sessionNotRemembered: \(sessionNotRemembered), retryIn: \(retryIn))"
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows the password either.
  public var debugDescription: String { description }

  /// A mirror with a placeholder in place of the password.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "email": email,
        "password": Redacted.placeholder,
        "isPasswordVisible": isPasswordVisible,
        "phase": phase,
        "attempt": attempt,
        "consecutiveInvalidCredentials": consecutiveInvalidCredentials,
        "emailLimitReached": emailLimitReached,
        "passwordLimitReached": passwordLimitReached,
        "sessionNotRemembered": sessionNotRemembered,
        "retryIn": retryIn,
        "phaseBeforeDeviceLogin": phaseBeforeDeviceLogin,
      ],
      displayStyle: .struct
    )
  }
}
