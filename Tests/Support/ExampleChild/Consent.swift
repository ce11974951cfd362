import LoginFlow

/// A tiny child machine that proves the composition seam: a consent step (agree to the
/// terms, then continue, which sends the consent to a server; the offer expires after a
/// while). It has its own state, actions, effects, pure `step` and table document
/// (`ConsentTable.md`, checked by a test), and knows nothing of its parent (``Onboarding``).
package enum Consent: ChildMachine, ScreenMachine {
  package struct State: Hashable, Sendable {
    package var phase: Phase = .reading
    package var attempt = 0

    package init(phase: Phase = .reading, attempt: Int = 0) {
      self.phase = phase
      self.attempt = attempt
    }
  }

  package enum Phase: Hashable, Sendable {
    case reading, agreed, sending, expired
  }

  package enum Action: Equatable, Sendable {
    case agreeToggled
    case continueTapped
    case backTapped
    case sendAnswer(attempt: Int, accepted: Bool)
    case offerExpired
  }

  package enum Effect: Equatable, Sendable {
    case send(attempt: Int)
    case cancelSend(attempt: Int)
    case expire(after: Duration)

    package var name: String {
      switch self {
      case .send: "send"
      case .cancelSend: "cancelSend"
      case .expire: "expire"
      }
    }
  }

  package enum Outcome: Equatable, Sendable {
    case accepted
    case declined
  }

  package enum PhaseKind: String, CaseIterable, Hashable, Sendable {
    case reading, agreed, sending, expired
  }

  package enum ActionKind: String, CaseIterable, Hashable, Sendable {
    case agreeToggled, continueTapped, backTapped, sendAnswer, offerExpired
  }

  package enum Condition: String, Hashable, Sendable, CustomStringConvertible {
    case always, current, stale
    package var description: String { rawValue }
  }

  package static let name = "consent"
  package static let offerLifetime = Duration.seconds(60)

  package static let fields: [FormField<State, Action>] = []
  package static let buttons = [
    FormButton("agree", sends: Action.agreeToggled),
    FormButton("continue", sends: Action.continueTapped),
    FormButton("back", sends: Action.backTapped),
  ]

  package static func phase(of state: State) -> PhaseKind {
    switch state.phase {
    case .reading: .reading
    case .agreed: .agreed
    case .sending: .sending
    case .expired: .expired
    }
  }

  package static func kind(of action: Action) -> ActionKind {
    switch action {
    case .agreeToggled: .agreeToggled
    case .continueTapped: .continueTapped
    case .backTapped: .backTapped
    case .sendAnswer: .sendAnswer
    case .offerExpired: .offerExpired
    }
  }

  package static func conditions(_ phase: PhaseKind, _ action: ActionKind) -> [Condition] {
    switch (phase, action) {
    case (.sending, .sendAnswer): [.current, .stale]
    case (_, .agreeToggled), (_, .continueTapped), (_, .backTapped), (_, .sendAnswer),
      (_, .offerExpired):
      [.always]
    }
  }

  package static func condition(of action: Action, in state: State) -> Condition {
    guard case .sendAnswer(let attempt, _) = action, state.phase == .sending else {
      return .always
    }
    return attempt == state.attempt ? .current : .stale
  }

  /// The step begins on entry, with its offer's expiry.
  package static let entry = (state: State(), effects: [Effect.expire(after: offerLifetime)])

  package static func step(_ state: inout State, _ action: Action) -> ChildStep<Consent> {
    switch (state.phase, action) {
    case (.reading, .agreeToggled): state.phase = .agreed
    case (.agreed, .agreeToggled): state.phase = .reading
    case (.agreed, .continueTapped):
      state.attempt += 1
      state.phase = .sending
      return ChildStep(effects: [.send(attempt: state.attempt)])
    case (.sending, .backTapped):
      state.phase = .agreed
      return ChildStep(effects: [.cancelSend(attempt: state.attempt)], outcome: .declined)
    case (.reading, .backTapped), (.agreed, .backTapped), (.expired, .backTapped):
      return ChildStep(outcome: .declined)
    case (.sending, .sendAnswer(let attempt, let accepted)):
      guard attempt == state.attempt else { return ChildStep() }
      state.phase = accepted ? .agreed : .reading
      return ChildStep(outcome: accepted ? .accepted : nil)
    case (.reading, .offerExpired), (.agreed, .offerExpired):
      state.phase = .expired
    case (.sending, .offerExpired):
      state.phase = .expired
      return ChildStep(effects: [.cancelSend(attempt: state.attempt)])
    case (.sending, .agreeToggled), (.sending, .continueTapped), (.reading, .continueTapped),
      (.expired, .agreeToggled), (.expired, .continueTapped), (.reading, .sendAnswer),
      (.agreed, .sendAnswer), (.expired, .sendAnswer), (.expired, .offerExpired):
      break
    }
    return ChildStep()
  }

  package static func example(of cell: TableCell<Consent>) -> (state: State, action: Action) {
    var state = State(attempt: 1)
    switch cell.phase {
    case .reading: state.phase = .reading
    case .agreed: state.phase = .agreed
    case .sending: state.phase = .sending
    case .expired: state.phase = .expired
    }
    let action: Action
    switch cell.action {
    case .agreeToggled: action = .agreeToggled
    case .continueTapped: action = .continueTapped
    case .backTapped: action = .backTapped
    case .sendAnswer:
      action = .sendAnswer(attempt: cell.condition == .stale ? 0 : 1, accepted: true)
    case .offerExpired: action = .offerExpired
    }
    return (state, action)
  }
}

