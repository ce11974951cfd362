import LoginFlow

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
      let tokens = try Tokenizer.tokens(in: text, file: file, line: line)
      guard let first = tokens.first else { return nil }
      let parser = LineParser(
        file: file, line: line, head: first, arguments: Array(tokens.dropFirst()))
      let command = try parser.command()
      return .success(
        LocatedCommand(command, at: SourceLocation(file: file, line: line, column: first.column)))
    } catch {
      return .failure(error)
    }
  }

  /// Parses a line the ``LineReader`` delivered.
  public static func parse(_ line: SourceLine, file: String) -> Result<
    LocatedCommand, SessionError
  >? {
    parse(line.text, file: file, line: line.number)
  }
}

/// The parsing of one tokenized line.
private struct LineParser {
  let file: String
  let line: Int
  let head: Token
  let arguments: [Token]

  func command() throws(SessionError) -> SessionCommand {
    guard let name = SessionCommand.Name(rawValue: head.text) else {
      throw error(
        .unknownCommand(suggestion: closest(head, among: SessionCommand.Name.self)), at: head)
    }
    switch name {
    case .type:
      try count([2], "2", usage: "type email|password TEXT")
      return .type(try field(arguments[0], for: "type"), arguments[1].text)
    case .set:
      try count([2], "2", usage: "set email|password TEXT")
      return .set(try field(arguments[0], for: "set"), arguments[1].text)
    case .clear:
      try count([1], "1", usage: "clear email|password")
      return .clear(try field(arguments[0], for: "clear"))
    case .backspace:
      try count([1, 2], "1 or 2", usage: "backspace email|password [N]")
      let field = try field(arguments[0], for: "backspace")
      guard arguments.count == 2 else { return .backspace(field, count: 1) }
      return .backspace(field, count: try positiveCount(arguments[1]))
    case .togglePassword: return try bare(.togglePassword, "toggle-password")
    case .submit: return try bare(.submit, "submit")
    case .cancel: return try bare(.cancel, "cancel")
    case .logout: return try bare(.logout, "logout")
    case .settle: return try bare(.settle, "settle")
    case .snapshot: return try bare(.snapshot, "snapshot")
    case .respond: return try respond()
    case .wait:
      try count([1], "1", usage: "wait DURATION")
      return .wait(try duration(arguments[0], for: "wait"))
    case .expect: return .expect(try expectation())
    }
  }

  private func bare(_ command: SessionCommand, _ word: String) throws(SessionError)
    -> SessionCommand
  {
    try count([0], "no arguments", usage: word)
    return command
  }

  private func respond() throws(SessionError) -> SessionCommand {
    let usage = "respond OUTCOME [after DURATION]"
    if arguments.count == 2, arguments[1].text != "after" {
      throw error(
        .badValue(
          subject: "respond", expected: "'after' and a duration",
          suggestion: Suggestion.closest(to: arguments[1].text, among: ["after"])),
        at: arguments[1])
    }
    try count([1, 3], "1 or 3", usage: usage)
    guard let outcome = SessionCommand.Outcome(name: arguments[0].text) else {
      let names = SessionCommand.Outcome.allCases.map(\.name)
      throw error(
        .badValue(
          subject: "respond", expected: "one of: " + names.joined(separator: ", "),
          suggestion: Suggestion.closest(to: arguments[0].text, among: names)),
        at: arguments[0])
    }
    guard arguments.count == 3 else {
      return .respond(outcome, after: SessionCommand.defaultResponseDelay)
    }
    guard arguments[1].text == "after" else {
      throw error(
        .badValue(
          subject: "respond", expected: "'after' and a duration",
          suggestion: Suggestion.closest(to: arguments[1].text, among: ["after"])),
        at: arguments[1])
    }
    return .respond(outcome, after: try duration(arguments[2], for: "respond"))
  }

  private func expectation() throws(SessionError) -> SessionCommand.Expectation {
    guard let subjectToken = arguments.first else {
      throw error(
        .wrongArgumentCount(command: "expect", expected: "2", got: 0, usage: "expect WHAT VALUE"),
        at: head)
    }
    guard let subject = SessionCommand.Expectation.Subject(rawValue: subjectToken.text) else {
      throw error(
        .unknownExpectation(
          suggestion: closest(subjectToken, among: SessionCommand.Expectation.Subject.self)),
        at: subjectToken)
    }
    let values = Array(arguments.dropFirst())
    let command = "expect \(subject.rawValue)"
    func one(_ usageValue: String) throws(SessionError) -> Token {
      try count(values, [1], "1", command: command, usage: "\(command) \(usageValue)")
      return values[0]
    }
    switch subject {
    case .phase:
      let token = try one("PHASE")
      guard let kind = LoginPhase.Kind(rawValue: token.text) else {
        let phases = LoginPhase.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        throw error(
          .badValue(
            subject: command, expected: "one of: \(phases)",
            suggestion: closest(token, among: LoginPhase.Kind.self)?.rawValue),
          at: token)
      }
      return .phase(kind)
    case .canSubmit: return .canSubmit(try boolean(try one("true|false"), for: command))
    case .loading: return .loading(try boolean(try one("true|false"), for: command))
    case .passwordVisible:
      return .passwordVisible(try boolean(try one("true|false"), for: command))
    case .resetSuggested:
      return .resetSuggested(try boolean(try one("true|false"), for: command))
    case .error: return .error(text(try one("TEXT|none")))
    case .emailError: return .emailError(text(try one("TEXT|none")))
    case .effects: return .effects(try effects(values, command: command))
    }
  }

