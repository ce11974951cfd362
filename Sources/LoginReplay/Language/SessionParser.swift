import LoginCommandLine
import LoginFlow
import LoginSimulation

/// Turns one line of a session file into a ``SessionCommand``, or a located ``SessionError``.
///
/// Keywords (command words, fields, phases, outcomes, `true`/`false`, effect names, `after`,
/// `none`) may be bare or quoted alike. Quoting matters for TEXT only: in `expect error` and
/// `expect email-error` a bare `none` means "no error" while `"none"` is the text `none`.
public enum SessionParser {
  /// Parses `text`, line `line` of `file`: `nil` for a blank or comment line, otherwise the
  /// command located at its first word, or the first error of the line.
  public static func parse(
    _ text: String, file: String, line: Int
  ) -> Result<LocatedCommand, SessionError>? {
    do throws(SessionError) {
      let words = try Tokenizer.tokens(in: text, file: file, number: line)
      guard let head = words.first else { return nil }
      let command = try LineParser(file: file, line: line, words: words).command()
      return .success(
        LocatedCommand(command, at: SourceLocation(file: file, line: line, column: head.column)))
    } catch {
      return .failure(error)
    }
  }
}

/// The parsing of one tokenized line.
struct LineParser {
  let file: String
  let line: Int
  /// The command word.
  let head: Token
  /// The words after it.
  let arguments: ArraySlice<Token>

  init(file: String, line: Int, words: [Token]) {
    self.file = file
    self.line = line
    head = words[0]
    arguments = words.dropFirst()
  }

