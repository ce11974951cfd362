import LoginFlow
import LoginRendering
import LoginTerminal
import Testing

/// Keys → focus moves and store actions; the store decides what the actions do.
@Suite struct KeyMapTests {
  static let form = LoginState(email: "demo@example.com", password: "pw", phase: .editing)

  /// The response with the caret at the end of the focused field, as after typing.
  static func response(to key: Key, focus: Focus, state: LoginState) -> KeyResponse {
    KeyMap.response(
      to: key, focus: focus, caret: KeyMap.fieldText(focus, state)?.count ?? 0, state: state)
  }

  @Test func typingEditsTheFocusedFieldOnly() {
    #expect(
      Self.response(to: .text("é"), focus: .email, state: Self.form).actions
        == [.emailChanged("demo@example.comé")])
    #expect(
      Self.response(to: .paste("123"), focus: .password, state: Self.form).actions
        == [.passwordChanged("pw123")])
    #expect(
      Self.response(to: .edit(.deleteBackward), focus: .password, state: Self.form).actions
        == [.passwordChanged("p")])
    #expect(
      Self.response(to: .edit(.deleteToStart), focus: .email, state: Self.form).actions
        == [.emailChanged("")])
    #expect(Self.response(to: .text("x"), focus: .button, state: Self.form).actions == [])
    #expect(Self.response(to: .text("x"), focus: .passwordToggle, state: Self.form).actions == [])
  }

  @Test func tabAndArrowsCycleThroughTheControls() {
    var focus = FocusOrder.initial
    var visited: [Focus] = []
    for _ in 0..<4 {
      focus = Self.response(to: .tab, focus: focus, state: Self.form).focus
      visited.append(focus)
    }
    #expect(visited == [.password, .passwordToggle, .button, .email])
    #expect(Self.response(to: .backTab, focus: .email, state: Self.form).focus == .button)
    #expect(Self.response(to: .up, focus: .password, state: Self.form).focus == .email)
    #expect(Self.response(to: .down, focus: .button, state: Self.form).focus == .email)
  }

  @Test func enterActivatesTheFocusedControl() {
    #expect(
      Self.response(to: .enter, focus: .email, state: Self.form)
        == KeyResponse(focus: .password, caret: 2))
    #expect(
      Self.response(to: .enter, focus: .password, state: Self.form).actions == [.submitTapped])
    #expect(
      Self.response(to: .enter, focus: .passwordToggle, state: Self.form).actions
        == [.passwordVisibilityToggled])
    #expect(
      Self.response(to: .enter, focus: .button, state: Self.form).actions == [.submitTapped])
    var loggedIn = Self.form
    loggedIn.phase = .succeeded(AuthSession(token: "t"))
    #expect(Self.response(to: .enter, focus: .button, state: loggedIn).actions == [.logoutTapped])
  }

  @Test func escCancelsAndQuitKeysQuit() {
    #expect(
      Self.response(to: .escape, focus: .email, state: Self.form).actions == [.cancelTapped])
    #expect(Self.response(to: .interrupt, focus: .email, state: Self.form).command == .quit)
    #expect(Self.response(to: .redraw, focus: .email, state: Self.form).command == .redraw)
  }

  @Test func ctrlOSignsInWithABrowserFromTheFormOnly() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x0F]) == [.browserLogin])
    #expect(
      Self.response(to: .browserLogin, focus: .password, state: Self.form).actions
        == [.deviceLoginTapped])
    var codeStep = Self.form
    codeStep.phase = .secondFactor(
      SecondFactorState(challenge: SecondFactorChallenge(id: "c"), request: 1))
    #expect(Self.response(to: .browserLogin, focus: .email, state: codeStep).actions == [])
  }

  @Test func bytesToStoreActionsEndToEnd() {
    var decoder = KeyDecoder()
    var focus = FocusOrder.initial
    var actions: [LoginAction] = []
    var state = LoginState()
    for key in decoder.decode(Array("a\tb\r".utf8)) {
      let response = Self.response(to: key, focus: focus, state: state)
      focus = response.focus
      for action in response.actions {
        actions.append(action)
        state = reduce(state, action).0
      }
    }
    #expect(actions == [.emailChanged("a"), .passwordChanged("b"), .submitTapped])
    #expect(state.phase == .editing)  // the machine ignored the invalid submit
  }

  @Test func focusFollowsLoginAndLogout() {
    var loggedIn = Self.form
    loggedIn.phase = .succeeded(AuthSession(token: "t"))
    #expect(FocusOrder.focus(.password, from: Self.form, to: loggedIn) == .button)
    #expect(FocusOrder.focus(.button, from: loggedIn, to: LoginState()) == .email)
    #expect(FocusOrder.focus(.passwordToggle, from: Self.form, to: Self.form) == .passwordToggle)
  }

  @Test func everyKeyBindingIsInTheHelp() {
    for binding in KeyBinding.allCases {
      #expect(TerminalOptions.helpText.contains(binding.keys.joined(separator: ", ")))
    }
  }

  /// The code step: every edit goes to the code field, Enter verifies, Ctrl-R resends, Esc
  /// goes back, and focus stays; the machine keeps digits only and checks a complete code.
  @Test func theCodeStepTakesEveryEditAndItsOwnKeys() {
    var step = SecondFactorState(challenge: SecondFactorChallenge(id: "c"), request: 1)
    step.code = "12"
    let shown = LoginState(email: "2fa@example.com", phase: .secondFactor(step), attempt: 1)
    for focus in Focus.allCases {
      #expect(
        Self.response(to: .text("3"), focus: focus, state: shown)
          == KeyResponse(focus: focus, caret: 3, actions: [.secondFactor(.codeChanged("123"))]))
    }
    let expected: [(Key, SecondFactorAction?)] = [
      (.paste("3 4"), .codeChanged("123 4")), (.edit(.deleteBackward), .codeChanged("1")),
      (.edit(.deleteToStart), .codeChanged("")), (.enter, .verifyTapped), (.escape, .backTapped),
      (.resend, .resendTapped), (.tab, nil), (.up, nil),
    ]
    for (key, action) in expected {
      #expect(
        Self.response(to: key, focus: .email, state: shown).actions
          == (action.map { [LoginAction.secondFactor($0)] } ?? []), "\(key)")
    }
    #expect(Self.response(to: .interrupt, focus: .email, state: shown).command == .quit)
    #expect(Self.response(to: .resend, focus: .email, state: Self.form).actions == [])
    // Bytes to actions: Ctrl-R is the resend key.
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x12]) == [.resend])
    // Focus: the code field on entry; the password back on the form.
    #expect(FocusOrder.focus(.button, from: Self.form, to: shown) == .email)
    #expect(FocusOrder.focus(.email, from: shown, to: Self.form) == .password)
  }

  /// Edits happen at the caret and the store gets the whole new text; moves send nothing.
  @Test func editsHappenAtTheCaretAndMovesSendNothing() {
    let insert = KeyMap.response(to: .text("X"), focus: .email, caret: 4, state: Self.form)
    #expect(
      insert == KeyResponse(focus: .email, caret: 5, actions: [.emailChanged("demoX@example.com")]))
    let left = KeyMap.response(to: .edit(.moveLeft), focus: .email, caret: 4, state: Self.form)
    #expect(left == KeyResponse(focus: .email, caret: 3))
    let delete = KeyMap.response(
      to: .edit(.deleteForward), focus: .password, caret: 0, state: Self.form)
    #expect(delete == KeyResponse(focus: .password, caret: 0, actions: [.passwordChanged("w")]))
    let word = KeyMap.response(
      to: .edit(.deleteWordBackward), focus: .email, caret: 16, state: Self.form)
    #expect(word.actions == [.emailChanged("demo@example.")])
    #expect(Self.response(to: .tab, focus: .email, state: Self.form).caret == 2)
    #expect(Self.response(to: .edit(.moveToStart), focus: .button, state: Self.form).actions == [])
    // The code step edits at its caret too, and the machine keeps digits only.
    var step = SecondFactorState(challenge: SecondFactorChallenge(id: "c"), request: 1)
    step.code = "14"
    let shown = LoginState(email: "2fa@example.com", phase: .secondFactor(step), attempt: 1)
    #expect(
      KeyMap.response(to: .text("23"), focus: .email, caret: 1, state: shown)
        == KeyResponse(focus: .email, caret: 3, actions: [.secondFactor(.codeChanged("1234"))]))
  }

  /// Every key that acts on the program, not the screen, has its command.
  @Test func programKeysHaveTheirCommands() {
    let expected: [(Key, KeyResponse.Command)] = [
      (.interrupt, .quit), (.endOfInput, .quit), (.redraw, .redraw), (.help, .speakHints),
      (.suspend, .suspend),
    ]
    for (key, command) in expected {
      #expect(Self.response(to: key, focus: .email, state: Self.form).command == command)
      #expect(Self.response(to: key, focus: .email, state: Self.codeStep).command == command)
    }
  }

  static let codeStep = LoginState(
    email: "2fa@example.com",
    phase: .secondFactor(SecondFactorState(challenge: SecondFactorChallenge(id: "c"), request: 1)),
    attempt: 1)
}
