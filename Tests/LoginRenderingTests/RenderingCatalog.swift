import LoginFlow
import LoginTesting

/// Every golden screen and JSON snapshot of this target: the one list of reference names.
///
/// The snapshot tests iterate over it and the unused-reference check compares the
/// `__Snapshots__` folder with it, so the two cannot drift apart.
enum RenderingCatalog {
  /// Inputs that stress alignment: long, wide, combining, right-to-left, control characters.
  static let inputs: [(name: String, email: String)] = [
    ("long", "a.very.long.email.address.for.testing@subdomain.example.com"),
    ("cjk", "山田太郎のメールアドレス@例え.日本"),
    ("emoji", "😀👍🏽👨‍👩‍👧‍👦🇯🇵❤️1️⃣@example.com"),
    ("combining", "\u{301}e\u{301}\u{302}le\u{300}ve@e\u{301}cole.fr"),
    ("rtl", "مرحبا@مثال.كوم"),
    ("bidi-override", "\u{202E}moc.elpmaxe@evil"),
    ("control", "a\u{7}b\tc\r\nd\u{7F}@e.fr"),
  ]

  /// Every screen.
  static let screens: [RenderingCase] =
    phases + errors + fields + codeSteps + throttles + widths + ascii + inputCases + pseudo

  /// One screen per phase (and the spinner's next frame).
  static let phases: [RenderingCase] = [
    RenderingCase(name: "phase-idle", state: LoginState()),
    RenderingCase(name: "phase-editing", state: Screens.filled()),
    RenderingCase(name: "phase-submitting", state: Screens.submitting),
    RenderingCase(name: "phase-submitting-frame-3", state: Screens.submitting, spinnerFrame: 3),
    RenderingCase(name: "phase-succeeded", state: Screens.succeeded),
    RenderingCase(name: "phase-failed", state: Screens.failed(.invalidCredentials)),
    RenderingCase(name: "phase-second-factor", state: Screens.codeStep()),
    RenderingCase(name: "phase-device", state: Screens.deviceStep()),
    RenderingCase(
      name: "device-notice",
      state: Screens.deviceStep {
        $0.notice = .networkUnavailable
        $0.timeLeft = .seconds(61)
      }),
  ]

  /// Every error message, with Log In or Try Again.
  static let errors: [RenderingCase] = AuthError.allCases.map {
    RenderingCase(name: "error-\($0.name)", state: Screens.failed($0))
  }

  /// The fields' states: password hidden and visible, email error, disabled button, reset.
  static let fields: [RenderingCase] = [
    RenderingCase(name: "password-hidden", state: Screens.filled()),
    RenderingCase(
      name: "password-visible",
      state: Screens.after([.passwordVisibilityToggled], from: Screens.filled())),
    RenderingCase(name: "email-error", state: Screens.filled(email: "demo@example")),
    RenderingCase(name: "button-disabled", state: Screens.filled(password: "")),
    RenderingCase(name: "reset-suggested", state: Screens.resetSuggested),
    RenderingCase(
      name: "password-long-hidden",
      state: Screens.filled(password: String(repeating: "long-password-", count: 4))),
    RenderingCase(name: "limit-email", state: Screens.filled(email: Screens.overLimitEmail)),
    RenderingCase(
      name: "limit-password", state: Screens.filled(password: Screens.overLimitPassword)),
    RenderingCase(
      name: "succeeded-not-remembered",
      state: Screens.after([.sessionSaveFailed], from: Screens.succeeded)),
  ]

  /// The narrowest and widest screens.
  /// The code step at each of its steps.
  static let codeSteps: [RenderingCase] = [
    RenderingCase(name: "second-factor-totp", state: Screens.codeStep(method: .totp)),
    RenderingCase(name: "second-factor-typing", state: Screens.codeStep { $0.code = "123" }),
    RenderingCase(
      name: "second-factor-checking",
      state: Screens.codeStep {
        $0.code = "123456"
        $0.step = .checking
      }),
    RenderingCase(
      name: "second-factor-rejected",
      state: Screens.codeStep {
        $0.step = .rejected
        $0.rejectedCodes = 1
      }),
    RenderingCase(
      name: "second-factor-expired",
      state: Screens.codeStep {
        $0.code = "123456"
        $0.step = .expired
        $0.isExpired = true
        $0.resendIn = .zero
      }),
    RenderingCase(name: "second-factor-resend", state: Screens.codeStep { $0.resendIn = .zero }),
    RenderingCase(
      name: "second-factor-resending",
      state: Screens.codeStep {
        $0.resendIn = .zero
        $0.step = .resending
      }),
    RenderingCase(
      name: "second-factor-failed",
      state: Screens.codeStep {
        $0.code = "123456"
        $0.step = .failed(.networkUnavailable)
      }),
  ]

