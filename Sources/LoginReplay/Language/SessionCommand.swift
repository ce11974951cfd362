import LoginFlow
import LoginRuntime

/// One line of a session file, parsed: what the user does, or what the screen must show.
///
/// Every row of the session format's command table is a case with typed arguments, so the
/// runner never looks at text again. Durations are exact `Duration`s; `respond` without
/// `after` already holds the default delay (``defaultResponseDelay``). The ``description``
/// writes the command back in session syntax with any password text redacted.
public enum SessionCommand: Equatable, Sendable {
  /// `type FIELD TEXT`: append TEXT one character (grapheme) at a time, one change each.
  case type(Field, String)
  /// `set FIELD TEXT`: one change that replaces the field with TEXT.
  case set(Field, String)
  /// `clear FIELD`: one change to the empty string.
  case clear(Field)
  /// `backspace FIELD [N]`: remove the last `count` characters (1 to
  /// ``maximumBackspaceCount``), one change per character actually removed: pressing it on
  /// an empty field changes nothing.
  case backspace(Field, count: Int)
  /// `toggle-password`: the show/hide password button.
  case togglePassword
  /// `submit`: the Log In (or Try Again) button.
  case submit
  /// `cancel`: cancel the request in flight, or dismiss the error shown.
  case cancel
  /// `logout`: log out after success.
  case logout
  /// `reset`: back to the first screen from any phase, cancelling the request in flight.
  case reset
  /// `close`: close the store, as a front end does when its screen goes away; the store
  /// ignores every later action, and a request in flight ends.
  case close
  /// `respond OUTCOME [after DURATION]`: decide the next undecided auth request; its answer
  /// arrives `after` the request starts.
  indirect case respond(Outcome, after: Duration)
  /// `wait DURATION`: advance the virtual clock, delivering what falls due in time order.
  case wait(Duration)
  /// `settle`: advance the clock until no request is in flight.
  case settle
  /// `expect WHAT VALUE`: check what the screen shows now.
  case expect(Expectation)
  /// `snapshot`: print the rendered screen now.
  case snapshot
  /// `relaunch`: close the store, as when the app is killed, and start a fresh one over the
  /// same session store, which restores the remembered session as an app's launch does.
  case relaunch
  /// `session-store failing|working`: make the session store fail every save from now on
  /// (as a full disk or a read-only folder would), or work again.
  case sessionStore(SessionStoreMode)

  /// How long after the request starts a `respond` answer arrives when `after` is omitted,
  /// the same as the demo service's delay.
  public static let defaultResponseDelay = DemoAuthService.delay

  /// The largest N a `backspace` line may give: 1,000,000. A larger N is a parse error.
  public static let maximumBackspaceCount = 1_000_000

  /// What `session-store` makes of the session store's saves.
  public enum SessionStoreMode: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Every save fails, so a login is not remembered.
    case failing
    /// Saves work (the default).
    case working
  }

  /// A text field of the form, named `email` or `password` in session files.
  public enum Field: String, CaseIterable, Equatable, Hashable, Sendable {
    case email
    case password
  }

  /// The command's word in session files.
  public var name: Name {
    switch self {
    case .type: .type
    case .set: .set
    case .clear: .clear
    case .backspace: .backspace
    case .togglePassword: .togglePassword
    case .submit: .submit
    case .cancel: .cancel
    case .logout: .logout
    case .reset: .reset
    case .close: .close
    case .respond: .respond
    case .wait: .wait
    case .settle: .settle
    case .expect: .expect
    case .snapshot: .snapshot
    case .relaunch: .relaunch
    case .sessionStore: .sessionStore
    }
  }
}

extension SessionCommand {
  /// What a `respond` command makes the next auth request return.
  public enum Outcome: Equatable, Hashable, Sendable {
    /// The login succeeds.
    case success
    /// The login fails with this error (`rate-limited` carries no retry delay).
    case failure(AuthError)

    /// Every outcome, in the order the format lists them.
    public static let allCases: [Outcome] = [.success] + AuthError.allCases.map { .failure($0) }

    /// The outcome's word in session files: `success`, `invalid-credentials`, `timeout`, …
    public var name: String {
      switch self {
      case .success: "success"
      case .failure(let error): error.name
      }
    }

    /// The outcome whose word is `name`, or `nil`.
    public init?(name: String) {
      guard let outcome = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = outcome
    }
  }
}

/// A parsed command and where it was written, for reports like `FILE:LINE: expectation failed`.
public struct LocatedCommand: Equatable, Sendable {
  /// What the line asks for, its arguments typed.
  public var command: SessionCommand
  /// The file, the line, and the column of the command's first word.
  public var location: SourceLocation

  /// Pairs `command` with the place its first word was written.
  public init(_ command: SessionCommand, at location: SourceLocation) {
    self.command = command
    self.location = location
  }

  /// `placed`, written in `file`.
  init(_ placed: consuming PlacedCommand, in file: String) {
    self.init(
      placed.command, at: SourceLocation(file: file, line: placed.line, column: placed.column))
  }

}

/// A parsed command, its line and the column of its first word, without its file's name: what
/// a reader of one file hands over line after line, the name being the same for every line
/// (``LocatedCommand/init(_:in:)`` adds it). A tuple, so that its command can be taken apart
/// from it and moved on.
typealias PlacedCommand = (command: SessionCommand, line: Int, column: Int)
