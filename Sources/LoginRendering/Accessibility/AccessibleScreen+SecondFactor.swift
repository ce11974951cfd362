import LoginFlow

extension AccessibleScreen {
  /// The code step's elements: the heading, where the code went, the code field (its digits
  /// are typed text, so they are read), the error (`errorMessage`), Verify (`verifyTitle`), Resend and Back.
  static func elements(
    of step: SecondFactorState, errorMessage: String?, verifyTitle: String,
    strings: LoginStrings
  ) -> [AccessibleElement] {
    let texts = strings.codeStep
    var elements = [
      AccessibleElement(role: .heading, label: texts.heading),
      AccessibleElement(role: .text, label: texts.destination(of: step.challenge)),
      AccessibleElement(
        role: .textField, label: texts.codeSpoken(length: step.challenge.codeLength),
        value: step.code.isEmpty ? strings.emptyValue : step.code,
        traits: step.error == nil ? [] : [.invalid]),
    ]
    if let errorMessage {
      elements.append(AccessibleElement(role: .alert, label: texts.errorSpoken(errorMessage)))
    }
    switch step.step {
    case .checking:
      elements.append(AccessibleElement(role: .text, label: texts.checking, traits: [.busy]))
    case .entering, .resending, .rejected, .expired, .failed:
      elements.append(
        AccessibleElement(
          role: .button, label: verifyTitle, traits: step.canVerify ? [] : [.dimmed]))
    }
    if case .resending = step.step {
      elements.append(AccessibleElement(role: .text, label: texts.resending, traits: [.busy]))
    } else if let seconds = step.resendSecondsLeft {
      elements.append(
        AccessibleElement(
          role: .button, label: texts.resendSpoken(seconds: seconds), traits: [.dimmed]))
    } else {
      elements.append(
        AccessibleElement(
          role: .button, label: texts.resend, traits: step.canResend ? [] : [.dimmed]))
    }
    elements.append(AccessibleElement(role: .button, label: texts.back))
    elements.append(AccessibleElement(role: .text, label: strings.footer))
    return elements
  }

  /// What the code step announces, once each: the step on entry, each error as it appears
  /// (as `errorMessage` says it), a check starting, and the end of the cooldown.
  static func announcements(
    from before: SecondFactorState?, to after: SecondFactorState?, errorMessage: String?,
    strings: LoginStrings
  ) -> [String] {
    guard let after else { return [] }
    let texts = strings.codeStep
    var spoken: [String] = []
    if before == nil || before?.challenge.id != after.challenge.id {
      spoken.append(texts.heading + ". " + texts.destination(of: after.challenge))
    }
    if case .checking = after.step, before?.request != after.request {
      spoken.append(texts.checking)
    }
    if let errorMessage, let error = after.error, before?.error != error {
      spoken.append(texts.errorSpoken(errorMessage))
    }
    if let before, before.resendIn > .zero, after.resendIn <= .zero {
      spoken.append(texts.resendAvailable)
    }
    return spoken
  }
}
