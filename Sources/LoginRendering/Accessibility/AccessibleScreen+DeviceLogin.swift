import LoginFlow

extension AccessibleScreen {
  /// The device login step for a screen reader: the heading, the code spelled in groups
  /// with where to enter it, the time left, a notice while polls fail, and Cancel.
  static func elements(of step: DeviceLoginState, strings: LoginStrings) -> [AccessibleElement] {
    let texts = strings.device
    var elements = [
      AccessibleElement(role: .heading, label: texts.heading),
      AccessibleElement(role: .text, label: texts.announcement(of: step.authorization)),
      AccessibleElement(role: .text, label: texts.expiresIn(seconds: step.secondsLeft)),
    ]
    if let notice = step.notice {
      elements.append(
        AccessibleElement(role: .alert, label: texts.notice(strings.message(for: notice))))
    }
    elements.append(AccessibleElement(role: .text, label: texts.waiting, traits: [.busy]))
    elements.append(AccessibleElement(role: .button, label: texts.cancel))
    elements.append(AccessibleElement(role: .text, label: strings.footer))
    return elements
  }
}
