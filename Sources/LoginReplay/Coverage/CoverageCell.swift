import LoginFlow
import LoginRuntime

/// One thing `login-replay --coverage` counts: a cell of the transition table, or a step
/// only the store takes (a timeout firing, a late answer dropped).
public enum CoverageCell: Hashable, Sendable, CustomStringConvertible {
  /// An action applied in a phase, under one of the table's conditions.
  case transition(TransitionCell)
  /// A store event that is a cell of its own.
  case storeEvent(StoreEventCell)

  /// Every cell, the table's first (in ``TransitionCell/all``'s order), then the store's.
  public static let all: [CoverageCell] =
    TransitionCell.all.map(CoverageCell.transition) + StoreEventCell.allCases.map(storeEvent)

  /// The cell that `kind` counts in, or `nil` for an event that is not one.
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
    case .transition(let cell):
      if cell.action == .storeClosed, cell.phase != .submitting {
        return .closedOnlyWhileSubmitting
      }
      switch cell.condition {
      case .anyAttempt, .staleAttempt:
        return .answerNotInFlight
      case .formValid:
        switch cell.phase {
        case .idle: return .validFormInIdle
        case .editing, .submitting, .succeeded, .failed: return nil
        }
      case .formInvalid:
        switch cell.phase {
        case .failed: return .invalidFormInFailed
        case .idle, .editing, .submitting, .succeeded: return nil
        }
      case .always:
        switch (cell.action, cell.phase) {
        case (.sessionRestored, _): return nil
        case (.sessionSaveFailed, .succeeded): return nil
        case (.sessionSaveFailed, _): return .saveFailedOutsideLogin
        case (.emailChanged, _), (.passwordChanged, _), (.passwordVisibilityToggled, _),
          (.submitTapped, _), (.cancelTapped, _), (.logoutTapped, _), (.reset, _),
          (.authResponse, _), (.storeClosed, _):
          return nil
        }
      case .withinLimit, .overLimit, .currentAttempt, .unexpired, .expired, .loginRemembered,
        .loginNotRemembered:
        return nil
      }
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
    /// `failed` is entered only from `submitting`, whose form was valid when it was sent
    /// and locked since; any change leaves `failed`, so a submit there always has a valid
    /// form.
    case invalidFormInFailed = "failed keeps the valid form sent: every change leaves failed"
    /// The store sends `storeClosed` from `close()` only while a request is in flight, to
    /// end it; in any other phase there is nothing to end and it sends nothing.
    case closedOnlyWhileSubmitting = "the store sends storeClosed only while submitting"
    /// A save runs only right after a login, and its failure is applied at once, before any
    /// other action: always in `succeeded`.
    case saveFailedOutsideLogin = "a save runs, and fails, only right after a login"

    /// The reason in a few words, as the report prints it.
    public var description: String { rawValue }
  }
}
