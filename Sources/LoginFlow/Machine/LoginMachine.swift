/// The login machine as a table: its phases, actions and conditions, ``reduce(into:_:)``,
/// and an example for every cell.
///
/// The list of cells is derived from the machine's own enums: ``TableMachine/cells`` crosses
/// every ``LoginPhase/Kind`` with every ``LoginAction/Kind`` and asks ``conditions(_:_:)``, a
/// `switch` with no `default`, which conditions that pair has. A new phase or action is a
/// compile error there until it is placed, and then shows up as a cell to cover: in
/// `login-replay --coverage`, in the state diagram, in `Docs/TransitionTable.md`'s test.
public enum LoginMachine: ScreenMachine {
  /// The login screen's state.
  public typealias State = LoginState
  /// What happens on the login screen.
  public typealias Action = LoginAction
  /// What the login machine asks its runtime to do.
  public typealias Effect = LoginEffect
  /// The login machine's phases, without their data.
  public typealias PhaseKind = LoginPhase.Kind
  /// The login machine's actions, without their data.
  public typealias ActionKind = LoginAction.Kind

  /// `login`.
  public static let name = "login"

  /// The state's phase, without its data.
  public static func phase(of state: LoginState) -> LoginPhase.Kind { state.phase.kind }

  /// The action's kind.
  public static func kind(of action: LoginAction) -> LoginAction.Kind { action.kind }

  /// The email field, as typed.
  public static let email = FormField<LoginState, LoginAction>(
    "email", read: \.email, change: LoginAction.emailChanged)
  /// The password field, a secret.
  public static let password = FormField<LoginState, LoginAction>(
    "password", isSecret: true, read: \.password, change: LoginAction.passwordChanged)

  /// The screen's fields: email, then password, then the code step's, which change the step
  /// while it is shown and nothing elsewhere.
  public static let fields =
    [email, password]
    + SecondFactorMachine.fields.map {
      $0.lifted(from: \.secondFactor, as: LoginAction.secondFactor)
    }

  /// The show/hide password toggle.
  public static let togglePassword = FormButton(
    "toggle-password", sends: LoginAction.passwordVisibilityToggled)
  /// Log In (or Try Again).
  public static let submit = FormButton("submit", sends: LoginAction.submitTapped)
  /// Cancel the request in flight, or dismiss the error shown.
  public static let cancel = FormButton("cancel", sends: LoginAction.cancelTapped)
  /// Log Out.
  public static let logout = FormButton("logout", sends: LoginAction.logoutTapped)
  /// Start over, from any phase.
  public static let reset = FormButton("reset", sends: LoginAction.reset)
  /// "Sign in with a browser": device login.
  public static let deviceLogin = FormButton("device-login", sends: LoginAction.deviceLoginTapped)

  /// The screen's buttons: the show/hide toggle, Log In, Cancel, Log Out, starting over,
  /// "Sign in with a browser", and the code step's. The device step's Cancel is Cancel.
  public static let buttons =
    [togglePassword, submit, cancel, logout, reset, deviceLogin]
    + SecondFactorMachine.buttons.map { $0.lifted(as: LoginAction.secondFactor) }

  /// LoginFlow's ``reduce(into:_:)``.
  public static func reduce(into state: inout LoginState, _ action: LoginAction) -> [LoginEffect] {
    LoginFlow.reduce(into: &state, action)
  }
}

/// A cell of the login machine's transition table (see ``LoginMachine``).
public typealias TransitionCell = TableCell<LoginMachine>

extension AuthError {
  /// The error as ``allCases`` lists it: `rateLimited` without its retry delay.
  var withoutDetails: AuthError {
    switch self {
    case .rateLimited: .rateLimited(retryAfter: nil)
    case .invalidCredentials, .networkUnavailable, .serverError, .timedOut, .accountLocked,
      .unexpected, .tooManyCodes, .deviceDenied, .deviceCodeExpired:
      self
    }
  }
}
