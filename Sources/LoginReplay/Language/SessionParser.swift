import LoginCommandLine
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
    var text = text
    var tokens = TokenRoom()
    return text.withUTF8 { bytes in
      do throws(SessionError) {
        guard let parsed = try command(in: bytes, line: line, tokens: &tokens) else { return nil }
        return .success(LocatedCommand((parsed.command, line, parsed.column), in: file))
      } catch {
        return .failure(error.named(file))
      }
    }
  }

  /// Parses a line the ``DescriptorLineReader`` delivered.
  public static func parse(_ line: SourceLine, file: String) -> Result<
    LocatedCommand, SessionError
  >? {
    parse(line.text, file: file, line: line.number)
  }

  /// ``parse(_:file:line:)`` of a line's UTF-8 `bytes`, without its `Result` and without
  /// the file: the command and the column of its first word, `nil` for a blank or comment
  /// line, or the line's first error thrown, located at its line and column in a file named
  /// `""` (the caller names the file). The reader hands its lines over this way, without a
  /// string per line, and a command kept for the run holds no file name of its own.
  ///
  /// `tokens` is room for the line's words, which a reader of many lines passes again for
  /// each one; what it holds on return means nothing.
  @inline(__always)
  static func command(
    in bytes: UnsafeBufferPointer<UInt8>, line: Int, tokens: inout TokenRoom
  ) throws(SessionError) -> (command: SessionCommand, column: Int)? {
    let texts = try Tokenizer.tokens(in: bytes, file: "", line: line, into: &tokens)
    let lent = tokens.tokens
    guard let head = lent.first else { return nil }
    let command = try texts.withUnsafeBufferPointer { texts throws(SessionError) in
      try LineParser(line: line, words: TokenizedLine(bytes: bytes, tokens: lent, texts: texts))
        .command()
    }
    return (command, head.column)
  }
}

/// The parsing of one tokenized line. Its errors name the line and column, not the file.
private struct LineParser {
  let line: Int
  let words: TokenizedLine
  /// The command word.
  let head: Token
  /// The words after it.
  let arguments: Words

  /// Some of the line's words, lent with them.
  typealias Words = Slice<UnsafeBufferPointer<Token>>

  init(line: Int, words: TokenizedLine) {
    self.line = line
    self.words = words
    head = words.tokens[0]
    arguments = words.tokens.dropFirst()
  }

  /// The keywords of each kind, looked up by their bytes.
  static let names = KeywordTable<SessionCommand.Name>()
  static let fields = KeywordTable<SessionCommand.Field>()
  static let storeModes = KeywordTable<SessionCommand.SessionStoreMode>()
  static let subjects = KeywordTable<SessionCommand.Expectation.Subject>()
  static let phases = KeywordTable<LoginPhase.Kind>()
  static let outcomes = KeywordTable(
    SessionCommand.Outcome.allCases.map { (word: $0.name, keyword: $0) })
  static let effectKinds = KeywordTable(
    LoginEffect.Kind.allCases.map { (word: $0.name, keyword: $0) })
  static let booleans = KeywordTable([
    (word: "true", keyword: true), (word: "false", keyword: false),
  ])

  func command() throws(SessionError) -> SessionCommand {
    guard let name = words.keyword(of: head, in: Self.names) else {
      throw error(
        .unknownCommand(suggestion: closest(head, among: SessionCommand.Name.self)), at: head)
    }
    // `respond` names a missing `after` before its count; `expect` counts after its subject.
    if name != .respond, name != .expect { try checkCount(arguments, of: .command(name)) }
    switch name {
    case .type: return .type(try field(argument(0), for: name), text(of: argument(1)))
    case .set: return .set(try field(argument(0), for: name), text(of: argument(1)))
    case .clear: return .clear(try field(argument(0), for: name))
    case .backspace:
      let field = try field(argument(0), for: name)
      guard arguments.count == 2 else { return .backspace(field, count: 1) }
      return .backspace(field, count: try positiveCount(argument(1)))
    case .togglePassword: return .togglePassword
    case .submit: return .submit
    case .cancel: return .cancel
    case .logout: return .logout
    case .reset: return .reset
    case .close: return .close
    case .wait: return .wait(try duration(argument(0), for: name))
    case .settle: return .settle
    case .snapshot: return .snapshot
    case .relaunch: return .relaunch
    case .sessionStore:
      guard let mode = words.keyword(of: argument(0), in: Self.storeModes) else {
        let modes = SessionCommand.SessionStoreMode.allCases.map(\.rawValue)
        throw error(
          .badValue(
            command: .command(.sessionStore), expected: modes.joined(separator: " or "),
            suggestion: Suggestion.closest(to: text(of: argument(0)), among: modes)),
          at: argument(0))
      }
      return .sessionStore(mode)
    case .respond: return try respond()
    case .expect: return .expect(try expectation())
    }
  }

  /// The word `offset` places after the command word; the count was checked.
  private func argument(_ offset: Int) -> Token {
    arguments[arguments.startIndex + offset]
  }

  /// The text of `token`, as the command holds it.
  private func text(of token: Token) -> String {
    words.text(of: token)
  }

