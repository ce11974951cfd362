import LoginFlow

extension TextRenderer {
  /// The device login step: the heading, the address to open (and the one with the code in
  /// it, when the server gave one), the user code large, in groups, the time left, a notice
  /// while polls fail, and Cancel.
  func drawDeviceLogin(_ step: DeviceLoginState, on screen: inout ScreenCanvas) {
    let texts = strings.device
    let authorization = step.authorization
    defer { screen.style = .plain }
    screen.paragraph(texts.heading, alignment: .center)
    screen.blank()
    screen.paragraph(texts.openPage, alignment: .center)
    screen.paragraph(authorization.verificationURI, alignment: .center)
    screen.paragraph(texts.enterCode, alignment: .center)
    screen.box(
      screen.glyphs.field,
      content: screen.cells(Self.spaced(DeviceLoginStrings.grouped(authorization.userCode))),
      alignment: .center, marked: false)
    if let complete = authorization.verificationURIComplete {
      screen.style = .dimmed
      screen.paragraph(complete, alignment: .center)
      screen.style = .plain
    }
    screen.blank()
    screen.style = .dimmed
    screen.paragraph(texts.expiresIn(seconds: step.secondsLeft), alignment: .center)
    screen.paragraph(texts.waiting + screen.glyphs.trailingDots, alignment: .center)
    screen.style = .plain
    if let notice = step.notice {
      screen.style = .error
      screen.marked(texts.notice(strings.message(for: notice)), mark: screen.glyphs.errorMark)
      screen.style = .plain
    }
    screen.blank()
    screen.box(
      screen.glyphs.enabledButton, content: screen.cells(texts.cancel), alignment: .center,
      marked: options.focus == .button)
  }

  /// The code with a space between its characters, so that it reads large and apart.
  static func spaced(_ code: String) -> String {
    code.map(String.init).joined(separator: " ")
  }
}