  private func effects(_ values: [Token], command: String) throws(SessionError)
    -> [LoginEffect.Kind]
  {
    guard let first = values.first else {
      throw error(
        .wrongArgumentCount(
          command: command, expected: "at least 1", got: 0, usage: "\(command) none|NAME..."),
        at: head)
    }
    if first.text == "none" {
      if values.count > 1 {
        throw error(
          .badValue(subject: command, expected: "nothing after none", suggestion: nil),
          at: values[1])
      }
      return []
    }
    var kinds: [LoginEffect.Kind] = []
    for token in values {
      guard
        let kind = LoginEffect.Kind.allCases.first(where: {
          $0.name == token.text
        })
      else {
        let names = LoginEffect.Kind.allCases.map(\.name)
        throw error(
          .badValue(
            subject: command, expected: "none, or effect names: " + names.joined(separator: ", "),
            suggestion: Suggestion.closest(to: token.text, among: ["none"] + names)),
          at: token)
      }
      kinds.append(kind)
    }
    return kinds
  }

  /// A bare `none` is no text; anything else, including a quoted `"none"`, is the text.
  private func text(_ token: Token) -> String? {
    !token.isQuoted && token.text == "none" ? nil : token.text
  }

  private func boolean(_ token: Token, for subject: String) throws(SessionError) -> Bool {
    switch token.text {
    case "true": return true
    case "false": return false
    default:
      throw error(
        .badValue(
          subject: subject, expected: "true or false",
          suggestion: Suggestion.closest(to: token.text, among: ["true", "false"])),
        at: token)
    }
  }

  private func field(_ token: Token, for command: String) throws(SessionError)
    -> SessionCommand.Field
  {
    guard let field = SessionCommand.Field(rawValue: token.text) else {
      throw error(
        .badField(command: command, suggestion: closest(token, among: SessionCommand.Field.self)),
        at: token)
    }
    return field
  }

  private func positiveCount(_ token: Token) throws(SessionError) -> Int {
    let digits = token.text.unicodeScalars
    guard !digits.isEmpty, digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
      let value = Int(token.text), (1...SessionCommand.maximumBackspaceCount).contains(value)
    else {
      throw error(
        .badValue(
          subject: "backspace",
          expected: "a whole number from 1 to \(SessionCommand.maximumBackspaceCount)",
          suggestion: nil),
        at: token)
    }
    return value
  }

  private func duration(_ token: Token, for subject: String) throws(SessionError) -> Duration {
    switch DurationLiteral.parse(token.text) {
    case .success(let duration): return duration
    case .failure(let problem):
      throw error(.badDuration(subject: subject, problem: problem), at: token)
    }
  }

  /// Checks the number of arguments after the command word.
  private func count(_ allowed: [Int], _ expected: String, usage: String) throws(SessionError) {
    try count(arguments, allowed, expected, command: head.text, usage: usage)
  }

  /// Checks `values.count`; too many points at the first extra one, too few at the command.
  private func count(
    _ values: [Token], _ allowed: [Int], _ expected: String, command: String, usage: String
  ) throws(SessionError) {
    guard !allowed.contains(values.count) else { return }
    let most = allowed.max() ?? 0
    let culprit = values.count > most ? values[most] : head
    throw error(
      .wrongArgumentCount(command: command, expected: expected, got: values.count, usage: usage),
      at: culprit)
  }

  /// The case of `Keyword` whose word is closest to the token's text, if one is close.
  private func closest<Keyword: RawRepresentable & CaseIterable>(
    _ token: Token, among _: Keyword.Type
  ) -> Keyword? where Keyword.RawValue == String {
    Suggestion.closest(to: token.text, among: Keyword.allCases.map(\.rawValue))
      .flatMap(Keyword.init(rawValue:))
  }

  private func error(_ kind: SessionError.Kind, at token: Token) -> SessionError {
    SessionError(kind, at: SourceLocation(file: file, line: line, column: token.column))
  }
}
