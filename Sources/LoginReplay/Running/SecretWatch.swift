import LoginFlow
import LoginRendering
import LoginRuntime

/// What `expect secrets-hidden` checks: whether a secret was shown since the previous check,
/// from the first check on.
///
/// The secrets are the texts a session put into a secret field (the password, as a command
/// left it, of four characters or more: a shorter text would be found in words that hold no
/// secret) and the tokens of the sessions the screen held. They may never appear in the store's events (a trace's
/// lines) or in the state's description, debug description and dump; the state's JSON and its
/// screen may show the password only while the session makes it visible, and a token never.
struct SecretWatch {
  /// Whether a check has started the watch.
  private(set) var isWatching = false
  private var passwords: Set<String> = []
  private var tokens: Set<String> = []
  private var shown = false

  /// Notes the secrets `state` holds: a secret field's text, the session's token.
  mutating func note(_ state: LoginState) {
    for field in LoginMachine.fields where field.isSecret {
      let text = field.text(in: state)
      if text.count >= 4 { passwords.insert(text) }
    }
    noteToken(of: state)
  }

  /// Notes the token of the session `state` holds, if any.
  mutating func noteToken(of state: LoginState) {
    if let token = state.session?.token, !token.isEmpty { tokens.insert(token) }
  }

  /// Looks at the text of an event the store reported.
  mutating func look(atEvent text: String) {
    guard isWatching, !shown else { return }
    shown = (passwords.union(tokens)).contains { text.contains($0) }
  }

  /// Whether no secret was shown since the last check, the state `state` included (drawn by
  /// `renderer`); starts the watch.
  mutating func check(_ state: LoginState, renderer: TextRenderer) -> Bool {
    note(state)
    isWatching = true
    let secrets = passwords.union(tokens)
    var dumped = ""
    dump(state, to: &dumped)
    let never = [String(describing: state), String(reflecting: state), dumped]
    var hidden = !shown && !never.contains { text in secrets.contains { text.contains($0) } }
    let visible = state.isPasswordVisible ? state.password : nil
    let forbidden = secrets.filter { $0 != visible }
    for text in [StateJSON.text(of: state), renderer.render(state)]
    where forbidden.contains(where: { text.contains($0) }) {
      hidden = false
    }
    shown = false
    return hidden
  }
}
