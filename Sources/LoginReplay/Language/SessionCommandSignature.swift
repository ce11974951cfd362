import LoginFlow

extension SessionCommand {
  /// The command words of session files, each naming a case of ``SessionCommand``: the
  /// replay's own words, and the screen's buttons (``SessionCommand/press(_:)``).
  public enum Name: Hashable, Sendable, CustomStringConvertible {
    case type
    case set
    case clear
    case backspace
    /// A button of the screen, named as the machine names it.
    case button(SessionCommand.Button)
    case close
    case respond
    case wait
    case settle
    case expect
    case snapshot
    case relaunch
    case restoreSession
    case sessionStore

    /// Every command word, in the order the format lists them: the field commands, the
    /// screen's buttons, then the replay's own.
    public static let allCases: [Name] =
      [.type, .set, .clear, .backspace] + LoginMachine.buttons.map(Name.button)
      + [
        .close, .respond, .wait, .settle, .expect, .snapshot, .relaunch, .restoreSession,
        .sessionStore,
      ]

    /// The name whose word is `word`, or `nil`.
    public init?(word: String) {
      guard let name = Self.byWord[word] else { return nil }
      self = name
    }

    private static let byWord = Dictionary(
      allCases.map { ($0.word, $0) }, uniquingKeysWith: { first, _ in first })

    /// The word in session files, such as `type` or `toggle-password`.
    public var word: String {
      switch self {
      case .type: "type"
      case .set: "set"
      case .clear: "clear"
      case .backspace: "backspace"
      case .button(let button): button.name
      case .close: "close"
      case .respond: "respond"
      case .wait: "wait"
      case .settle: "settle"
      case .expect: "expect"
      case .snapshot: "snapshot"
      case .relaunch: "relaunch"
      case .restoreSession: "restore-session"
      case .sessionStore: "session-store"
      }
    }

    /// The ``word``.
    public var description: String { word }

    /// What follows the word in the command's synopsis, such as `email|password TEXT`;
    /// empty for a command without arguments.
    var argumentSynopsis: String {
      let fields = LoginMachine.fields.map(\.name).joined(separator: "|")
      switch self {
      case .type, .set: return "\(fields) TEXT"
      case .clear: return fields
      case .backspace: return "\(fields) [N]"
      case .button, .close, .settle, .snapshot, .restoreSession: return ""
      case .relaunch: return "[\(SessionCommand.SessionRestore.later.rawValue)]"
      case .sessionStore: return "failing|working"
      case .respond: return "OUTCOME [OPTION VALUE]... [after DURATION]"
      case .wait: return "DURATION"
      case .expect: return "WHAT VALUE"
      }
    }

    /// How many words may follow the command word.
    var argumentCount: ArgumentCount {
      switch self {
      case .type, .set: .exactly(2)
      case .clear, .wait, .sessionStore: .exactly(1)
      case .backspace: .either(1, 2)
      case .relaunch: .either(0, 1)
      case .button, .close, .settle, .snapshot, .restoreSession: .exactly(0)
      case .respond: .atLeast(1)
      case .expect: .exactly(2)
      }
    }
  }

  /// A command as messages name it: its word (`type`), or for an `expect` line the word and
  /// the subject (`expect error`), with its synopsis and how many arguments it takes.
  ///
  /// The parser checks every argument count against this one table, and error kinds hold a
  /// signature rather than the command's text.
  public enum Signature: Equatable, Hashable, Sendable {
    /// A command other than `expect WHAT`, or a bare `expect` with nothing after it.
    case command(Name)
    /// `expect` with this subject: its count is that of the values after the subject.
    case expect(Expectation.Subject)

    /// The command as the user knows it: `type`, `expect error`.
    public var text: String {
      switch self {
      case .command(let name): name.word
      case .expect(let subject): "\(Name.expect.word) \(subject.rawValue)"
      }
    }

    /// The synopsis: `type email|password TEXT`, `expect phase PHASE`, `submit`.
    public var usage: String {
      argumentSynopsis.isEmpty ? text : "\(text) \(argumentSynopsis)"
    }

    /// The placeholders after ``text`` in ``usage``.
    var argumentSynopsis: String {
      switch self {
      case .command(let name): name.argumentSynopsis
      case .expect(let subject): subject.valueSynopsis
      }
    }

    /// How many words may follow ``text``.
    var argumentCount: ArgumentCount {
      switch self {
      case .command(let name): name.argumentCount
      case .expect(let subject): subject.valueCount
      }
    }
  }

  /// How many words may follow a command (or the subject of an `expect`).
  enum ArgumentCount: Equatable, Sendable {
    case exactly(Int)
    case either(Int, Int)
    case atLeast(Int)

    /// Whether `count` words are allowed.
    func allows(_ count: Int) -> Bool {
      switch self {
      case .exactly(let n): count == n
      case .either(let a, let b): count == a || count == b
      case .atLeast(let n): count >= n
      }
    }

    /// The most words allowed, or `nil` when there is no limit.
    var maximum: Int? {
      switch self {
      case .exactly(let n): n
      case .either(let a, let b): max(a, b)
      case .atLeast: nil
      }
    }

    /// The count as a message says it: `no arguments`, `2`, `1 or 2`, `at least 1`.
    var text: String {
      switch self {
      case .exactly(0): "no arguments"
      case .exactly(let n): "\(n)"
      case .either(let a, let b): "\(a) or \(b)"
      case .atLeast(let n): "at least \(n)"
      }
    }
  }
}

extension SessionCommand.Expectation.Subject {
  /// What follows the subject in its synopsis, such as `true|false`.
  var valueSynopsis: String {
    switch self {
    case .phase: "PHASE"
    case .canSubmit, .loading, .passwordVisible, .resetSuggested, .sessionRemembered,
      .secretsHidden:
      "true|false"
    case .error, .emailError, .codeError: "TEXT|none"
    case .code, .userCode: "TEXT"
    case .canVerify, .canResend: "true|false"
    case .resendIn, .retryIn, .pollInterval, .expiresIn: "DURATION|none"
    case .effects: "none|NAME..."
    case .passwordLength, .requestsInFlight, .droppedAnswers, .storeRequests, .storeTimers: "N"
    }
  }

  /// How many words may follow the subject.
  var valueCount: SessionCommand.ArgumentCount {
    switch self {
    case .effects: .atLeast(1)
    case .phase, .canSubmit, .loading, .passwordVisible, .error, .emailError, .resetSuggested,
      .passwordLength, .requestsInFlight, .droppedAnswers, .storeRequests, .storeTimers,
      .sessionRemembered, .secretsHidden, .code, .codeError, .canVerify, .canResend, .resendIn,
      .retryIn, .userCode, .pollInterval, .expiresIn:
      .exactly(1)
    }
  }
}
