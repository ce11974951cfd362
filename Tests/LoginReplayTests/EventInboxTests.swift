import LoginFlow
import LoginRendering
import LoginRuntime
import LoginTestSupport
import Testing

@testable import LoginReplay

/// The inbox keeps the store's events for the runner to print, in order, and wakes a runner
/// waiting for one.
@Suite struct EventInboxTests {
  /// One thing a store reports: a transition emitting its effects, or another event.
  enum Report {
    case transition(LoginAction, before: LoginState, after: LoginState, [LoginEffect])
    case other(StoreEvent.Kind)

    /// The event a store hands its `onEvent` hook.
    func event(at time: Duration) -> StoreEvent {
      switch self {
      case .transition(let action, let before, let after, let effects):
        StoreEvent(
          time: time,
          kind: .transition(
            StoreTransition(action: action, before: before, after: after, effects: effects)))
      case .other(let kind): StoreEvent(time: time, kind: kind)
      }
    }
  }

  /// Reports of every kind: transitions with and without effects, and two dropped answers.
  static let reports: [Report] = {
    let editing = LoginState(email: "demo@example.com", password: "Password123!", phase: .editing)
    let submitting = LoginState(
      email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1)
    let credentials = Credentials(email: "demo@example.com", password: "Password123!")
    let failure = SessionStoreError(.simulatedFailure)
    return [
      .transition(.emailChanged("demo@example.com"), before: LoginState(), after: editing, []),
      .transition(
        .submitTapped, before: editing, after: submitting,
        [.authenticate(attempt: 1, credentials)]),
      .other(.effectStarted(.authenticate(1))),
      .other(.effectCancelled(.authenticate(1), duration: .seconds(1))),
      .other(.responseDropped(.authenticate(1), outcome: .success, duration: .seconds(2))),
      .other(.effectFinished(.authenticate(2), outcome: .success, duration: .seconds(1))),
      .other(.effectTimedOut(.authenticate(3), duration: .seconds(30))),
      .other(
        .responseDropped(
          .authenticate(3), outcome: .failure(.networkUnavailable), duration: .seconds(31))),
      .other(.sessionSaved), .other(.sessionNotSaved(failure)), .other(.sessionCleared),
      .other(.sessionNotCleared(failure)), .other(.sessionDiscarded(failure)),
      .transition(
        .cancelTapped, before: submitting, after: editing, [.cancelAuthentication(attempt: 1)]),
    ]
  }()

  static let events = reports.enumerated().map { $0.element.event(at: .seconds($0.offset)) }

  /// For every prefix of the reports, the events come out of the inbox in order, and nothing
  /// is left after the take.
  @Test func theEventsComeOutInOrderAndATakeLeavesNothing() {
    for end in 0...Self.reports.count {
      let inbox = EventInbox()
      for (index, report) in Self.reports[..<end].enumerated() {
        inbox.append(report.event(at: .seconds(index)))
      }
      #expect(inbox.takeAll() == Array(Self.events[..<end]))
      #expect(inbox.takeAll().isEmpty, "a take leaves nothing")
    }
  }

  /// On the real clock `settle` waits for the next event; one appended after the runner
  /// waits wakes it, and one appended before lets it go on at once.
  @Test(.hangGuard) func anEventWakesTheWaitingRunner() async {
    let inbox = EventInbox()
    let waiting = Task { await inbox.waitForEvents() }
    while !inbox.hasWaitingRunner { await Task.yield() }
    inbox.append(Self.events[2])
    await waiting.value  // woken: a lost wake-up hangs here until the time limit
    #expect(!inbox.hasWaitingRunner)
    await inbox.waitForEvents()  // returns at once: an event is waiting
    #expect(inbox.takeAll() == [Self.events[2]])
  }
}
