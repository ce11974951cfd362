import LoginFlow

extension TextRenderer {
  /// The code step: the heading, where the code went, the code as one box per digit, the
  /// error (`errorMessage`, with the throttle's countdown when one runs), the resend
  /// countdown or button, Verify (`verifyTitle`) (or the check under way) and Back.
  func drawSecondFactor(
    _ step: SecondFactorState, errorMessage: String?, verifyTitle: String,
    on screen: inout ScreenCanvas
  ) {
    let texts = strings.codeStep
    let glyphs = screen.glyphs
    defer { screen.style = .plain }
    screen.paragraph(texts.heading, alignment: .center)
    screen.paragraph(texts.destination(of: step.challenge), alignment: .center)
    screen.blank()
    let slots =
      step.code.map(String.init)
      + Array(repeating: glyphs.emptyDigit, count: step.challenge.codeLength - step.code.count)
    // Each slot takes its character and a space, so the caret before digit k is at 2k.
    let caret = options.focus == .email ? options.caret.map { 2 * min($0, step.code.count) } : nil
    screen.box(
      glyphs.field, content: screen.cells(slots.joined(separator: " ")), alignment: .center,
      marked: options.focus == .email, caret: caret)
    if let errorMessage {
      screen.style = .error
      screen.marked(errorMessage, mark: glyphs.errorMark)
      screen.style = .plain
    }
    screen.blank()
    switch step.step {
    case .checking:
      screen.style = .dimmed
      screen.box(
        glyphs.disabledButton, content: screen.cells(texts.checking + glyphs.trailingDots),
        alignment: .center, marked: options.focus == .button)
    case .entering, .resending, .rejected, .expired, .failed:
      screen.style = step.canVerify ? .plain : .dimmed
      screen.box(
        step.canVerify ? glyphs.enabledButton : glyphs.disabledButton,
        content: screen.cells(verifyTitle), alignment: .center,
        marked: options.focus == .button)
    }
    screen.style = .plain
    if case .resending = step.step {
      screen.paragraph(texts.resending + glyphs.trailingDots, alignment: .center)
    } else if let seconds = step.resendSecondsLeft {
      screen.style = .dimmed
      screen.paragraph(texts.resendIn(seconds: seconds), alignment: .center)
    } else {
      screen.style = step.canResend ? .plain : .dimmed
      screen.paragraph(texts.resend, alignment: .center)
    }
    screen.style = .plain
    screen.paragraph(texts.back, alignment: .center)
  }
}
