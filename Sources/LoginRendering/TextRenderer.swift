import LoginFlow

/// Draws a login state as a fixed-width text screen, the same way every time.
///
/// The screen shows a padlock, the title and subtitle, the email field (with its
/// placeholder or inline error), the password field (masked while hidden) and its
/// show/hide toggle, a note under a field whose input was cut to its maximum length, the
/// error of a failed attempt, the button (Log In, Try Again, `Try again in 0:42` while a
/// throttle holds requests, or a spinner while signing in), the success line (and, when the session could not be saved for the next launch, a
/// line saying so), the password-reset suggestion and the footer. Every line is exactly
/// ``Options/width`` columns wide for any input, and the
/// output depends on nothing but the state and the options: no clock, no environment.
/// `Docs/Rendering.md` shows every phase and explains the conventions.
///
/// Every text comes from ``strings``, English unless given: the title, labels and button
/// titles, the email error, the error's message, the notes, the line of a login that could
/// not be remembered and the reset suggestion.
///
/// ```swift
/// let renderer = TextRenderer(options: try .init(width: 48, ascii: true))
/// print(renderer.render(LoginState()))
/// ```
public struct TextRenderer: Equatable, Hashable, Sendable {
  /// How screens are drawn.
  public var options: Options
  /// The texts the screen shows.
  public var strings: LoginStrings

  /// Creates a renderer; by default 40 columns wide, with box-drawing characters, in English.
  public init(options: Options = Options(), strings: LoginStrings = .english) {
    self.options = options
    self.strings = strings
  }

  /// The screen for `state`: lines of exactly ``Options/width`` columns joined by `"\n"`
  /// (no trailing newline). A hidden password appears only as one mask per character.
  public func render(_ state: LoginState) -> String {
    draw(state).finishedText()
  }

  /// The lines of ``render(_:)`` with what each shows (an error, the success line, a button
  /// that cannot be pressed), for a front end that colours them.
  public func styledLines(_ state: LoginState) -> [StyledLine] {
    draw(state).finished()
  }

  /// Where the caret of the focused field is on ``render(_:)``'s screen: a line (0 is the
  /// top of the frame) and a column, both from 0; `nil` without ``Options/caret`` or when
  /// the focus is not on a field.
  public func caretPosition(_ state: LoginState) -> ScreenPosition? {
    draw(state).caret
  }

  /// The screen for `state`, drawn once for either output.
  private func draw(_ state: LoginState) -> ScreenCanvas {
    let glyphs = options.ascii ? ScreenGlyphs.ascii : ScreenGlyphs.unicode
    var screen = ScreenCanvas(width: options.width, glyphs: glyphs, ascii: options.ascii)
    drawHeader(on: &screen)
    if let step = state.secondFactor {
      drawSecondFactor(
        step, errorMessage: state.codeErrorMessage(in: strings),
        verifyTitle: strings.verifyTitle(for: state), on: &screen)
      screen.blank()
      screen.paragraph(strings.footer, alignment: .center)
      return screen
    }
    if let step = state.deviceLogin {
      drawDeviceLogin(step, on: &screen)
      screen.blank()
      screen.paragraph(strings.footer, alignment: .center)
      return screen
    }
    drawEmail(of: state, on: &screen)
    drawPassword(of: state, on: &screen)
    screen.blank()
    if let message = state.errorMessage(in: strings) {
      screen.style = .error
      screen.marked(message, mark: glyphs.errorMark)
      screen.style = .plain
      screen.blank()
    }
    drawAction(of: state, on: &screen)
    if options.offersDeviceLogin, state.phase.kind != .succeeded {
      screen.style = state.canSignInWithBrowser ? .plain : .dimmed
      screen.box(
        state.canSignInWithBrowser ? screen.glyphs.enabledButton : screen.glyphs.disabledButton,
        content: screen.cells(strings.device.heading), alignment: .center, marked: false)
      screen.style = .plain
    }
    if state.suggestsPasswordReset {
      screen.blank()
      screen.paragraph(strings.forgotPassword, alignment: .center)
    }
    screen.blank()
    screen.paragraph(strings.footer, alignment: .center)
    return screen
  }

  /// The padlock, the title and the subtitle.
  private func drawHeader(on screen: inout ScreenCanvas) {
    for line in screen.glyphs.lock {
      screen.row([screen.chrome(line)], alignment: .center)
    }
    screen.blank()
    screen.paragraph(strings.title, alignment: .center)
    screen.paragraph(strings.subtitle, alignment: .center)
    screen.blank()
  }

