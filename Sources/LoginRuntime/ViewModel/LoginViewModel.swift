import LoginFlow
import Observation

/// The login screen's model for SwiftUI: mirrors the store's state and turns edits and taps
/// into actions, so a view binds `$model.email` and calls `model.logIn()`.
///
/// Every text it gives the view — the messages, and through ``strings`` the labels and button
/// titles — comes from one ``/LoginFlow/LoginStrings`` catalog, English unless given.
///
/// Edits show at once: the model applies the pure ``/LoginFlow/reduce(_:_:)`` locally (ignoring its
/// effects) while it sends the action to the store, in order. The store's state then replaces
/// the local one; a snapshot older than the one shown is never applied, so the text fields do
/// not flicker. Call ``observe()`` from the view's `.task` to follow the store's own changes
/// (answers, timeouts); call ``sync()`` to wait for the store, e.g. in a test.
@MainActor
@Observable
public final class LoginViewModel {
  /// The state the screen shows.
  public private(set) var state: LoginState
  /// The texts the screen shows: read labels and button titles here (`model.strings.logIn`).
  @ObservationIgnored public let strings: LoginStrings

  /// What ``observe()`` keeps of the store's states while the main actor is busy: the newest.
  nonisolated static let observedBuffering = StreamBuffering.newest

  @ObservationIgnored private let store: LoginStore
  @ObservationIgnored private var version: Int
  @ObservationIgnored private var queue: [LoginAction] = []
  @ObservationIgnored private var sender: Task<Void, Never>?

  /// Creates a model showing `store`'s current state, its texts from `strings`.
  public init(store: LoginStore, strings: LoginStrings = .english) {
    self.store = store
    self.strings = strings
    let snapshot = store.latestSnapshot
    state = snapshot.state
    version = snapshot.version
  }

  /// The email field; setting it sends `emailChanged`.
  public var email: String {
    get { state.email }
    set { if newValue != state.email { send(.emailChanged(newValue)) } }
  }

  /// The password field; setting it sends `passwordChanged`.
  public var password: String {
    get { state.password }
    set { if newValue != state.password { send(.passwordChanged(newValue)) } }
  }

  /// Whether the password shows in plain text; setting it sends `passwordVisibilityToggled`.
  public var isPasswordVisible: Bool {
    get { state.isPasswordVisible }
    set { if newValue != state.isPasswordVisible { send(.passwordVisibilityToggled) } }
  }

  /// Whether a request is in flight (show a spinner, lock the form).
  public var isLoading: Bool { state.isLoading }
  /// Whether the Log In button is enabled.
  public var canSubmit: Bool { state.canSubmit }
  /// The error of the last attempt, in user terms (from ``strings``), if it failed.
  public var errorMessage: String? { state.errorMessage(in: strings) }
  /// The inline error under the email field, from ``strings``.
  public var emailError: String? { state.emailError(in: strings) }
  /// The submit button's title from ``strings``: Log In, or Try Again after a failure that
  /// may not happen again.
  public var submitTitle: String { strings.submitTitle(for: state) }
  /// Whether the last email edit was cut to ``/LoginFlow/LoginState/maximumEmailLength`` (show a
  /// note).
  public var emailLimitReached: Bool { state.emailLimitReached }
  /// Whether the last password edit was cut to ``/LoginFlow/LoginState/maximumPasswordLength``.
  public var passwordLimitReached: Bool { state.passwordLimitReached }
  /// Whether to offer "Forgot your password?".
  public var suggestsPasswordReset: Bool { state.suggestsPasswordReset }
  /// Whether the user is logged in.
  public var isLoggedIn: Bool { state.isLoggedIn }
  /// Whether to show "Sign in with a browser" (``strings``' `device.heading`): the store's
  /// service offers device login.
  public var offersDeviceLogin: Bool { store.offersDeviceLogin }
  /// Whether "Sign in with a browser" is enabled.
  public var canSignInWithBrowser: Bool { offersDeviceLogin && state.canSignInWithBrowser }

  /// The Log In (or Try Again) button.
  public func logIn() { send(.submitTapped) }
  /// Cancels the request in flight, or dismisses the error shown.
  public func cancel() { send(.cancelTapped) }
  /// Logs out after a successful login.
  public func logOut() { send(.logoutTapped) }
  /// The show/hide password button.
  public func togglePasswordVisibility() { send(.passwordVisibilityToggled) }
  /// Back to the first screen from any phase, cancelling a request in flight.
  public func reset() { send(.reset) }
  /// "Sign in with a browser": asks for device login's codes; the device step then shows
  /// (``state``'s `deviceLogin`). Cancel with ``cancel()``.
  public func signInWithBrowser() { send(.deviceLoginTapped) }

  /// Shows the result of `action` at once and sends it to the store after those sent before.
  public func send(_ action: LoginAction) {
    state = reduce(state, action).state
    queue.append(action)
    guard sender == nil else { return }
    sender = Task { await self.sendQueued() }
  }

  /// Follows the store's state until the store closes; run it from the view's `.task`.
  ///
  /// Only the newest state waits for the model: while the main actor is busy, a new state
  /// replaces the one not shown yet, so the model never replays a backlog and holds one
  /// state at most.
  public func observe() async {
    for await snapshot in store.versionedStates(buffering: Self.observedBuffering) {
      show(snapshot)
    }
  }

  /// Waits until every action sent so far reached the store, then shows the store's state.
  public func sync() async {
    while let sender { await sender.value }
    show(store.latestSnapshot)
  }

  private func sendQueued() async {
    while !queue.isEmpty {
      let action = queue.removeFirst()
      await store.send(action)
    }
    sender = nil
    show(store.latestSnapshot)
  }

  /// Shows `snapshot` unless local edits are still on their way or it is older than the shown.
  private func show(_ snapshot: StateSnapshot) {
    guard queue.isEmpty, sender == nil, snapshot.version >= version else { return }
    version = snapshot.version
    if state != snapshot.state { state = snapshot.state }
  }
}
