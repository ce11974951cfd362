import LoginFlow
import LoginRuntime

/// One thing `login-replay --coverage` counts: a cell of the transition table, or a step
/// only the store takes (a timeout firing, a late answer dropped).
public enum CoverageCell: Hashable, Sendable, CustomStringConvertible {
  /// An action applied in a phase, under one of the table's conditions.
  case transition(TransitionCell)
  /// A cell of the code step's table.
  case secondFactor(TableCell<SecondFactorMachine>)
  /// A cell of the device step's table.
  case deviceLogin(TableCell<DeviceLoginMachine>)
  /// A store event that is a cell of its own.
  case storeEvent(StoreEventCell)

  /// Every cell: the login table's (in ``TransitionCell/all``'s order), the code step's,
  /// the device step's, then the store's.
  public static let all: [CoverageCell] =
    TransitionCell.all.map(CoverageCell.transition)
    + SecondFactorMachine.cells.map(CoverageCell.secondFactor)
    + DeviceLoginMachine.cells.map(CoverageCell.deviceLogin)
    + StoreEventCell.allCases.map(storeEvent)

  /// The cells that `kind` counts in: the login table's, and a step's for the actions it
  /// takes; none for an event that is no cell.
  public static func cells(of kind: StoreEvent.Kind) -> [CoverageCell] {
    guard case .transition(let transition) = kind else {
      return CoverageCell(kind).map { [$0] } ?? []
    }
    return [.transition(transition.cell)]
      + (transition.secondFactorCell.map { [.secondFactor($0)] } ?? [])
      + (transition.deviceLoginCell.map { [.deviceLogin($0)] } ?? [])
  }

  /// The login table's cell that `kind` counts in, or `nil` for an event that is not one.
  public init?(_ kind: StoreEvent.Kind) {
    if case .transition(let transition) = kind {
      self = .transition(transition.cell)
    } else if let cell = StoreEventCell(kind) {
      self = .storeEvent(cell)
    } else {
      return nil
    }
  }

  /// `submitting + authResponse (current attempt, success)`, or `timeout fired`.
  public var description: String {
    switch self {
    case .transition(let cell): cell.description
    case .secondFactor(let cell): "\(SecondFactorMachine.name): \(cell)"
    case .deviceLogin(let cell): "\(DeviceLoginMachine.name): \(cell)"
    case .storeEvent(let cell): cell.description
    }
  }

  /// Why no replay can reach the cell, or `nil` when one can.
  ///
  /// A replay starts on the empty screen and only the store feeds answers back, so some
  /// cells that `reduce` must still handle can never happen in one; counting them would
  /// make full coverage impossible. `Docs/SessionFormat.md` explains each reason.
  public var unreachability: Unreachability? {
    switch self {
    case .storeEvent: return nil
    case .secondFactor(let cell): return Self.unreachability(of: cell)
    case .deviceLogin(let cell): return Self.unreachability(of: cell)
    case .transition(let cell):
      if cell.action == .deviceLogin, cell.condition == .deviceStep(.cancelled) {
        return .cancelIsTheScreensCancel
      }
      if cell.action == .storeClosed, cell.phase != .submitting, cell.phase != .secondFactor,
        cell.phase != .device
      {
        return .closedOnlyWhileSubmitting
      }
      switch cell.condition {
      case .anyAttempt, .staleAttempt:
        return .answerNotInFlight
      case .formValid, .throttled:
        switch cell.phase {
        case .idle: return .validFormInIdle
        case .editing, .submitting, .succeeded, .failed, .secondFactor, .device: return nil
        }
      case .formInvalid:
        return nil
      case .always:
        switch (cell.action, cell.phase) {
        case (.sessionRestored, _): return nil
        case (.sessionSaveFailed, .succeeded): return nil
        case (.sessionSaveFailed, _): return .saveFailedOutsideLogin
        case (.deviceLogin, _): return .deviceArrivesOnlyWhileShown
        case (.deviceLoginTapped, _), (.deviceLoginStarted, _), (.emailChanged, _),
          (.passwordChanged, _), (.passwordVisibilityToggled, _),
          (.submitTapped, _), (.cancelTapped, _), (.logoutTapped, _), (.reset, _),
          (.authResponse, _), (.storeClosed, _), (.secondFactorRequired, _), (.secondFactor, _),
          (.throttleTicked, _), (.throttleEnded, _):
          return nil
        }
      case .noThrottle:
        return cell.action == .deviceLoginTapped ? nil : .throttleArrivesWhileItRuns
      case .throttleRunning:
        switch cell.phase {
        // A session read late can still log in while a throttle runs (after a reset).
        case .submitting: return .noRequestWhileThrottled
        // A throttle holds "Sign in with a browser" too, and polls never start one.
        case .device: return .noDeviceLoginWhileThrottled
        case .idle, .editing, .succeeded, .failed, .secondFactor: return nil
        }
      case .currentAttempt(.some(let error)) where AuthError.conclusions.contains(error):
        return .conclusionIsNoAnswer
      case .withinLimit, .overLimit, .currentAttempt, .unexpired, .expired, .loginRemembered,
        .loginNotRemembered, .codeRequired, .codeStep, .codeStepRefused, .deviceCodes,
        .deviceStep:
        return nil
      }
    }
  }

