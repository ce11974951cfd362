import LoginTestSupport
import Testing

@testable import LoginFlow

@Suite("Validation")
struct ValidationTests {
  static let maximum = LoginState.maximumEmailLength
  /// A local part that makes `local@example.com` exactly as long as the field's maximum.
  static let longLocal = String(repeating: "a", count: maximum - "@example.com".count)
  static let longDomain = String(repeating: "b", count: maximum - "user@.com".count)

  /// Emails and whether the form accepts them.
  static let emails: [(String, Bool)] = [
    // Plain valid addresses.
    ("demo@example.com", true),
    ("DEMO@EXAMPLE.COM", true),
    ("first.last@example.co.uk", true),
    ("user+tag@example.org", true),
    ("a@b.co", true),
    ("x_y-z@sub.domain.example", true),
    ("123@456.io", true),
    ("o'brien@example.ie", true),
    ("user@localhost.localdomain", true),
    // Surrounding whitespace and newlines are trimmed before checking.
    ("  demo@example.com", true),
    ("demo@example.com   ", true),
    ("\tdemo@example.com\n", true),
    ("\r\n demo@example.com \r\n", true),
    // Unicode is allowed: lenient on purpose.
    ("josé@example.com", true),
    ("用户@例子.广告", true),
    ("почта@пример.рф", true),
    ("😀@example.com", true),
    ("user@exämple.de", true),
    // Long values are fine up to the field's maximum, in Unicode scalars.
    ("\(longLocal)@example.com", true),
    ("user@\(longDomain).com", true),
    ("\(String(longLocal.dropLast(2)))é@example.com", true),
    // Past it an address cannot be delivered to (RFC 5321), so it is not valid.
    ("\(longLocal)a@example.com", false),
    ("user@\(longDomain)b.com", false),
    ("\(String(longLocal.dropLast(1)))e\u{301}@example.com", false),
    (String(repeating: "a", count: 1_000) + "@example.com", false),
    // Empty or blank.
    ("", false),
    (" ", false),
    ("\n\t", false),
    // The @ sign: none, two, at the edges.
    ("demo.example.com", false),
    ("demo@@example.com", false),
    ("de@mo@example.com", false),
    ("@example.com", false),
    ("demo@", false),
    ("@", false),
    // Inner whitespace.
    ("de mo@example.com", false),
    ("demo@exa mple.com", false),
    ("demo@example.com\u{00A0}x", false),
    ("demo@example\t.com", false),
    ("demo@exam\nple.com", false),
    // Domain labels.
    ("demo@example", false),
    ("demo@.com", false),
    ("demo@example.", false),
    ("demo@example..com", false),
    ("demo@.example.com", false),
    ("demo@example.c", false),
    ("demo@example.com.c", false),
    ("demo@例子.广", false),
    ("demo@...", false),
  ]

  @Test("at least 40 emails are in the table")
  func tableIsLargeEnough() {
    #expect(Self.emails.count >= 40)
  }

  @Test("emails", arguments: Self.emails)
  func email(_ email: String, isValid: Bool) {
    #expect(Validation.isValidEmail(email) == isValid)
    let state = LoginState(email: email)
    #expect(state.isEmailValid == isValid)
    #expect(state.emailError == (email.isEmpty || isValid ? nil : "Enter a valid email address."))
  }

  @Test("an empty email shows no error, a blank one does")
  func emptyEmailHasNoError() {
    #expect(LoginState(email: "").emailError == nil)
    #expect(LoginState(email: " ").emailError == "Enter a valid email address.")
  }

  static let passwords: [(String, Bool)] = [
    ("", false),
    (" ", false),
    ("   ", false),
    ("\t\n", false),
    ("\u{3000}", false),
    ("a", true),
    ("Password123!", true),
    (" leading", true),
    ("trailing ", true),
    ("  both  ", true),
    ("in side", true),
    ("🔑", true),
    ("パスワード", true),
    (String(repeating: "x", count: LoginState.maximumPasswordLength), true),
    // Past the field's maximum a password is not valid, blank or not.
    (String(repeating: "x", count: LoginState.maximumPasswordLength + 1), false),
    (String(repeating: " ", count: LoginState.maximumPasswordLength + 1), false),
    (String(repeating: "x", count: 10_000), false),
  ]

  @Test("passwords", arguments: Self.passwords)
  func password(_ password: String, isValid: Bool) {
    #expect(Validation.isValidPassword(password) == isValid)
    #expect(LoginState(password: password).isPasswordValid == isValid)
  }

  @Test("the request carries the email trimmed and the password exactly as typed")
  func credentialsKeepBlanksInPassword() {
    let state = LoginState(email: " \tdemo@example.com\n", password: "  pass word  ")
    #expect(state.credentials == Credentials(email: "demo@example.com", password: "  pass word  "))
    let (_, effects) = reduce(state, .submitTapped)
    #expect(effects == [.authenticate(attempt: 1, state.credentials)])
  }

