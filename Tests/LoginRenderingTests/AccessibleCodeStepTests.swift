import LoginFlow
import LoginRendering
import Testing

/// The code step for a screen reader: its elements in reading order, and each announcement
/// once: the step on entry, a check starting, each error as it appears, and the end of the
/// cooldown.
@Suite struct AccessibleCodeStepTests {
  static let challenge = SecondFactorChallenge(
    id: "c", method: .sms, destination: "•••• 42", codeLength: 6, resendAfter: .seconds(27))

  static func shown(_ change: (inout SecondFactorState) -> Void = { _ in }) -> LoginState {
    var step = SecondFactorState(challenge: challenge, request: 1)
    change(&step)
    return LoginState(email: "2fa@example.com", phase: .secondFactor(step), attempt: 1)
  }

  @Test func theStepInReadingOrder() {
    #expect(
      AccessibleScreen.elements(of: Self.shown()).map(\.spoken) == [
        "Enter your code, heading",
        "We sent a code to •••• 42, text",
        "Verification code, 6 digits, text field, empty",
        "Verify, button, dimmed",
        "Resend code, available in 27 seconds, button, dimmed",
        "Back, button",
        "Secure access to your account, text",
      ])
    let rejected = Self.shown {
      $0.step = .rejected
      $0.resendIn = .zero
    }
    #expect(
      AccessibleScreen.elements(of: rejected).map(\.spoken) == [
        "Enter your code, heading",
        "We sent a code to •••• 42, text",
        "Verification code, 6 digits, text field, empty, invalid",
        "Code error: That code is incorrect., alert",
        "Verify, button, dimmed",
        "Resend code, button",
        "Back, button",
        "Secure access to your account, text",
      ])
  }

  @Test func eachAnnouncementOnce() {
    let form = LoginState(email: "2fa@example.com", phase: .submitting, attempt: 1)
    let entered = Self.shown()
    #expect(
      AccessibleScreen.announcements(from: form, to: entered)
        == ["Enter your code. We sent a code to •••• 42"])
    let typed = Self.shown { $0.code = "12" }
    #expect(AccessibleScreen.announcements(from: entered, to: typed) == [])
    let checking = Self.shown {
      $0.code = "123456"
      $0.step = .checking
      $0.request = 2
    }
    #expect(AccessibleScreen.announcements(from: typed, to: checking) == ["Checking code"])
    let rejected = Self.shown {
      $0.step = .rejected
      $0.request = 2
    }
    #expect(
      AccessibleScreen.announcements(from: checking, to: rejected)
        == ["Code error: That code is incorrect."])
    var ticked = rejected
    if case .secondFactor(var step) = ticked.phase {
      step.resendIn = .seconds(26)
      ticked.phase = .secondFactor(step)
    }
    #expect(AccessibleScreen.announcements(from: rejected, to: ticked) == [])
    var available = ticked
    if case .secondFactor(var step) = available.phase {
      step.resendIn = .zero
      available.phase = .secondFactor(step)
    }
    #expect(
      AccessibleScreen.announcements(from: ticked, to: available)
        == ["You can send a new code now"])
    #expect(AccessibleScreen.announcements(from: available, to: available) == [])
  }
}
