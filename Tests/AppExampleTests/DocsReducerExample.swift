// docs: reducer
import LoginFlow

// docs: end

/// README's "Drive the reducer by hand", as written there: built and run by a test.
func reducerByHand() {
  // docs: reducer
  var state = LoginState()
  (state, _) = reduce(state, .emailChanged("demo@example.com"))
  (state, _) = reduce(state, .passwordChanged("Password123!"))
  print(state.canSubmit)  // true
  let (sent, effects) = reduce(state, .submitTapped)
  print(sent.phase, effects)
  // submitting [authenticate(1, Credentials(email: "demo@example.com", password: <redacted>))]
  let (done, _) = reduce(sent, .authResponse(attempt: 1, .failure(.invalidCredentials)))
  print(done.errorMessage ?? "")  // The email or password is incorrect.
  // docs: end
}
