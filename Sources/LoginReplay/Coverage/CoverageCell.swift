import LoginFlow
import LoginRuntime

/// One thing `login-replay --coverage` counts: a cell of the transition table, or a step
/// only the store takes (a timeout firing, a late answer dropped).
public enum CoverageCell: Hashable, Sendable, CustomStringConvertible {
  /// An action applied in a phase, under one of the table's conditions.
  case transition(TransitionCell)
  /// A cell of the code step's table.
  case secondFactor(TableCell<SecondFactorMachine>)
  /// A store event that is a cell of its own.
  case storeEvent(StoreEventCell)

  /// Every cell: the login table's (in ``TransitionCell/all``'s order), the code step's,
  /// then the store's.
  public static let all: [CoverageCell] =
    TransitionCell.all.map(CoverageCell.transition)
    + SecondFactorMachine.cells.map(CoverageCell.secondFactor)
    + StoreEventCell.allCases.map(storeEvent)

  /// The cells that `kind` counts in: the login table's, and the code step's for its
  /// actions; none for an event that is no cell.
  public static func cells(of kind: StoreEvent.Kind) -> [CoverageCell] {
    guard case .transition(let transition) = kind else {
      return CoverageCell(kind).map { [$0] } ?? []
    }
    return [.transition(transition.cell)]
      + (transition.secondFactorCell.map { [.secondFactor($0)] } ?? [])
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
    case .transition(let cell):
      if cell.action == .storeClosed, cell.phase != .submitting, cell.phase != .secondFactor {
        return .closedOnlyWhileSubmitting
      }
      switch cell.condition {
      case .anyAttempt, .staleAttempt:
        return .answerNotInFlight
      case .formValid, .throttled:
        switch cell.phase {
        case .idle: return .validFormInIdle
        case .editing, .submitting, .succeeded, .failed, .secondFactor: return nil
        }
      case .formInvalid:
        return nil
      case .always:
        switch (cell.action, cell.phase) {
        case (.sessionRestored, _): return nil
        case (.sessionSaveFailed, .succeeded): return nil
        case (.sessionSaveFailed, _): return .saveFailedOutsideLogin
        case (.emailChanged, _), (.passwordChanged, _), (.passwordVisibilityToggled, _),
          (.submitTapped, _), (.cancelTapped, _), (.logoutTapped, _), (.reset, _),
          (.authResponse, _), (.storeClosed, _), (.secondFactorRequired, _), (.secondFactor, _),
          (.throttleTicked, _), (.throttleEnded, _):
          return nil
        }
      case .noThrottle:
        return .throttleArrivesWhileItRuns
      case .throttleRunning:
        switch cell.phase {
        // A session read late can still log in while a throttle runs (after a reset).
        case .submitting: return .noRequestWhileThrottled
        case .idle, .editing, .succeeded, .failed, .secondFactor: return nil
        }
      case .currentAttempt(.tooManyCodes):
        return .tooManyCodesIsNoAnswer
      case .withinLimit, .overLimit, .currentAttempt, .unexpired, .expired, .loginRemembered,
        .loginNotRemembered, .codeRequired, .codeStep, .codeStepRefused:
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
    case tooManyCodesIsNoAnswer = "too many codes ends the code step; no server answers it"

    /// The throttle's clock is delivered only while it runs: its last arrival ends it, and
    /// none is scheduled after that.
    case throttleArrivesWhileItRuns = "the throttle's clock arrives only while it runs"
    /// No login starts while a throttle runs, so none is in flight then.
    case noRequestWhileThrottled = "no login starts while a throttle runs"

    /// The reason in a few words, as the report prints it.
    public var description: String { rawValue }
  }
}