/// A parent that holds ``Consent`` in a phase of its own: it forwards the child's actions
/// while the phase is current (through the one ``ChildScope``), maps its effects into its
/// own, and turns its outcome into a transition.
package enum Onboarding: TableMachine {
  package struct State: Equatable, Sendable {
    package var phase: Phase = .start

    package init(phase: Phase = .start) {
      self.phase = phase
    }
  }

  package enum Phase: Equatable, Sendable {
    case start
    case consenting(Consent.State)
    case done
  }

  package enum Action: Equatable, Sendable {
    case begin
    case consent(Consent.Action)
  }

  package enum Effect: Equatable, Sendable {
    case consent(Consent.Effect)
  }

  package enum PhaseKind: String, CaseIterable, Hashable, Sendable {
    case start, consenting, done
  }

  package enum ActionKind: String, CaseIterable, Hashable, Sendable {
    case begin, consent
  }

  package enum Condition: String, Hashable, Sendable, CustomStringConvertible {
    case always, forwarded
    package var description: String { rawValue }
  }

  package static let name = "onboarding"

  /// Where the parent holds the child.
  package static let consent = ChildScope<State, Consent>(
    extract: { state in
      guard case .consenting(let child) = state.phase else { return nil }
      return child
    },
    embed: { state, child in state.phase = .consenting(child) })

  package static func phase(of state: State) -> PhaseKind {
    switch state.phase {
    case .start: .start
    case .consenting: .consenting
    case .done: .done
    }
  }

  package static func kind(of action: Action) -> ActionKind {
    switch action {
    case .begin: .begin
    case .consent: .consent
    }
  }

  package static func conditions(_ phase: PhaseKind, _ action: ActionKind) -> [Condition] {
    switch (phase, action) {
    case (.consenting, .consent): [.forwarded]
    case (_, .begin), (_, .consent): [.always]
    }
  }

  package static func condition(of action: Action, in state: State) -> Condition {
    guard case .consent = action, case .consenting = state.phase else { return .always }
    return .forwarded
  }

  package static func reduce(into state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .begin:
      guard case .start = state.phase else { return [] }
      state.phase = .consenting(Consent.entry.state)
      return Consent.entry.effects.map(Effect.consent)
    case .consent(let action):
      guard let step = consent.forward(action, in: &state) else { return [] }
      switch step.outcome {
      case .accepted: state.phase = .done
      case .declined: state.phase = .start
      case nil: break
      }
      return step.effects.map(Effect.consent)
    }
  }

  package static func example(of cell: TableCell<Onboarding>) -> (state: State, action: Action) {
    let state: State
    switch cell.phase {
    case .start: state = State(phase: .start)
    case .consenting: state = State(phase: .consenting(Consent.State(phase: .agreed)))
    case .done: state = State(phase: .done)
    }
    switch cell.action {
    case .begin: return (state, .begin)
    case .consent: return (state, .consent(.continueTapped))
    }
  }
}

extension Consent: ExplorableMachine {
  package static let initialState = State()

  package static func alphabet(in state: State) -> [Action] {
    buttons.map(\.action) + [
      .sendAnswer(attempt: state.attempt, accepted: true),
      .sendAnswer(attempt: state.attempt, accepted: false),
      .sendAnswer(attempt: state.attempt - 1, accepted: true), .offerExpired,
    ]
  }
}