  /// The fields of the screen, by name.
  static let fields = Dictionary(
    LoginMachine.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  func command() throws(SessionError) -> SessionCommand {
    guard let name = SessionCommand.Name(word: head.text) else {
      throw error(
        .unknownCommand(
          suggestion: Suggestion.closest(
            to: head.text, among: SessionCommand.Name.allCases.map(\.word)
          ).flatMap(SessionCommand.Name.init(word:))),
        at: head)
    }
    // `respond` names a missing `after` before its count; `expect` counts after its subject.
    if name != .respond, name != .expect { try checkCount(arguments, of: .command(name)) }
    switch name {
    case .type: return .type(try field(argument(0), for: name), argument(1).text)
    case .set: return .set(try field(argument(0), for: name), argument(1).text)
    case .clear: return .clear(try field(argument(0), for: name))
    case .backspace:
      let field = try field(argument(0), for: name)
      guard arguments.count == 2 else { return .backspace(field, count: 1) }
      return .backspace(field, count: try positiveCount(argument(1)))
    case .button(let button): return .press(button)
    case .close: return .close
    case .wait: return .wait(try duration(argument(0), for: name))
    case .settle: return .settle
    case .snapshot: return .snapshot
    case .relaunch:
      guard arguments.count == 1 else { return .relaunch(.atLaunch) }
      let token = argument(0)
      let later = SessionCommand.SessionRestore.later.rawValue
      guard token.text == later else {
        throw error(
          .badValue(
            command: .command(.relaunch), expected: "'\(later)' or nothing",
            suggestion: Suggestion.closest(to: token.text, among: [later])),
          at: token)
      }
      return .relaunch(.later)
    case .restoreSession: return .restoreSession
    case .sessionStore:
      let token = argument(0)
      guard let mode = SessionCommand.SessionStoreMode(rawValue: token.text) else {
        let modes = SessionCommand.SessionStoreMode.allCases.map(\.rawValue)
        throw error(
          .badValue(
            command: .command(.sessionStore), expected: modes.joined(separator: " or "),
            suggestion: Suggestion.closest(to: token.text, among: modes)),
          at: token)
      }
      return .sessionStore(mode)
    case .respond: return try respond()
    case .expect: return .expect(try expectation())
    }
  }

  /// The word `offset` places after the command word; the count was checked.
  func argument(_ offset: Int) -> Token {
    arguments[arguments.startIndex + offset]
  }

  /// Parses `expect WHAT VALUE`.
  private func expectation() throws(SessionError) -> SessionCommand.Expectation {
    guard let subjectToken = arguments.first else {
      throw error(.wrongArgumentCount(command: .command(.expect), got: 0), at: head)
    }
    guard let subject = SessionCommand.Expectation.Subject(rawValue: subjectToken.text) else {
      throw error(
        .unknownExpectation(
          suggestion: closest(subjectToken, among: SessionCommand.Expectation.Subject.self)),
        at: subjectToken)
    }
    let signature = SessionCommand.Signature.expect(subject)
    let values = arguments.dropFirst()
    try checkCount(values, of: signature)
    let value = values[values.startIndex]
    switch subject {
    case .phase:
      guard let kind = LoginPhase.Kind(rawValue: value.text) else {
        let phases = LoginPhase.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        throw error(
          .badValue(
            command: signature, expected: "one of: \(phases)",
            suggestion: closest(value, among: LoginPhase.Kind.self)?.rawValue),
          at: value)
      }
      return .phase(kind)
    case .canSubmit: return .canSubmit(try boolean(value, for: signature))
    case .loading: return .loading(try boolean(value, for: signature))
    case .passwordVisible: return .passwordVisible(try boolean(value, for: signature))
    case .resetSuggested: return .resetSuggested(try boolean(value, for: signature))
    case .error: return .error(expectedText(value))
    case .emailError: return .emailError(expectedText(value))
    case .effects: return .effects(try effects(values, for: signature))
    case .passwordLength: return .passwordLength(try count(value, for: signature))
    case .requestsInFlight: return .requestsInFlight(try count(value, for: signature))
    case .droppedAnswers: return .droppedAnswers(try count(value, for: signature))
    case .storeRequests: return .storeRequests(try count(value, for: signature))
    case .storeTimers: return .storeTimers(try count(value, for: signature))
    case .sessionRemembered: return .sessionRemembered(try boolean(value, for: signature))
    case .secretsHidden: return .secretsHidden(try boolean(value, for: signature))
    case .code: return .code(value.text)
    case .codeError: return .codeError(expectedText(value))
    case .canVerify: return .canVerify(try boolean(value, for: signature))
    case .canResend: return .canResend(try boolean(value, for: signature))
    case .resendIn:
      return .resendIn(try countdown(value, for: signature))
    case .retryIn:
      return .retryIn(try countdown(value, for: signature))
    case .userCode: return .userCode(value.text)
    case .pollInterval: return .pollInterval(try countdown(value, for: signature))
    case .expiresIn: return .expiresIn(try countdown(value, for: signature))
    }
  }

  /// A countdown as a screen shows it: whole seconds, or `none`.
  private func countdown(
    _ value: Token, for signature: SessionCommand.Signature
  ) throws(SessionError) -> Duration? {
    if value.text == "none" { return nil }
    let left = try duration(value, for: .expect)
    guard left.components.attoseconds == 0 else {
      throw error(
        .badValue(
          command: signature, expected: "whole seconds, as the countdown shows them, or none",
          suggestion: nil),
        at: value)
    }
    return left
  }

  /// A whole number from 0 to 999,999,999.
  private func count(_ token: Token, for signature: SessionCommand.Signature)
    throws(SessionError) -> Int
  {
    guard let value = Self.digits(token.text, atMost: 9) else {
      throw error(
        .badValue(
          command: signature, expected: "a whole number from 0 to 999999999", suggestion: nil),
        at: token)
    }
    return value
  }

  /// The effect names after `expect effects` (at least one word, as counted already).
  private func effects(_ values: ArraySlice<Token>, for signature: SessionCommand.Signature)
    throws(SessionError) -> [LoginEffect.Kind]
  {
    let first = values[values.startIndex]
    if first.text == "none" {
      if values.count > 1 {
        throw error(
          .badValue(command: signature, expected: "nothing after none", suggestion: nil),
          at: values[values.startIndex + 1])
      }
      return []
    }
    var kinds: [LoginEffect.Kind] = []
    for token in values {
      guard let kind = LoginEffect.Kind.allCases.first(where: { $0.name == token.text }) else {
        let names = LoginEffect.Kind.allCases.map(\.name)
        throw error(
          .badValue(
            command: signature,
            expected: "none, or effect names: " + names.joined(separator: ", "),
            suggestion: Suggestion.closest(to: token.text, among: ["none"] + names)),
          at: token)
      }
      kinds.append(kind)
    }
    return kinds
  }

  /// A bare `none` is no text; anything else, including a quoted `"none"`, is the text.
  private func expectedText(_ token: Token) -> String? {
    !token.isQuoted && token.text == "none" ? nil : token.text
  }

  private func boolean(_ token: Token, for signature: SessionCommand.Signature)
    throws(SessionError) -> Bool
  {
    guard let value = Bool(token.text) else {
      throw error(
        .badValue(
          command: signature, expected: "true or false",
          suggestion: Suggestion.closest(to: token.text, among: ["true", "false"])),
        at: token)
    }
    return value
  }

  private func field(_ token: Token, for command: SessionCommand.Name) throws(SessionError)
    -> SessionCommand.Field
  {
    guard let field = Self.fields[token.text] else {
      throw error(
        .badField(
          command: command,
          suggestion: Suggestion.closest(to: token.text, among: LoginMachine.fields.map(\.name))
            .flatMap { Self.fields[$0] }),
        at: token)
    }
    return field
  }

  private func positiveCount(_ token: Token) throws(SessionError) -> Int {
    guard let value = Self.digits(token.text, atMost: 18),
      (1...SessionCommand.maximumBackspaceCount).contains(value)
    else {
      throw error(
        .badValue(
          command: .command(.backspace),
          expected: "a whole number from 1 to \(SessionCommand.maximumBackspaceCount)",
          suggestion: nil),
        at: token)
    }
    return value
  }

  /// The value of `text` when it is 1 to `maximum` ASCII digits, else `nil`.
  static func digits(_ text: String, atMost maximum: Int) -> Int? {
    let scalars = text.unicodeScalars
    guard !scalars.isEmpty, scalars.count <= maximum,
      scalars.allSatisfy({ ("0"..."9").contains($0) })
    else { return nil }
    return Int(text)
  }

  func duration(_ token: Token, for command: SessionCommand.Name) throws(SessionError)
    -> Duration
  {
    switch DurationLiteral.parse(token.text) {
    case .success(let duration): return duration
    case .failure(let problem):
      throw error(.badDuration(command: command, problem: problem), at: token)
    }
  }

  /// Checks that `values` (the words after the command word, or after the subject of an
  /// `expect`) are as many as `signature` takes; too many points at the first extra word,
  /// too few at the command.
  private func checkCount(_ values: ArraySlice<Token>, of signature: SessionCommand.Signature)
    throws(SessionError)
  {
    let allowed = signature.argumentCount
    guard !allowed.allows(values.count) else { return }
    let culprit =
      allowed.maximum.flatMap { values.count > $0 ? values[values.startIndex + $0] : nil }
      ?? head
    throw error(.wrongArgumentCount(command: signature, got: values.count), at: culprit)
  }

  /// The case of `Keyword` whose word is closest to the token's text, if one is close.
  private func closest<Keyword: RawRepresentable & CaseIterable>(
    _ token: Token, among _: Keyword.Type
  ) -> Keyword? where Keyword.RawValue == String {
    Suggestion.closest(to: token.text, among: Keyword.allCases.map(\.rawValue))
      .flatMap(Keyword.init(rawValue:))
  }

  func error(_ kind: SessionError.Kind, at token: Token) -> SessionError {
    SessionError(kind, at: SourceLocation(file: file, line: line, column: token.column))
  }
}
