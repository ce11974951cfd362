import LoginFlow
import LoginRendering
import Testing

@testable import LoginReplay

/// `expect secrets-hidden`'s watch: the code step's code and challenge are secrets too; the
/// drawn screen may show the code typed (as typed text), nothing else may, and a challenge
/// never shows anywhere.
@Suite struct SecretWatchTests {
  static func codeStep(code: String) -> LoginState {
    var step = SecondFactorState(
      challenge: SecondFactorChallenge(id: "CHALLENGE-SECRET"), request: 1)
    step.code = code
    return LoginState(phase: .secondFactor(step), attempt: 1)
  }

  @Test func aCodeOrAChallengeInAnEventIsShown() {
    for leak in ["checked 918273", "challenge CHALLENGE-SECRET"] {
      var watch = SecretWatch()
      let state = Self.codeStep(code: "918273")
      let first = watch.check(state, renderer: TextRenderer())
      #expect(first, "nothing shown yet")
      watch.note(state)
      watch.look(atEvent: "an ordinary event")
      let second = watch.check(state, renderer: TextRenderer())
      #expect(second)
      watch.look(atEvent: leak)
      let third = watch.check(state, renderer: TextRenderer())
      #expect(!third, "\(leak)")
    }
  }

  @Test func theScreenMayShowTheCodeTyped() {
    var watch = SecretWatch()
    let hidden = watch.check(Self.codeStep(code: "9182"), renderer: TextRenderer())
    #expect(hidden)
  }
}