  /// The email field, showing the end of a long address, its limit note and its inline error.
  private func drawEmail(of state: LoginState, on screen: inout ScreenCanvas) {
    let (content, caret) = fieldContent(
      screen.cells(state.email), placeholder: strings.emailLabel, focused: .email,
      caretCell: options.caret.map { screen.cells(String(state.email.prefix($0))).count },
      screen)
    screen.box(
      screen.glyphs.field, content: content, alignment: .leading,
      marked: options.focus == .email, caret: caret)
    if state.emailLimitReached {
      drawLimitNote(LoginState.maximumEmailLength, on: &screen)
    }
    if let error = state.emailError(in: strings) {
      screen.style = .error
      screen.marked(error, mark: screen.glyphs.errorMark)
      screen.style = .plain
    }
  }

  /// The password field (a mask per character while hidden), its limit note and the
  /// show/hide toggle.
  private func drawPassword(of state: LoginState, on screen: inout ScreenCanvas) {
    let value =
      state.isPasswordVisible
      ? screen.cells(state.password)
      : Array(repeating: screen.glyphs.mask, count: state.password.count)
    let caretCell = options.caret.map {
      state.isPasswordVisible ? screen.cells(String(state.password.prefix($0))).count : $0
    }
    let (content, caret) = fieldContent(
      value, placeholder: strings.passwordLabel, focused: .password, caretCell: caretCell,
      screen)
    screen.box(
      screen.glyphs.field, content: content, alignment: .leading,
      marked: options.focus == .password, caret: caret)
    if state.passwordLimitReached {
      drawLimitNote(LoginState.maximumPasswordLength, on: &screen)
    }
    let toggle = state.isPasswordVisible ? strings.hidePassword : strings.showPassword
    // The toggle is right-aligned, so its marker goes right before it, not in the margin.
    let marker =
      options.focus == .passwordToggle ? [screen.chrome(screen.glyphs.focusMarker + " ")] : []
    screen.row(marker + screen.cells(toggle), alignment: .trailing)
  }

  /// The note under a field cut to `maximum`, indented like the text of an error message.
  private func drawLimitNote(_ maximum: Int, on screen: inout ScreenCanvas) {
    screen.marked(strings.limitReached(maximum), mark: " ")
  }

  /// A field's value cut to the field from its end, or the placeholder when empty; when the
  /// field is focused with a caret (`caretCell` cells in), cut to keep the caret in view, with
  /// the caret's column (before the placeholder of an empty field).
  private func fieldContent(
    _ value: [DisplayCell], placeholder: String, focused field: Focus, caretCell: Int?,
    _ screen: ScreenCanvas
  ) -> (content: [DisplayCell], caret: Int?) {
    let width = screen.boxContentWidth
    let ellipsis = screen.glyphs.ellipsis
    guard options.focus == field, let caretCell else {
      guard !value.isEmpty else { return (screen.cells(placeholder), nil) }
      return (TextLayout.keepingEnd(value, width: width, ellipsis: ellipsis), nil)
    }
    guard !value.isEmpty else { return (screen.cells(placeholder), 0) }
    let (cells, column) = TextLayout.keepingCaret(
      value, caret: caretCell, width: width, ellipsis: ellipsis)
    return (cells, column)
  }

  /// The button — Log In or Try Again, enabled or not, or the spinner — or the success line.
  private func drawAction(of state: LoginState, on screen: inout ScreenCanvas) {
    let glyphs = screen.glyphs
    defer { screen.style = .plain }
    switch state.phase {
    case .idle, .editing, .failed:
      screen.style = state.canSubmit ? .plain : .dimmed
      screen.box(
        state.canSubmit ? glyphs.enabledButton : glyphs.disabledButton,
        content: screen.cells(strings.submitTitle(for: state)),
        alignment: .center, marked: options.focus == .button)
    case .submitting:
      let count = glyphs.spinner.count
      let frame = glyphs.spinner[((options.spinnerFrame % count) + count) % count]
      screen.style = .dimmed
      screen.box(
        glyphs.disabledButton,
        content: screen.cells(frame + " " + strings.signingIn + glyphs.trailingDots),
        alignment: .center, marked: options.focus == .button)
    case .secondFactor, .device:
      break
    case .succeeded:
      screen.style = .success
      screen.paragraph(glyphs.successMark + " " + strings.loginSuccessful, alignment: .center)
      screen.style = .plain
      if state.sessionNotRemembered {
        screen.blank()
        screen.paragraph(strings.notRemembered, alignment: .center)
      }
      if let focus = options.focus {
        screen.blank()
        screen.box(
          glyphs.enabledButton, content: screen.cells(strings.logOut), alignment: .center,
          marked: focus == .button)
      }
    }
  }
}
