// login-bench: measures LoginFlow's hot paths in a release build.
//
//   swift run -c release login-bench
//
// Speed is measured here, never in tests. Each line is the best of five runs.

import LoginFlow

/// A fixed, realistic session: type an email and a password one character at a time,
/// toggle, submit, fail, retry, succeed, log out.
func typingSession() -> [LoginAction] {
  var actions: [LoginAction] = []
  var email = ""
  for character in "demo@example.com" {
    email.append(character)
    actions.append(.emailChanged(email))
  }
  var password = ""
  for character in "Password123!" {
    password.append(character)
    actions.append(.passwordChanged(password))
  }
  actions += [
    .passwordVisibilityToggled, .submitTapped,
    .authResponse(attempt: 1, .failure(.networkUnavailable)),
    .submitTapped, .authResponse(attempt: 2, .success(AuthSession(token: "t"))), .logoutTapped,
  ]
  return actions
}

let session = typingSession()
let rounds = 20_000

await Benchmark(name: "reduce (typing session)", operations: session.count * rounds) {
  var total = 0
  for _ in 0..<rounds {
    var state = LoginState()
    for action in session {
      let result = reduce(state, action)
      state = result.state
      total &+= result.effects.count
    }
    total &+= state.attempt
  }
  return total
}.run()

await Benchmark(name: "derived flags (canSubmit, emailError, …)", operations: rounds * 10) {
  var total = 0
  let states = [
    LoginState(email: "demo@example.com", password: "Password123!"),
    LoginState(email: "  someone.else@sub.example.co.uk ", password: "x", phase: .editing),
  ]
  for index in 0..<(rounds * 10) {
    let state = states[index & 1]
    total &+= state.canSubmit ? 1 : 0
    total &+= state.emailError == nil ? 1 : 0
  }
  return total
}.run()
