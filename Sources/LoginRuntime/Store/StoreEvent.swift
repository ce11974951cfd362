import LoginFlow

/// Something the store did, for loggers, metrics and `login-replay`'s trace: a transition,
/// a step in the life of an auth request, or what became of the remembered session.
///
/// Events never carry a password or a token: actions appear only as their redacted
/// description, phases only as short labels, responses only as an ``AuthOutcome``, and
/// session-store failures only as a ``SessionStoreError``, which names a file, never its
/// contents.
public struct StoreEvent: Sendable, Equatable, CustomStringConvertible {
  /// When it happened: the time on the store's clock since the store was created.
  public var time: Duration
  /// What happened, with the attempt, outcome and duration a trace line needs.
  public var kind: Kind

  /// Creates an event; the store makes them, tests compare against them.
  public init(time: Duration, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// What happened, with the data a trace line needs.
  public enum Kind: Sendable, Equatable {
    /// An action went through `reduce` (a user action, or a response or timeout fed back).
    case transition(StoreTransition)
    /// Request `id` started (its call and its timeout were created).
    case effectStarted(RequestID)
    /// Request `id` answered in time; its answer is applied next.
    case effectFinished(RequestID, outcome: AuthOutcome, duration: Duration)
    /// Request `id` was cancelled (by the machine, or by `close()`).
    case effectCancelled(RequestID, duration: Duration)
    /// Request `id` ran out of time; `failure(timedOut)` is fed back next.
    case effectTimedOut(RequestID, duration: Duration)
    /// A cancelled or timed-out request answered anyway; the answer was dropped.
    case responseDropped(RequestID, outcome: AuthOutcome, duration: Duration)
    /// The session was saved for the next launch (the `saveSession` effect succeeded).
    case sessionSaved
    /// The session could not be saved: the user stays logged in, for this launch only, and
    /// `sessionSaveFailed` is applied next so the screen can say so.
    case sessionNotSaved(SessionStoreError)
    /// The remembered session was forgotten (the `clearSession` effect succeeded).
    case sessionCleared
    /// The remembered session could not be forgotten; the logout stands.
    case sessionNotCleared(SessionStoreError)
    /// At launch, what the session store kept could not be used (refused, corrupt,
    /// truncated, an unknown version, unreadable): the store starts logged out.
    case sessionDiscarded(SessionStoreError)
  }

  /// One trace line, such as `[1.5s] finished authenticate(1): success after 1.5s`.
  public var description: String {
    "[\(time.traceText)] " + kind.text
  }
}

extension StoreEvent.Kind {
  /// The event without its time.
  fileprivate var text: String {
    switch self {
    case .transition(let transition):
      "transition \(transition)"
    case .effectStarted(let id):
      "started \(id)"
    case .effectFinished(let id, let outcome, let duration):
      "finished \(id): \(outcome) after \(duration.traceText)"
    case .effectCancelled(let id, let duration):
      "cancelled \(id) after \(duration.traceText)"
    case .effectTimedOut(let id, let duration):
      "timed out \(id) after \(duration.traceText)"
    case .responseDropped(let id, let outcome, let duration):
      "dropped late response to \(id): \(outcome) after \(duration.traceText)"
    case .sessionSaved: "saved the session"
    case .sessionNotSaved(let error): "did not save the session: \(error)"
    case .sessionCleared: "cleared the saved session"
    case .sessionNotCleared(let error): "did not clear the saved session: \(error)"
    case .sessionDiscarded(let error): "discarded the saved session: \(error)"
    }
  }
}

/// How an auth call ended, without the session (so without its token): a success, or the
/// error it failed with.
public enum AuthOutcome: Sendable, Hashable, CustomStringConvertible {
  /// The service returned a session.
  case success
  /// The service threw `error`.
  case failure(AuthError)

  /// The outcome of `result`, dropping the session.
  public init(_ result: Result<AuthSession, AuthError>) {
    switch result {
    case .success: self = .success
    case .failure(let error): self = .failure(error)
    }
  }

  /// The outcome of a service's `result`, dropping what it carries.
  public init(_ result: Result<AuthAnswer, AuthError>) {
    switch result {
    case .success: self = .success
    case .failure(let error): self = .failure(error)
    }
  }

  /// The outcome as a result, with `session` for a success.
  public func result(session: AuthSession) -> Result<AuthSession, AuthError> {
    switch self {
    case .success: .success(session)
    case .failure(let error): .failure(error)
    }
  }

  /// The session-file name: `success`, or the error's name such as `invalid-credentials`.
  public var name: String {
    switch self {
    case .success: "success"
    case .failure(let error): error.name
    }
  }

  /// The outcome as a trace writes it: its ``name``.
  public var description: String { name }
}
