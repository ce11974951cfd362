import LoginFlow

/// A ``SessionStore`` that keeps the session in memory: for tests, previews and
/// `login-replay` without `--session-file`.
///
/// Share one between stores to model a relaunch: close a ``LoginStore``, create another over
/// the same session store, and it restores what the first saved.
public final class InMemorySessionStore: SessionStore {
  private let kept: Locked<StoredSession?>

  /// Creates a store that keeps `session`, by default none.
  public init(session: StoredSession? = nil) {
    kept = Locked(session)
  }

  /// The session kept now, or `nil`.
  public var session: StoredSession? {
    kept.withLock { $0 }
  }

  /// The session kept, or `nil`; never fails.
  public func load() -> StoredSession? {
    session
  }

  /// Keeps `session` instead of any other; never fails.
  public func save(_ session: StoredSession) {
    kept.withLock { $0 = session }
  }

  /// Forgets the session kept; never fails.
  public func clear() {
    kept.withLock { $0 = nil }
  }
}