  /// Parses `respond OUTCOME [after DURATION]`.
  private func respond() throws(SessionError) -> SessionCommand {
    let signature = SessionCommand.Signature.command(.respond)
    // A second word that is not `after` is named as the problem: before the count with two
    // words (`respond success 2s` lacks `after`), after the outcome with three.
    let notAfter =
      arguments.count >= 2 && !words.token(argument(1), is: "after") ? argument(1) : nil
    func expectedAfter(_ token: Token) -> SessionError {
      error(
        .badValue(
          command: signature, expected: "'after' and a duration",
          suggestion: Suggestion.closest(to: text(of: token), among: ["after"])),
        at: token)
    }
    if arguments.count == 2, let notAfter { throw expectedAfter(notAfter) }
    try checkCount(arguments, of: signature)
    guard let outcome = words.keyword(of: argument(0), in: Self.outcomes) else {
      let names = SessionCommand.Outcome.allCases.map(\.name)
      throw error(
        .badValue(
          command: signature, expected: "one of: " + names.joined(separator: ", "),
          suggestion: Suggestion.closest(to: text(of: argument(0)), among: names)),
        at: argument(0))
    }
    guard arguments.count == 3 else {
      return .respond(outcome, after: SessionCommand.defaultResponseDelay)
    }
    if let notAfter { throw expectedAfter(notAfter) }
    return .respond(outcome, after: try duration(argument(2), for: .respond))
  }

  /// Parses `expect WHAT VALUE`.
  private func expectation() throws(SessionError) -> SessionCommand.Expectation {
    guard let subjectToken = arguments.first else {
      throw error(.wrongArgumentCount(command: .command(.expect), got: 0), at: head)
    }
    guard let subject = words.keyword(of: subjectToken, in: Self.subjects) else {
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
      guard let kind = words.keyword(of: value, in: Self.phases) else {
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
    }
  }

  /// A whole number from 0 to ``SessionCommand/maximumExpectedCount``.
  private func count(_ token: Token, for signature: SessionCommand.Signature)
    throws(SessionError) -> Int
  {
    let text = text(of: token)
    let digits = text.unicodeScalars
    guard !digits.isEmpty, digits.count <= 9,
      digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }), let value = Int(text)
    else {
      throw error(
        .badValue(
          command: signature, expected: "a whole number from 0 to 999999999", suggestion: nil),
        at: token)
    }
    return value
  }

  /// The effect names after `expect effects` (at least one word, as counted already).
  private func effects(_ values: Words, for signature: SessionCommand.Signature)
    throws(SessionError) -> [LoginEffect.Kind]
  {
    let first = values[values.startIndex]
    if words.token(first, is: "none") {
      if values.count > 1 {
        throw error(
          .badValue(command: signature, expected: "nothing after none", suggestion: nil),
          at: values[values.startIndex + 1])
      }
      return []
    }
    var kinds: [LoginEffect.Kind] = []
    for token in values {
      guard let kind = words.keyword(of: token, in: Self.effectKinds) else {
        let names = LoginEffect.Kind.allCases.map(\.name)
        throw error(
          .badValue(
            command: signature,
            expected: "none, or effect names: " + names.joined(separator: ", "),
            suggestion: Suggestion.closest(to: text(of: token), among: ["none"] + names)),
          at: token)
      }
      kinds.append(kind)
    }
    return kinds
  }

  /// A bare `none` is no text; anything else, including a quoted `"none"`, is the text.
  private func expectedText(_ token: Token) -> String? {
    !token.isQuoted && words.token(token, is: "none") ? nil : text(of: token)
  }

  private func boolean(_ token: Token, for signature: SessionCommand.Signature)
    throws(SessionError) -> Bool
  {
    guard let value = words.keyword(of: token, in: Self.booleans) else {
      throw error(
        .badValue(
          command: signature, expected: "true or false",
          suggestion: Suggestion.closest(to: text(of: token), among: ["true", "false"])),
        at: token)
    }
    return value
  }

  private func field(_ token: Token, for command: SessionCommand.Name) throws(SessionError)
    -> SessionCommand.Field
  {
    guard let field = words.keyword(of: token, in: Self.fields) else {
      throw error(
        .badField(command: command, suggestion: closest(token, among: SessionCommand.Field.self)),
        at: token)
    }
    return field
  }

  private func positiveCount(_ token: Token) throws(SessionError) -> Int {
    let text = text(of: token)
    let digits = text.unicodeScalars
    guard !digits.isEmpty, digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
      let value = Int(text), (1...SessionCommand.maximumBackspaceCount).contains(value)
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

  private func duration(_ token: Token, for command: SessionCommand.Name) throws(SessionError)
    -> Duration
  {
    switch DurationLiteral.parse(text(of: token)) {
    case .success(let duration): return duration
    case .failure(let problem):
      throw error(.badDuration(command: command, problem: problem), at: token)
    }
  }

  /// Checks that `values` (the words after the command word, or after the subject of an
  /// `expect`) are as many as `signature` takes; too many points at the first extra word,
  /// too few at the command.
  private func checkCount(_ values: Words, of signature: SessionCommand.Signature)
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
    Suggestion.closest(to: text(of: token), among: Keyword.allCases.map(\.rawValue))
      .flatMap(Keyword.init(rawValue:))
  }

  private func error(_ kind: SessionError.Kind, at token: Token) -> SessionError {
    SessionError(kind, at: SourceLocation(file: "", line: line, column: token.column))
  }
}
