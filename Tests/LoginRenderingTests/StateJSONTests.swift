import LoginFlow
import LoginRendering
import Testing

/// The JSON encoding: one stable text, correct escapes, no secrets.
@Suite struct StateJSONTests {
  @Test(arguments: [
    ("plain", "\"plain\""), ("q\"b\\", "\"q\\\"b\\\\\""), ("\n\t\r", "\"\\u000A\\u0009\\u000D\""),
    ("\u{0}\u{1F}\u{7F}", "\"\\u0000\\u001F\\u007F\""), ("\u{2028}\u{2029}", "\"\\u2028\\u2029\""),
    ("é日😀/", "\"é日😀/\""), ("", "\"\""),
    // C1 controls and bidirectional formatting characters are escaped too; their
    // neighbours, sharing their first bytes, stay raw; an escape ends a string.
    ("\u{80}\u{9B}\u{9F}\u{A0}", "\"\\u0080\\u009B\\u009F\u{A0}\""),
    (
      "\u{2027}\u{202A}\u{202E}\u{202F}\u{20AC}x\u{2029}",
      "\"\u{2027}\\u202A\\u202E\u{202F}\u{20AC}x\\u2029\""
    ),
    (
      "\u{2065}\u{2066}\u{2069}\u{206A}\u{200D}\u{200E}\u{200F}\u{61C}",
      "\"\u{2065}\\u2066\\u2069\u{206A}\u{200D}\\u200E\\u200F\\u061C\""
    ),
  ])
  func stringsAreEscaped(_ string: String, _ json: String) {
    #expect(JSONValue.quoted(string) == json)
  }

  @Test func objectKeysAreSortedByTheirBytesAndNothingIsSpaced() {
    let value = JSONValue.object([
      "b": .array([.int(-1), .bool(true), .null]), "a": .string("x"), "B": .object([:]),
      "é": .bool(false),
    ])
    #expect(value.text == #"{"B":{},"a":"x","b":[-1,true,null],"é":false}"#)
  }

  @Test func everyStateHasTheSameKeys() {
    let keys = [
      "attempt", "canSubmit", "consecutiveInvalidCredentials", "device", "email", "emailError",
      "emailLimitReached", "error", "loading", "loggedIn", "password", "passwordLength",
      "passwordLimitReached", "passwordVisible", "phase", "resetSuggested", "retryIn",
      "secondFactor", "sessionNotRemembered", "submitTitle",
    ]
    for (_, state) in RenderingCatalog.json {
      guard case .object(let members) = StateJSON.value(of: state) else {
        Issue.record("not an object")
        continue
      }
      #expect(members.keys.sorted() == keys)
    }
  }

  @Test func thePasswordIsALengthUnlessVisible() {
    let hidden = Screens.filled(password: "zq\"xk")
    #expect(StateJSON.text(of: hidden).contains(#""password":null,"passwordLength":5,"#))
    #expect(!StateJSON.text(of: hidden).contains("zq"))
    let visible = Screens.after([.passwordVisibilityToggled], from: hidden)
    #expect(StateJSON.text(of: visible).contains(#""password":"zq\"xk","passwordLength":5,"#))
  }

  @Test func eachFieldSaysWhetherItsLastChangeWasCut() {
    let full = Screens.filled(
      email: String(Screens.overLimitEmail.dropLast()),
      password: String(Screens.overLimitPassword.dropLast()))
    #expect(StateJSON.text(of: full).contains(#""emailLimitReached":false,"#))
    #expect(StateJSON.text(of: full).contains(#""passwordLimitReached":false,"#))
    let emailCut = Screens.filled(email: Screens.overLimitEmail)
    #expect(StateJSON.text(of: emailCut).contains(#""emailLimitReached":true,"#))
    #expect(StateJSON.text(of: emailCut).contains(#""passwordLimitReached":false,"#))
    let passwordCut = Screens.filled(password: Screens.overLimitPassword)
    #expect(StateJSON.text(of: passwordCut).contains(#""emailLimitReached":false,"#))
    #expect(
      StateJSON.text(of: passwordCut).contains(
        #""passwordLength":\#(LoginState.maximumPasswordLength),"passwordLimitReached":true,"#))
  }

  @Test func theTokenNeverAppears() {
    let text = StateJSON.text(of: Screens.succeeded)
    #expect(!text.contains("SECRET"))
    #expect(text.contains(#""loggedIn":true"#))
  }

  @Test(arguments: AuthError.allCases)
  func theErrorCarriesItsNameMessageAndRetryability(_ error: AuthError) {
    let value = StateJSON.value(of: Screens.failed(error))
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    // A throttle's message counts down; every other error's is its own.
    let message =
      error == .rateLimited(retryAfter: nil)
      ? "Too many attempts. Try again in 0:30." : error.message
    #expect(
      members["error"]
        == .object([
          "name": .string(error.name), "message": .string(message),
          "retryable": .bool(error.isRetryable),
        ]))
    #expect(members["phase"] == .string("failed"))
  }

  @Test func theTextIsTheValuesText() {
    for (_, state) in RenderingCatalog.json {
      #expect(StateJSON.text(of: state) == StateJSON.value(of: state).text)
      #expect(!StateJSON.text(of: state).contains("\n"))
    }
  }

  /// The code step's object says what the screen shows, never the code or the challenge.
  @Test func theCodeStepShowsNoCodeAndNoChallenge() {
    var step = SecondFactorState(
      challenge: SecondFactorChallenge(id: "CHALLENGE-ID-9", method: .sms, destination: "•••• 42"),
      request: 3)
    step.code = "918273"
    step.step = .rejected
    let text = StateJSON.text(of: LoginState(phase: .secondFactor(step)))
    #expect(!text.contains("918273"))
    #expect(!text.contains("CHALLENGE-ID-9"))
    #expect(text.contains(#""secondFactor":{"canResend":false,"canVerify":true,"codeLength":6,"#))
    #expect(
      text.contains(
        #""digitsEntered":6,"error":{"message":"That code is incorrect.","name":"code-rejected"}"#))
    #expect(text.contains(#""method":"sms","rejectedCodes":0,"resendIn":30,"step":"rejected"}"#))
  }
}
