import LoginFlow
// docs: render
import LoginRendering

// docs: end

/// Docs/Rendering.md's examples, as written there: built and run by a test.
func renderingAState(_ state: LoginState) throws {
  // docs: render
  let renderer = TextRenderer(options: try .init(width: 40, ascii: false, spinnerFrame: 0))
  print(renderer.render(state))  // lines joined by "\n", no trailing newline
  print(StateJSON.text(of: state))  // {"attempt":0,"canSubmit":false,...}
  // docs: end
}

func anotherLanguage(_ state: LoginState) -> (TextRenderer, [AccessibleElement]) {
  // docs: french
  var french = LoginStrings.english
  french.title = "Bon retour"
  french.logIn = "Se connecter"
  french.invalidCredentials = "L’adresse ou le mot de passe est incorrect."
  let renderer = TextRenderer(options: .init(), strings: french)
  let elements = AccessibleScreen.elements(of: state, strings: french)
  // docs: end
  return (renderer, elements)
}
