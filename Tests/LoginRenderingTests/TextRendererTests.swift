import LoginFlow
import LoginRendering
import Testing

/// The screen's conventions, checked directly as well as through the golden files.
@Suite struct TextRendererTests {
  @Test(arguments: [27, 0, -40, 121, Int.max])
  func anOutOfRangeWidthIsATypedError(_ width: Int) {
    #expect(throws: TextRenderer.OptionsError.widthOutOfRange(width)) {
      _ = try TextRenderer.Options(width: width)
    }
  }

  @Test(arguments: [28, 40, 77, 120])
  func everyLineHasTheRequestedWidth(_ width: Int) throws {
    let screen = TextRenderer(options: try .init(width: width)).render(Screens.resetSuggested)
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let widths = Set(lines.map { String($0).count })
    #expect(widths == [width])
  }

  @Test func theDefaultsAreFortyColumnsOfUnicode() {
    let options = TextRenderer.Options()
    #expect(options.width == 40)
    #expect(!options.ascii)
    #expect(TextRenderer.OptionsError.widthOutOfRange(7).message.contains("28 to 120"))
  }

  @Test(arguments: [false, true])
  func aCutFieldShowsItsMaximumUnderIt(_ ascii: Bool) throws {
    let renderer = TextRenderer(options: .init(ascii: ascii))
    let emailNote = "  Limit reached: \(LoginState.maximumEmailLength) characters"
    let passwordNote = "  Limit reached: \(LoginState.maximumPasswordLength) characters"
    // Exactly at the maximum nothing was cut: no note.
    let full = renderer.render(
      Screens.filled(
        email: String(Screens.overLimitEmail.dropLast()),
        password: String(Screens.overLimitPassword.dropLast())))
    #expect(!full.contains("Limit reached"))
    let both = renderer.render(
      Screens.filled(email: Screens.overLimitEmail, password: Screens.overLimitPassword))
    let lines = both.split(separator: "\n").map(String.init)
    // Each note sits right under its field's box.
    let emailLine = try #require(lines.firstIndex { $0.contains(emailNote) })
    let passwordLine = try #require(lines.firstIndex { $0.contains(passwordNote) })
    #expect(lines[emailLine - 2].contains("demo@example.com"))
    #expect(lines[passwordLine - 2].contains(ascii ? "***" : "•••"))
    // The next change that fits removes the note.
    let fixed = Screens.after(
      [.emailChanged(Screens.demoEmail), .passwordChanged(Screens.demoPassword)],
      from: Screens.filled(email: Screens.overLimitEmail, password: Screens.overLimitPassword))
    #expect(!renderer.render(fixed).contains("Limit reached"))
  }

  @Test(arguments: AuthError.allCases)
  func retryableFailuresOfferTryAgain(_ error: AuthError) {
    let state = Screens.failed(error)
    let screen = TextRenderer().render(state)
    // A throttle holds the retry: the button says how long instead.
    #expect(screen.contains("Try Again") == (error.isRetryable && !state.isThrottled))
    #expect(screen.contains("Try again in 0:30") == (error == .rateLimited(retryAfter: nil)))
    #expect(screen.contains("Log In") == !error.isRetryable)
    #expect(screen.contains("! " + error.message.prefix(10)))
  }

  @Test(arguments: [false, true])
  func theButtonLooksDifferentWhenDisabled(_ ascii: Bool) {
    let renderer = TextRenderer(options: .init(ascii: ascii))
    let enabled = renderer.render(Screens.filled())
    let disabled = renderer.render(Screens.filled(password: ""))
    let enabledMark = ascii ? "# " : "┃ "
    let disabledMark = ascii ? ": " : "╎ "
    #expect(enabled.contains(enabledMark) && !enabled.contains(disabledMark))
    #expect(disabled.contains(disabledMark) && !disabled.contains(enabledMark))
  }

  @Test func theSpinnerFrameComesFromTheOptionsAndWrapsAround() {
    let frames = (0..<10).map {
      TextRenderer(options: .init(spinnerFrame: $0)).render(Screens.submitting)
    }
    #expect(Set(frames).count == 10)
    #expect(TextRenderer(options: .init(spinnerFrame: 10)).render(Screens.submitting) == frames[0])
    #expect(TextRenderer(options: .init(spinnerFrame: -1)).render(Screens.submitting) == frames[9])
    #expect(frames.allSatisfy { $0.contains("Signing in…") })
    let ascii = TextRenderer(options: .init(ascii: true)).render(Screens.submitting)
    #expect(ascii.contains("Signing in...") && !ascii.contains("Log In"))
  }

  @Test(arguments: [false, true])
  func theFixedTextsAreShown(_ ascii: Bool) {
    let screen = TextRenderer(options: .init(ascii: ascii)).render(LoginState())
    for text in [
      "Welcome Back", "Sign in to continue", "Email address", "Password", "Show password",
      "Log In", "Secure access to your account",
    ] {
      #expect(screen.contains(text), "\(text)")
    }
    #expect(!screen.contains("Forgot your password?"))
    #expect(!screen.contains("!"))
  }

  @Test func successIsAnnouncedInBothModes() {
    #expect(TextRenderer().render(Screens.succeeded).contains("✓ Login successful"))
    let ascii = TextRenderer(options: .init(ascii: true)).render(Screens.succeeded)
    #expect(ascii.contains("[ok] Login successful"))
    #expect(!ascii.contains("Log In"))
  }

  @Test func aLoginThatCouldNotBeRememberedSaysSo() throws {
    #expect(!TextRenderer().render(Screens.succeeded).contains("remembered"))
    let unsaved = Screens.after([.sessionSaveFailed], from: Screens.succeeded)
    for width in [28, 40, 120] {
      for ascii in [false, true] {
        let screen = TextRenderer(options: try .init(width: width, ascii: ascii)).render(unsaved)
        #expect(screen.contains("remembered"), "\(width) columns, ascii: \(ascii)")
      }
    }
  }

  @Test func theToggleNamesWhatItWillDo() {
    let hidden = TextRenderer().render(Screens.filled())
    let visible = TextRenderer().render(
      Screens.after([.passwordVisibilityToggled], from: Screens.filled()))
    #expect(hidden.contains("Show password") && hidden.contains("••••••••••••"))
    #expect(visible.contains("Hide password") && visible.contains(Screens.demoPassword))
    #expect(!hidden.contains(Screens.demoPassword))
  }

  @Test func asciiModeIsSevenBitASCII() {
    for screen in RenderingCatalog.screens {
      let state = screen.state
      let text = TextRenderer(options: .init(ascii: true)).render(state)
      #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen.name)")
    }
  }
}