  /// A throttle the server set: at its start, counting down, across an edit, on the code
  /// step, at the narrowest width, and over.
  static let throttles: [RenderingCase] = [
    RenderingCase(name: "throttle-started", state: Screens.throttled),
    RenderingCase(
      name: "throttle-ticked",
      state: Screens.after(Array(repeating: .throttleTicked, count: 12), from: Screens.throttled)),
    RenderingCase(
      name: "throttle-edited",
      state: Screens.after([.passwordChanged(Screens.demoPassword + "!")], from: Screens.throttled)),
    RenderingCase(name: "throttle-28", state: Screens.throttled, width: 28),
    RenderingCase(
      name: "throttle-ended", state: Screens.after([.throttleEnded], from: Screens.throttled)),
    RenderingCase(
      name: "second-factor-throttled",
      state: Screens.after(
        [.secondFactor(.verifyAnswer(request: 1, .failed(.rateLimited(retryAfter: .seconds(42)))))],
        from: Screens.codeStep {
          $0.code = "123456"
          $0.step = .checking
        })),
  ]

  static let widths: [RenderingCase] = [
    RenderingCase(name: "width-28", state: Screens.filled(), width: 28),
    RenderingCase(name: "width-28-error", state: Screens.failed(.networkUnavailable), width: 28),
    RenderingCase(name: "width-120", state: Screens.filled(), width: 120),
    RenderingCase(name: "width-120-reset", state: Screens.resetSuggested, width: 120),
    RenderingCase(name: "width-28-second-factor", state: Screens.codeStep(), width: 28),
    RenderingCase(name: "width-120-second-factor", state: Screens.codeStep(), width: 120),
    RenderingCase(name: "width-28-device", state: Screens.deviceStep(), width: 28),
  ]

  /// The ASCII mode for every phase and the interesting field states.
  static let ascii: [RenderingCase] = (phases + fields + codeSteps + throttles + widths).map {
    var copy = $0
    copy.name = "ascii-" + $0.name
    copy.ascii = true
    return copy
  }

  /// Hard inputs in the email field and the visible password, both modes, 40 and 28 columns.
  static let inputCases: [RenderingCase] = inputs.flatMap { input in
    let state = Screens.after(
      [.emailChanged(input.email), .passwordChanged(input.email), .passwordVisibilityToggled])
    return [
      RenderingCase(name: "input-\(input.name)", state: state),
      RenderingCase(name: "input-\(input.name)-28", state: state, width: 28),
      RenderingCase(name: "ascii-input-\(input.name)", state: state, ascii: true),
    ]
  }

  /// The pseudo-locale (every text longer and accented) at the narrowest and the default
  /// width: every screen that shows a different text, so each layout is seen holding a
  /// longer language.
  static let pseudo: [RenderingCase] = [
    RenderingCase(name: "idle", state: LoginState()),
    RenderingCase(name: "editing", state: Screens.filled()),
    RenderingCase(
      name: "password-visible",
      state: Screens.after([.passwordVisibilityToggled], from: Screens.filled())),
    RenderingCase(name: "email-error", state: Screens.filled(email: "demo@example")),
    RenderingCase(name: "submitting", state: Screens.submitting),
    RenderingCase(name: "succeeded", state: Screens.succeeded),
    RenderingCase(
      name: "succeeded-not-remembered",
      state: Screens.after([.sessionSaveFailed], from: Screens.succeeded)),
    RenderingCase(name: "failed", state: Screens.failed(.invalidCredentials)),
    RenderingCase(name: "retry", state: Screens.failed(.networkUnavailable)),
    RenderingCase(name: "reset-suggested", state: Screens.resetSuggested),
    RenderingCase(name: "second-factor", state: Screens.codeStep { $0.step = .rejected }),
    RenderingCase(name: "device", state: Screens.deviceStep { $0.notice = .timedOut }),
    RenderingCase(
      name: "limits",
      state: Screens.filled(email: Screens.overLimitEmail, password: Screens.overLimitPassword)),
  ].flatMap { screen in
    [28, 40].map { width in
      var copy = screen
      copy.name = "pseudo-\(screen.name)-\(width)"
      copy.width = width
      copy.strings = .pseudo
      return copy
    }
  }

  /// JSON snapshots: states whose JSON objects are kept as references.
  static let json: [(name: String, state: LoginState)] = [
    ("json-idle", LoginState()),
    ("json-editing", Screens.filled()),
    ("json-password-visible", Screens.after([.passwordVisibilityToggled], from: Screens.filled())),
    ("json-email-error", Screens.filled(email: "demo@")),
    ("json-submitting", Screens.submitting),
    ("json-succeeded", Screens.succeeded),
    ("json-second-factor", Screens.codeStep { $0.step = .rejected }),
    ("json-not-remembered", Screens.after([.sessionSaveFailed], from: Screens.succeeded)),
    ("json-failed", Screens.failed(.rateLimited(retryAfter: .seconds(30)))),
    ("json-reset-suggested", Screens.resetSuggested),
    ("json-throttled", Screens.throttled),
    ("json-locked", Screens.failed(.accountLocked)),
    (
      "json-limit-reached",
      Screens.filled(email: Screens.overLimitEmail, password: Screens.overLimitPassword)
    ),
    (
      "json-escapes",
      Screens.after([.emailChanged("\"quoted\" \\ back\u{0}\u{1F}\n\u{7F}\u{2028} 日本 😀")])
    ),
  ]

  /// Every reference name this target uses.
  static var allNames: [String] { screens.map(\.name) + json.map(\.name) }
}
