import LoginCommandLine
import LoginFlow
import LoginRuntime
import LoginSimulation

/// A problem with a session file's text, at an exact place: the parse errors of `login-replay`.
///
/// Its ``description`` is the line the user sees, `FILE:LINE:COLUMN: error: MESSAGE`, where
/// the column is that of the offending token (in characters, see ``SourceLocation``) and
/// the message names what was expected. The ``kind`` keeps the details typed for tests and
/// front ends. No message and no kind ever holds a word the user wrote, only the language's
/// own keywords: a password typed on the wrong line cannot leak into an error. Instead of an
/// echo, the column points at the word, the message says what was expected, and where a
/// keyword is close to the word it is suggested (`did you mean 'submit'?`).
public struct SessionError: Error, Equatable, Sendable {
  /// Where the problem is.
  public var location: SourceLocation
  /// What the problem is.
  public var kind: Kind

  /// Creates an error of `kind` at `location`.
  public init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  /// Every kind of problem a session file's text can have.
  public enum Kind: Equatable, Sendable {
    /// The first word of the line is not a command; `suggestion` is the closest command.
    case unknownCommand(suggestion: SessionCommand.Name?)
    /// The word after `expect` is not something that can be expected.
    case unknownExpectation(suggestion: SessionCommand.Expectation.Subject?)
    /// A command got the wrong number of arguments: `got` words where its signature allows
    /// another count (the message gives the allowed counts and the command's synopsis).
    case wrongArgumentCount(command: SessionCommand.Signature, got: Int)
    /// A field argument that is neither `email` nor `password`.
    case badField(command: SessionCommand.Name, suggestion: SessionCommand.Field?)
    /// An argument that is not a duration (`0s`, `250ms`, `1.5s`).
    case badDuration(command: SessionCommand.Name, problem: DurationLiteral.Problem)
    /// An argument that is not one of the values allowed at its place, which `expected` names;
    /// `suggestion` is the closest allowed keyword, if one is close.
    case badValue(command: SessionCommand.Signature, expected: String, suggestion: String?)
    /// A double-quoted string with no closing quote on its line.
    case unterminatedString
    /// A backslash escape that is not one of `\"` `\\` `\n` `\t` `\u{…}`.
    case badEscape(EscapeProblem)
    /// A double quote in the middle of a bare word.
    case unexpectedQuote
    /// Something other than a blank right after the closing quote of a string.
    case missingBlankAfterString
    /// A byte that is not valid UTF-8; the column is that of the first bad byte.
    case invalidUTF8(byte: UInt8)
    /// A NUL byte in the line.
    case nulByte
    /// A line longer than ``DescriptorLineReader/maximumLineLength`` bytes; `length` is its
    /// real length.
    case lineTooLong(length: Int)
    /// The file could not be opened or read; `reason` is the system's explanation.
    case unreadable(reason: String)
    /// A `respond` line while `--auth URL` is in use: the real server decides every answer.
    case respondWithRealAuth
    /// A `respond` while ``ScriptedAuthService/maximumQueuedResponses`` outcomes already wait
    /// for requests to take them.
    case tooManyQueuedResponses
    /// A `wait` or `settle` that would move the virtual clock past
    /// ``SessionRunner/virtualTimeLimit``; `command` is `wait` or `settle`.
    case clockLimit(command: SessionCommand.Name)
    /// A `relaunch` or `restore-session` (`command`) whose session store refused what it
    /// keeps (a file other users can read, another user's, not a regular file): the store
    /// goes on logged out.
    case sessionStoreRefused(SessionStoreError, command: SessionCommand.Name)
  }

  /// Why a backslash escape in a quoted string is wrong.
  public enum EscapeProblem: Equatable, Sendable {
    /// The character after the backslash starts no escape.
    case unknown
    /// `\u` is not followed by `{`.
    case missingOpeningBrace
    /// `\u{` has no closing `}`.
    case missingClosingBrace
    /// `\u{}` has no digits.
    case empty
    /// A character between the braces is not a hex digit.
    case notHex
    /// More than 8 hex digits.
    case tooManyDigits
    /// The value is above U+10FFFF.
    case outOfRange
    /// The value is a UTF-16 surrogate (U+D800…U+DFFF), which is no character.
    case surrogate
  }

