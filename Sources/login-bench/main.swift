// login-bench: measures LoginFlow's hot paths in a release build.
//
//   swift run -c release login-bench
//
// Speed is measured here, never in tests. Each line is the best of five runs.

import LoginFlow
import LoginRendering
import LoginReplay
import LoginRuntime

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

// The store: a full typing session through the actor on a virtual clock, including the
// demo service's 1.5 s answer, which the virtual clock makes instant.
await Benchmark(
  name: "LoginStore.send (typing session, virtual clock)", operations: session.count * 200
) {
  await StoreBenchmarks.typingSessionWithRequests(session, rounds: 200)
}.run()

// The renderer: one screen per state, as `snapshot` does.
let renderer = TextRenderer()
let screens = [
  LoginState(email: "demo@example.com", password: "Password123!", phase: .editing),
  LoginState(email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1),
  LoginState(email: "用户@例子.广告", password: "pw", phase: .failed(.networkUnavailable)),
]
await Benchmark(name: "TextRenderer.render (40 columns)", operations: 3_000) {
  var total = 0
  for index in 0..<3_000 { total &+= renderer.render(screens[index % 3]).utf8.count }
  return total
}.run()

// The replay engine: parse and run a generated session file, text output discarded.
let sessionPath = try SessionGenerator.write(cycles: 1_000)
await Benchmark(name: "login-replay (10,000-line session file)", operations: 10_000) {
  let output = DiscardingOutput()
  let status = await ReplayCommand.run([sessionPath], output: output)
  return Int(status.rawValue) &+ output.lines
}.run(repetitions: 3)

await Benchmark(name: "LoginStore.send (typing only, no request)", operations: 28 * 200) {
  await StoreBenchmarks.typingOnly(Array(session.prefix(28)), rounds: 200)
}.run()
