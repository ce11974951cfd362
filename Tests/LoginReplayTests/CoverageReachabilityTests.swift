import LoginFlow
import Testing

@testable import LoginReplay

/// The cells ``CoverageCell/unreachability`` excludes are exactly those a replay cannot
/// reach: a breadth-first search over `reduce` from the empty screen, feeding back answers
/// as the store does (only the answer to the request in flight, which is the current
/// attempt of a submitting state), reaches every other cell and none of these.
@Suite struct CoverageReachabilityTests {
  /// What the machine's behaviour depends on: the attempt id only has to match, and the
  /// counter of invalid credentials only matters up to the reset suggestion.
  struct Key: Hashable {
    var email: String
    var password: String
    var isPasswordVisible: Bool
    var phase: String
    var counter: Int
    var emailLimitReached: Bool
    var passwordLimitReached: Bool

    init(_ state: LoginState) {
      email = state.email
      password = state.password
      isPasswordVisible = state.isPasswordVisible
      switch state.phase {
      case .failed(let error): phase = "failed(\(error.name))"
      case .idle, .editing, .submitting, .succeeded: phase = "\(state.phase.kind)"
      }
      counter = min(state.consecutiveInvalidCredentials, 3)
      emailLimitReached = state.emailLimitReached
      passwordLimitReached = state.passwordLimitReached
    }
  }

  /// The actions a replay can bring about in `state`: every kind of change (empty, valid,
  /// invalid, too long), every button, reset, and in `submitting` each answer to the current
  /// attempt and the store's close.
  static func actions(in state: LoginState) -> [LoginAction] {
    let emails = [
      "", "demo@example.com", "demo", String(repeating: "a", count: 243) + "@example.com",
    ]
    let passwords = ["", "   ", "Password123!", String(repeating: "x", count: 1025)]
    var actions: [LoginAction] =
      emails.map(LoginAction.emailChanged) + passwords.map(LoginAction.passwordChanged)
      + [.passwordVisibilityToggled, .submitTapped, .cancelTapped, .logoutTapped, .reset]
    if state.phase.kind == .submitting {
      actions.append(.authResponse(attempt: state.attempt, .success(AuthSession(token: "t"))))
      actions += AuthError.allCases.map { .authResponse(attempt: state.attempt, .failure($0)) }
      actions.append(.storeClosed)
    }
    return actions
  }

  @Test func theUnreachableCellsAreExactlyThoseNoReplayReaches() {
    var seen: Set<Key> = [Key(LoginState())]
    var frontier = [LoginState()]
    var reached: Set<CoverageCell> = []
    while let state = frontier.popLast() {
      for action in Self.actions(in: state) {
        reached.insert(.transition(TransitionCell(applying: action, to: state)))
        let (next, _) = reduce(state, action)
        if seen.insert(Key(next)).inserted { frontier.append(next) }
      }
    }
    let transitions = CoverageCell.all.filter {
      if case .transition = $0 { true } else { false }
    }
    let unreachable = transitions.filter { !reached.contains($0) }
    #expect(unreachable == transitions.filter { $0.unreachability != nil })
    #expect(unreachable.count == 11)
  }
}