  /// The message after `error: `, naming the problem and what was expected.
  public var message: String {
    switch kind {
    case .unknownCommand(let suggestion):
      return "unknown command; expected one of: "
        + SessionCommand.Name.allCases.map(\.word).joined(separator: ", ")
        + Suggestion.clause(suggestion?.word)
    case .unknownExpectation(let suggestion):
      return "unknown expectation; expected one of: "
        + SessionCommand.Expectation.Subject.allCases.map(\.rawValue).joined(separator: ", ")
        + Suggestion.clause(suggestion?.rawValue)
    case .wrongArgumentCount(let command, let got):
      var text =
        "wrong argument count for '\(command.text)': expected \(command.argumentCount.text) "
        + "(\(command.usage)), got \(got)"
      // Too many words where a TEXT goes: most likely text with blanks that needs quotes.
      let placeholders = command.argumentSynopsis.split(separator: " ")
      if placeholders.contains(where: { $0.contains("TEXT") }), got > placeholders.count {
        text += "; quote text that contains blanks"
      }
      return text
    case .badField(let command, let suggestion):
      return "bad field for '\(command.word)'; expected "
        + Self.list(LoginMachine.fields.map(\.name))
        + Suggestion.clause(suggestion?.name)
    case .badDuration(let command, let problem):
      return "bad duration for '\(command.word)'; \(problem.explanation)"
    case .badValue(let command, let expected, let suggestion):
      return "bad value for '\(command.text)'; expected \(expected)"
        + Suggestion.clause(suggestion)
    case .unterminatedString:
      return "unterminated string; expected a closing '\"' on the same line"
    case .badEscape(let problem):
      return "bad escape; \(problem.explanation)"
    case .unexpectedQuote:
      return
        "unexpected '\"' inside a word; expected the whole argument in quotes, as in \"a\\\"b\""
    case .missingBlankAfterString:
      return "expected a blank after the closing '\"' of a string"
    case .invalidUTF8(let byte):
      return "invalid UTF-8 (byte 0x\(Self.hex(byte))); expected UTF-8 text"
    case .nulByte:
      return "NUL byte; expected text"
    case .lineTooLong(let length):
      return "line is \(length) bytes long; expected at most "
        + "\(DescriptorLineReader.maximumLineLength) bytes"
    case .unreadable(let reason):
      return "cannot read the session: \(reason)"
    case .respondWithRealAuth:
      return "'respond' cannot be used with --auth URL; the server decides every answer "
        + "(expected --auth demo to script answers)"
    case .tooManyQueuedResponses:
      return "too many queued responses; expected at most "
        + "\(ScriptedServer.maximumQueuedResponses) 'respond' lines waiting for requests "
        + "(each submit takes the oldest)"
    case .clockLimit(let command):
      return "'\(command.word)' would move the virtual clock past "
        + "\(DurationLiteral.format(ReplayBackend.virtualTimeLimit)), its limit (about 31.7 years)"
    case .sessionStoreRefused(let problem, let command):
      return "cannot restore the session at '\(command.word)': "
        + ReplayFormatter.describe(problem)
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}

extension SessionError {
  /// `email or password`, `email, password or code`: names as a sentence lists them.
  static func list(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }
}

extension SessionError: CustomStringConvertible {
  /// `FILE:LINE:COLUMN: error: MESSAGE`, the line `login-replay` prints for this error.
  public var description: String { "\(location): error: \(message)" }
}

extension SessionError.EscapeProblem {
  /// The part of the message after the escape, saying what was expected instead.
  var explanation: String {
    switch self {
    case .unknown: return "expected one of: \\\" \\\\ \\n \\t \\u{…}"
    case .missingOpeningBrace: return "expected '{' after \\u, as in \\u{1F600}"
    case .missingClosingBrace: return "expected '}' after the hex digits, as in \\u{1F600}"
    case .empty: return "expected 1 to 8 hex digits between the braces, as in \\u{1F600}"
    case .notHex: return "expected only hex digits (0-9, A-F) between the braces"
    case .tooManyDigits: return "expected at most 8 hex digits"
    case .outOfRange: return "expected a code point up to 10FFFF"
    case .surrogate:
      return "expected a Unicode scalar, not a surrogate code point (D800 to DFFF)"
    }
  }
}
