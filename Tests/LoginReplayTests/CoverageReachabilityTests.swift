import LoginFlow
import Testing

@testable import LoginReplay

/// The cells ``CoverageCell/unreachability`` excludes are exactly those a replay cannot
/// reach: a breadth-first search over `reduce` from the empty screen, feeding back answers
/// as the store does (only the answer to the request in flight, which is the current
/// attempt of a submitting state), saving and clearing the session as it does (a save that
/// works, or one that fails and feeds back `sessionSaveFailed`), and relaunching as
/// `relaunch` does (a fresh screen that restores the kept session, unexpired or expired)
/// and as `restore-session` does (the kept session read into any screen), reaches every other cell and none of these.
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
    var sessionNotRemembered: Bool
    var kept: Bool

    init(_ state: LoginState, kept: Bool) {
      self.kept = kept
      sessionNotRemembered = state.sessionNotRemembered
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

  /// A state with whether the session store keeps a session.
  struct Node {
    var state: LoginState
    var kept: Bool
  }

  /// Applies `action` to `node` as a store does, recording every cell it runs: the session
  /// effects change what is kept, or (`savesFail`) a save fails and `sessionSaveFailed` is
  /// applied next.
  static func apply(
    _ action: LoginAction, to node: Node, savesFail: Bool, reached: inout Set<CoverageCell>
  ) -> Node {
    reached.insert(.transition(TransitionCell(applying: action, to: node.state)))
    var (next, effects) = reduce(node.state, action)
    var kept = node.kept
    for effect in effects {
      switch effect {
      case .saveSession:
        guard savesFail else {
          kept = true
          continue
        }
        reached.insert(.transition(TransitionCell(applying: .sessionSaveFailed, to: next)))
        next = reduce(next, .sessionSaveFailed).state
      case .clearSession: kept = false
      case .authenticate, .cancelAuthentication: break
      }
    }
    return Node(state: next, kept: kept)
  }

  /// What a `relaunch` of `node` can bring about: a fresh screen that restores the kept
  /// session, before its expiry or after (a `wait` past it), or a fresh screen.
  static func relaunches(
    of node: Node, reached: inout Set<CoverageCell>
  ) -> [Node] {
    let fresh = Node(state: LoginState(), kept: node.kept)
    guard node.kept else { return [fresh] }
    return [fresh] + reads(into: fresh, reached: &reached)
  }

  /// What reading the kept session into `node` brings about, as a launch does and as a
  /// `restore-session` after `relaunch restore-later` does at any point: the session
  /// before its expiry or after.
  static func reads(into node: Node, reached: inout Set<CoverageCell>) -> [Node] {
    guard node.kept else { return [] }
    let now = Timestamp(secondsSinceEpoch: 1_000)
    return [now.advanced(by: .seconds(60)), now].map { expiry in
      apply(
        .sessionRestored(StoredSession(token: "t", expiresAt: expiry), now: now), to: node,
        savesFail: false, reached: &reached)
    }
  }

  @Test func theUnreachableCellsAreExactlyThoseNoReplayReaches() {
    let start = Node(state: LoginState(), kept: false)
    var seen: Set<Key> = [Key(start.state, kept: start.kept)]
    var frontier = [start]
    var reached: Set<CoverageCell> = []
    while let node = frontier.popLast() {
      var nexts =
        Self.relaunches(of: node, reached: &reached) + Self.reads(into: node, reached: &reached)
      for action in Self.actions(in: node.state) {
        for savesFail in [false, true] {
          nexts.append(Self.apply(action, to: node, savesFail: savesFail, reached: &reached))
        }
      }
      for next in nexts where seen.insert(Key(next.state, kept: next.kept)).inserted {
        frontier.append(next)
      }
    }
    let transitions = CoverageCell.all.filter {
      if case .transition = $0 { true } else { false }
    }
    let unreachable = transitions.filter { !reached.contains($0) }
    #expect(unreachable == transitions.filter { $0.unreachability != nil })
    // Seven of the form and the answers, four closings outside submitting, four failed
    // saves outside succeeded.
    #expect(unreachable.count == 7 + 4 + 4)
  }
}
