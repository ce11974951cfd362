import LoginFlow
import LoginRendering
import LoginTerminal
import Testing

/// Keys → focus moves and store actions; the store decides what the actions do.
@Suite struct KeyMapTests {
  static let form = LoginState(email: "demo@example.com", password: "pw", phase: .editing)

  @Test func typingEditsTheFocusedFieldOnly() {
    #expect(
      KeyMap.response(to: .text("é"), focus: .email, state: Self.form).actions
        == [.emailChanged("demo@example.comé")])
    #expect(
      KeyMap.response(to: .paste("123"), focus: .password, state: Self.form).actions
        == [.passwordChanged("pw123")])
    #expect(
      KeyMap.response(to: .backspace, focus: .password, state: Self.form).actions
        == [.passwordChanged("p")])
    #expect(
      KeyMap.response(to: .clearField, focus: .email, state: Self.form).actions
        == [.emailChanged("")])
    #expect(KeyMap.response(to: .text("x"), focus: .button, state: Self.form).actions == [])
    #expect(KeyMap.response(to: .text("x"), focus: .passwordToggle, state: Self.form).actions == [])
  }

  @Test func tabAndArrowsCycleThroughTheControls() {
    var focus = FocusOrder.initial
    var visited: [Focus] = []
    for _ in 0..<4 {
      focus = KeyMap.response(to: .tab, focus: focus, state: Self.form).focus
      visited.append(focus)
    }
    #expect(visited == [.password, .passwordToggle, .button, .email])
    #expect(KeyMap.response(to: .backTab, focus: .email, state: Self.form).focus == .button)
    #expect(KeyMap.response(to: .up, focus: .password, state: Self.form).focus == .email)
    #expect(KeyMap.response(to: .down, focus: .button, state: Self.form).focus == .email)
  }

  @Test func enterActivatesTheFocusedControl() {
    #expect(
      KeyMap.response(to: .enter, focus: .email, state: Self.form) == KeyResponse(focus: .password))
    #expect(
      KeyMap.response(to: .enter, focus: .password, state: Self.form).actions == [.submitTapped])
    #expect(
      KeyMap.response(to: .enter, focus: .passwordToggle, state: Self.form).actions
        == [.passwordVisibilityToggled])
    #expect(
      KeyMap.response(to: .enter, focus: .button, state: Self.form).actions == [.submitTapped])
    var loggedIn = Self.form
    loggedIn.phase = .succeeded(AuthSession(token: "t"))
    #expect(KeyMap.response(to: .enter, focus: .button, state: loggedIn).actions == [.logoutTapped])
  }

  @Test func escCancelsAndQuitKeysQuit() {
    #expect(
      KeyMap.response(to: .escape, focus: .email, state: Self.form).actions == [.cancelTapped])
    #expect(KeyMap.response(to: .quit, focus: .email, state: Self.form).command == .quit)
    #expect(KeyMap.response(to: .redraw, focus: .email, state: Self.form).command == .redraw)
  }

  @Test func bytesToStoreActionsEndToEnd() {
    var decoder = KeyDecoder()
    var focus = FocusOrder.initial
    var actions: [LoginAction] = []
    var state = LoginState()
    for key in decoder.decode(Array("a\tb\r".utf8)) {
      let response = KeyMap.response(to: key, focus: focus, state: state)
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
      #expect(TerminalOptions.helpText.contains(binding.keys))
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
        KeyMap.response(to: .text("3"), focus: focus, state: shown)
          == KeyResponse(focus: focus, actions: [.secondFactor(.codeChanged("123"))]))
    }
    let expected: [(Key, SecondFactorAction?)] = [
      (.paste("3 4"), .codeChanged("123 4")), (.backspace, .codeChanged("1")),
      (.clearField, .codeChanged("")), (.enter, .verifyTapped), (.escape, .backTapped),
      (.resend, .resendTapped), (.tab, nil), (.up, nil),
    ]
    for (key, action) in expected {
      #expect(
        KeyMap.response(to: key, focus: .email, state: shown).actions
          == (action.map { [LoginAction.secondFactor($0)] } ?? []), "\(key)")
    }
    #expect(KeyMap.response(to: .quit, focus: .email, state: shown).command == .quit)
    #expect(KeyMap.response(to: .resend, focus: .email, state: Self.form).actions == [])
    // Bytes to actions: Ctrl-R is the resend key.
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x12]) == [.resend])
    // Focus: the code field on entry; the password back on the form.
    #expect(FocusOrder.focus(.button, from: Self.form, to: shown) == .email)
    #expect(FocusOrder.focus(.email, from: shown, to: Self.form) == .password)
  }
}