  @Test("canSubmit needs both fields valid and a phase that allows a request")
  func canSubmit() {
    let form = LoginState(email: "demo@example.com", password: "x")
    #expect(form.canSubmit)
    #expect(!LoginState(email: "demo@example", password: "x").canSubmit)
    #expect(!LoginState(email: "demo@example.com", password: " ").canSubmit)
    let phases: [(LoginPhase, Bool)] = [
      (.idle, true), (.editing, true), (.failed(.timedOut), true),
      (.submitting, false), (.succeeded(AuthSession(token: "t")), false),
    ]
    for (phase, expected) in phases {
      var state = form
      state.phase = phase
      #expect(state.canSubmit == expected, "\(phase)")
    }
  }

  @Test("error messages are the documented sentences", arguments: AuthError.allCases)
  func messages(_ error: AuthError) {
    let expected: String =
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
    #expect(error.message == expected)
    // A refusal whose throttle has ended says so; while one runs it counts down (below).
    #expect(
      LoginState(phase: .failed(error)).errorMessage
        == (error == .rateLimited(retryAfter: nil) ? "You can try again now." : expected))
    #expect(
      LoginState(phase: .failed(error), retryIn: .seconds(42)).errorMessage
        == (error == .rateLimited(retryAfter: nil)
          ? "Too many attempts. Try again in 0:42." : expected))
    #expect(
      error.isRetryable
        == ![.invalidCredentials, .tooManyCodes, .accountLocked, .deviceDenied, .deviceCodeExpired]
        .contains(error))
  }

  @Test("a retry-after delay does not change the message")
  func rateLimitedWithDelay() {
    #expect(
      AuthError.rateLimited(retryAfter: .seconds(30)).message
        == AuthError.rateLimited(retryAfter: nil).message)
  }

  @Test("derived flags follow the phase and the counter")
  func derived() {
    #expect(LoginState(phase: .submitting, attempt: 1).isLoading)
    #expect(!LoginState(phase: .editing).isLoading)
    #expect(LoginState(phase: .succeeded(AuthSession(token: "t"))).isLoggedIn)
    #expect(LoginState(phase: .editing).errorMessage == nil)
    #expect(!LoginState(consecutiveInvalidCredentials: 2).suggestsPasswordReset)
    #expect(LoginState(consecutiveInvalidCredentials: 3).suggestsPasswordReset)
  }
}

@Suite("Validity kept with the fields")
struct KeptValidityTests {
  @Test("a field set directly, not through reduce, is validated again")
  func directAssignmentRevalidates() {
    var state = LoginState()
    #expect(!state.isEmailValid && !state.isPasswordValid)
    state.email = "demo@example.com"
    state.password = "x"
    #expect(state.isEmailValid && state.isPasswordValid && state.canSubmit)
    state.email = "demo@"
    state.password = " "
    #expect(!state.isEmailValid && !state.isPasswordValid)
    #expect(state.emailError == LoginState.invalidEmailMessage)
  }

  @Test("the initializer validates the fields it is given")
  func initializerValidates() {
    let state = LoginState(email: " demo@example.com ", password: "p")
    #expect(state.isEmailValid && state.isPasswordValid && state.canSubmit)
    #expect(state == LoginState(email: " demo@example.com ", password: "p"))
  }
}

@Suite("Field length limits")
struct FieldLimitTests {
  @Test("the caps are RFC 5321's 254 for the email and a generous 1,024 for the password")
  func caps() {
    #expect(LoginState.maximumEmailLength == 254)
    #expect(LoginState.maximumPasswordLength == 1_024)
    // NIST SP 800-63B: accept at least 64 characters.
    #expect(LoginState.maximumPasswordLength >= 64)
  }

  @Test("a text within the limit comes back unchanged, however close to it")
  func withinLimit() {
    for text in ["", "a", "abc", "e\u{301}", "👨‍👩‍👧"] {
      let limit = text.unicodeScalars.count
      #expect(Validation.cut(text, toLength: limit) == (text, false))
      #expect(Validation.cut(text, toLength: limit + 1) == (text, false))
      #expect(!Validation.exceeds(text, length: limit))
    }
  }

  @Test("a longer text keeps its first scalars and says it was cut")
  func pastLimit() {
    #expect(Validation.cut("abcdef", toLength: 4) == ("abcd", true))
    #expect(Validation.exceeds("abcdef", length: 5))
    #expect(Validation.cut("abc", toLength: 0) == ("", true))
    // Scalars, not characters: the limit may fall inside a character.
    #expect(Validation.cut("ae\u{301}", toLength: 2) == ("ae", true))
    #expect(Validation.cut("x👨‍👩‍👧", toLength: 2) == ("x👨", true))
    #expect(Validation.exceeds("e\u{301}", length: 1))
    // One character made of thousands of scalars is cut like any other text.
    let zalgo = "a" + String(repeating: "\u{301}", count: 5_000)
    #expect(zalgo.count == 1)
    let (cut, wasCut) = Validation.cut(zalgo, toLength: 10)
    #expect(wasCut)
    #expect(cut.unicodeScalars.count == 10)
    #expect(zalgo.unicodeScalars.starts(with: cut.unicodeScalars))
  }
}
