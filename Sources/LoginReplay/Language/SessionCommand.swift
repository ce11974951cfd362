import LoginFlow
import LoginRuntime
import LoginSimulation

/// One line of a session file, parsed: what the user does, or what the screen must show.
///
/// Every row of the session format's command table is a case with typed arguments, so the
/// runner never looks at text again. The user's fields and buttons are the machine's own
/// (``LoginMachine/fields``, ``LoginMachine/buttons``): a child machine's controls are
/// session commands as soon as its parent lists them. Durations are exact `Duration`s;
/// `respond` without `after` already holds the default delay (``defaultResponseDelay``).
/// The ``description`` writes the command back in session syntax with any secret redacted.
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
  /// A button of the screen, by its name: `submit`, `cancel`, `toggle-password`, …
  case press(Button)
  /// `close`: close the store, as a front end does when its screen goes away; the store
  /// ignores every later action, and a request in flight ends.
  case close
  /// `respond OUTCOME [after DURATION]`: decide the next undecided auth request; its answer
  /// arrives `after` the request starts.
  case respond(ScriptedOutcome, after: Duration)
  /// `wait DURATION`: advance the virtual clock, delivering what falls due in time order.
  case wait(Duration)
  /// `settle`: advance the clock until no request is in flight.
  case settle
  /// `expect WHAT VALUE`: check what the screen shows now.
  case expect(Expectation)
  /// `snapshot`: print the rendered screen now.
  case snapshot
  /// `relaunch [restore-later]`: close the store, as when the app is killed, and start a
  /// fresh one over the same session store, which restores the remembered session as an
  /// app's launch does, or, with `restore-later`, only at a later `restore-session`.
  case relaunch(SessionRestore)
  /// `restore-session`: the store reads the remembered session now, as a launch whose read
  /// comes late (a slow keychain) does after the user has started.
  case restoreSession
  /// `session-store failing|working`: make the session store fail every save from now on
  /// (as a full disk or a read-only folder would), or work again.
  case sessionStore(SessionStoreMode)

  /// A text field of the screen.
  public typealias Field = FormField<LoginState, LoginAction>
  /// A button of the screen.
  public typealias Button = FormButton<LoginAction>

  /// How long after the request starts a `respond` answer arrives when `after` is omitted,
  /// the same as the demo service's delay.
  public static let defaultResponseDelay = DemoAuthService.delay

  /// The largest N a `backspace` line may give: 1,000,000. A larger N is a parse error.
  public static let maximumBackspaceCount = 1_000_000

  /// When a `relaunch` lets the fresh store read the remembered session.
  public enum SessionRestore: String, CaseIterable, Equatable, Hashable, Sendable {
    /// At once, before any later command (a plain `relaunch`).
    case atLaunch = ""
    /// Only at the next `restore-session` (`relaunch restore-later`).
    case later = "restore-later"
  }

  /// What `session-store` makes of the session store's saves.
  public enum SessionStoreMode: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Every save fails, so a login is not remembered.
    case failing
    /// Saves work (the default).
    case working
  }

  /// The command's word in session files; a button's is its name.
  public var name: Name {
    switch self {
    case .type: .type
    case .set: .set
    case .clear: .clear
    case .backspace: .backspace
    case .press(let button): .button(button)
    case .close: .close
    case .respond: .respond
    case .wait: .wait
    case .settle: .settle
    case .expect: .expect
    case .snapshot: .snapshot
    case .relaunch: .relaunch
    case .restoreSession: .restoreSession
    case .sessionStore: .sessionStore
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
}

extension SessionCommand {
  /// `toggle-password`.
  public static let togglePassword = SessionCommand.press(LoginMachine.togglePassword)
  /// `submit`.
  public static let submit = SessionCommand.press(LoginMachine.submit)
  /// `cancel`.
  public static let cancel = SessionCommand.press(LoginMachine.cancel)
  /// `logout`.
  public static let logout = SessionCommand.press(LoginMachine.logout)
  /// `reset`.
  public static let reset = SessionCommand.press(LoginMachine.reset)
  /// `verify`, `resend` and `back`: the code step's buttons, as the login machine lists them.
  public static func codeStep(_ button: FormButton<SecondFactorAction>) -> SessionCommand {
    .press(button.lifted(as: LoginAction.secondFactor))
  }
}

extension FormField where State == LoginState, Action == LoginAction {
  /// The email field (``LoginMachine/email``).
  public static var email: Self { LoginMachine.email }
  /// The password field (``LoginMachine/password``).
  public static var password: Self { LoginMachine.password }
  /// The code step's code field, as the login machine lists it.
  public static var code: Self {
    SecondFactorMachine.code.lifted(from: \.secondFactor, as: LoginAction.secondFactor)
  }
}