  /// Why no replay can reach a cell of the code step, or `nil` when one can.
  private static func unreachability(of cell: TableCell<SecondFactorMachine>) -> Unreachability? {
    switch (cell.phase, cell.action, cell.condition) {
    case (_, .verifyAnswer, .anyRequest), (_, .verifyAnswer, .stale),
      (_, .resendAnswer, .anyRequest), (_, .resendAnswer, .stale):
      return .answerNotInFlight
    case (.entering, .storeClosed, _), (.rejected, .storeClosed, _), (.expired, .storeClosed, _),
      (.failed, .storeClosed, _):
      return .closedOnlyWhileSubmitting
    case (.resending, .countdownTicked, _), (.resending, .resendAvailable, _):
      return .countdownOverBeforeResend
    case (.expired, .codeExpired, _):
      return .expiresOnce
    case (.rejected, .verifyTapped, .codeComplete):
      return .completeCodeChecksItself
    default:
      return nil
    }
  }

  /// Why no replay can reach a cell of the device step, or `nil` when one can.
  private static func unreachability(of cell: TableCell<DeviceLoginMachine>) -> Unreachability? {
    switch (cell.phase, cell.action, cell.condition) {
    case (_, .pollAnswer, .anyRequest), (_, .pollAnswer, .stale):
      return .answerNotInFlight
    case (.polling, .pollDue, _):
      return .onePollAtATime
    case (.waiting, .storeClosed, _):
      return .closedOnlyWhileSubmitting
    default:
      return nil
    }
  }

  /// Why a cell cannot be reached by a replay.
  public enum Unreachability: String, Hashable, Sendable, CustomStringConvertible {
    /// The store applies an answer only to the request in flight, which is the current
    /// attempt of a `submitting` state: any other answer is dropped (`late answer dropped`).
    case answerNotInFlight = "the store applies only the answer to the request in flight"
    /// `idle` is the empty screen, or the screen after a logout, which clears the password;
    /// any change leaves `idle`, so a submit there never has a valid form.
    case validFormInIdle = "idle never has a password: every change leaves idle"
    /// The store sends `storeClosed` from `close()` only while a request is in flight, to
    /// end it; in any other phase there is nothing to end and it sends nothing.
    case closedOnlyWhileSubmitting = "the store sends storeClosed only while submitting"
    /// A save runs only right after a login, and its failure is applied at once, before any
    /// other action: always in `succeeded`.
    case saveFailedOutsideLogin = "a save runs, and fails, only right after a login"
    /// A resend can start only once the cooldown is over, and a new one starts only when the
    /// resend succeeds: no countdown runs while a resend is in flight.
    case countdownOverBeforeResend = "a resend starts only once the countdown is over"
    /// A code's expiry is delivered once, and a code the server said expired takes its
    /// expiry back: no second expiry reaches an expired code.
    case expiresOnce = "a code expires once"
    /// The change that completes a code starts its check, and a rejection clears it: a
    /// complete code waits for Verify only after a failed check.
    case completeCodeChecksItself = "a complete code checks itself as it is typed"
    /// Too many codes is how the code step ends, never what a server answers a login with:
    /// no `respond` outcome gives it.
    case conclusionIsNoAnswer =
      "too many codes, a denial and an expiry end a step; no server answers a login with them"
    /// The device step's polls and countdown are delivered only while it is shown: leaving
    /// it takes them back.
    case deviceArrivesOnlyWhileShown = "the device step's polls and timers end with it"
    /// "Sign in with a browser" does nothing while a throttle runs, and a poll's rate limit
    /// delays the next poll without starting the login's throttle.
    case noDeviceLoginWhileThrottled = "no device login starts while a throttle runs"
    /// The device step's Cancel is the screen's: it arrives as `cancelTapped`, which the
    /// login machine forwards (`device + cancelTapped`), never as the step's own action.
    case cancelIsTheScreensCancel = "the device step's Cancel arrives as the screen's Cancel"
    /// The next poll is scheduled only after the answer to the previous one.
    case onePollAtATime = "a poll falls due only after the previous one's answer"

    /// The throttle's clock is delivered only while it runs: its last arrival ends it, and
    /// none is scheduled after that.
    case throttleArrivesWhileItRuns = "the throttle's clock arrives only while it runs"
    /// No login starts while a throttle runs, so none is in flight then.
    case noRequestWhileThrottled = "no login starts while a throttle runs"

    /// The reason in a few words, as the report prints it.
    public var description: String { rawValue }
  }
}
