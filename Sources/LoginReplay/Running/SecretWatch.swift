import LoginFlow
import LoginRendering
import LoginRuntime

/// What `expect secrets-hidden` checks: whether a secret was shown since the previous check,
/// from the first check on.
///
/// The secrets are the texts a session put into a secret field (the password, as a command
/// left it, of four characters or more: a shorter text would be found in words that hold no
/// secret) and the tokens of the sessions the screen held, the code step's codes (of four
/// digits or more) and its challenges' ids. They may never appear in the store's events (a
/// trace's lines) or in the state's description, debug description and dump; the state's
/// JSON may show the password only while the session makes it visible, and the screen that
/// too and the code typed (as typed text); a token and a challenge never.
struct SecretWatch {
  /// Whether a check has started the watch.
  private(set) var isWatching = false
  private var passwords: Set<String> = []
  private var tokens: Set<String> = []
  private var codes: Set<String> = []
  private var shown = false

  /// Notes the secrets `state` holds: a secret field's text, the session's token.
  mutating func note(_ state: LoginState) {
    for field in LoginMachine.fields where field.isSecret {
      let text = field.text(in: state)
      if text.count >= 4 { passwords.insert(text) }
    }
    noteToken(of: state)
    if let step = state.secondFactor {
      if step.code.utf8.count >= 4 { codes.insert(step.code) }
      if !step.challenge.id.isEmpty { tokens.insert(step.challenge.id) }
    }
  }

  /// Notes the token of the session `state` holds, if any.
  mutating func noteToken(of state: LoginState) {
    if let token = state.session?.token, !token.isEmpty { tokens.insert(token) }
  }

  /// Looks at the text of an event the store reported.
  mutating func look(atEvent text: String) {
    guard isWatching, !shown else { return }
    shown = passwords.union(tokens).union(codes).contains { text.contains($0) }
  }

  /// Whether no secret was shown since the last check, the state `state` included (drawn by
  /// `renderer`); starts the watch.
  mutating func check(_ state: LoginState, renderer: TextRenderer) -> Bool {
    note(state)
    isWatching = true
    let secrets = passwords.union(tokens).union(codes)
    var dumped = ""
    dump(state, to: &dumped)
    let never = [String(describing: state), String(reflecting: state), dumped]
    var hidden = !shown && !never.contains { text in secrets.contains { text.contains($0) } }
    let visible = state.isPasswordVisible ? state.password : nil
    let forbidden = secrets.filter { $0 != visible }
    let typedCode = state.secondFactor?.code
    let screenForbidden = forbidden.filter { $0 != typedCode }
    if forbidden.contains(where: { StateJSON.text(of: state).contains($0) }) { hidden = false }
    if screenForbidden.contains(where: { renderer.render(state).contains($0) }) { hidden = false }
    shown = false
    return hidden
  }
}
