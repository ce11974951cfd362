import LoginCommandLine
import LoginFlow

extension SessionCommand: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The command in session syntax, such as `respond timeout after 2s`. Text typed into the
  /// password field is replaced by `<redacted>`, so traces and logs never show a password.
  public var description: String {
    switch self {
    case .type(let field, let text): "type \(field.name) \(Self.argument(text, in: field))"
    case .set(let field, let text): "set \(field.name) \(Self.argument(text, in: field))"
    case .clear(let field): "clear \(field.name)"
    case .backspace(let field, let count): "backspace \(field.name) \(count)"
    case .press(let button): button.name
    case .close: "close"
    case .respond(.secondFactor(let challenge), let delay):
      "respond second-factor method \(challenge.method.rawValue) length \(challenge.codeLength) "
        + "expires \(DurationLiteral.format(challenge.expiresIn)) "
        + "resend-after \(DurationLiteral.format(challenge.resendAfter)) "
        + "after \(DurationLiteral.format(delay))"
    case .respond(.deviceCode(let codes), let delay):
      "respond device-code user-code \(SessionCommand.quoted(codes.userCode)) "
        + "interval \(DurationLiteral.format(codes.interval)) "
        + "expires \(DurationLiteral.format(codes.expiresIn)) "
        + "after \(DurationLiteral.format(delay))"
    case .respond(.failure(.rateLimited(.some(let wait))), let delay):
      "respond rate-limited retry-after \(DurationLiteral.format(wait)) "
        + "after \(DurationLiteral.format(delay))"
    case .respond(let outcome, let delay):
      "respond \(outcome.name) after \(DurationLiteral.format(delay))"
    case .wait(let duration): "wait \(DurationLiteral.format(duration))"
    case .settle: "settle"
    case .expect(let expectation):
      "expect \(expectation.subject.rawValue) \(expectation.expectedText)"
    case .snapshot: "snapshot"
    case .relaunch(.atLaunch): "relaunch"
    case .relaunch(.later): "relaunch \(SessionCommand.SessionRestore.later.rawValue)"
    case .restoreSession: "restore-session"
    case .sessionStore(let mode): "session-store \(mode.rawValue)"
    }
  }

  /// The redacted ``description`` too, so that `debugPrint` and string interpolation in a
  /// debugger never show a password either.
  public var debugDescription: String { description }

  /// A mirror that shows the command's redacted ``description`` only.
  public var customMirror: Mirror {
    Mirror(self, children: ["command": description], displayStyle: .enum)
  }

  /// `text` as a session-file string in double quotes, with `\` `"` and control characters
  /// escaped, so that parsing it gives `text` back.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if ScalarEscape.mustEscape(scalar) {
          result += ScalarEscape.escaped(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  private static func argument(_ text: String, in field: Field) -> String {
    guard !field.isSecret else { return "<redacted>" }
    let bare =
      !text.isEmpty && !text.hasPrefix("#")
      && text.unicodeScalars.allSatisfy { scalar in
        !ScalarEscape.mustEscape(scalar) && scalar != " " && scalar != "\"" && scalar != "\\"
      }
    return bare ? text : quoted(text)
  }
}
