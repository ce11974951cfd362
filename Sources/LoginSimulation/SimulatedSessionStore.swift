import LoginFlow
import LoginRuntime

/// The session store of a simulated run: a base store (a file, or memory) whose saves can be
/// made to fail, as a full disk or a read-only folder would (a session's
/// `session-store failing`, the explorer's failing save).
///
/// It outlives the stores of a run: a `relaunch` starts a fresh ``LoginStore`` over the same
/// one, which is what makes a restore observable.
package final class SimulatedSessionStore: SessionStore {
  /// The store saves go to while they work.
  package let base: any SessionStore
  private let failing = Locked(false)

  /// Wraps `base`; saves work until ``failsSaves`` is set.
  package init(_ base: any SessionStore = InMemorySessionStore()) {
    self.base = base
  }

  /// Whether every save fails (`session-store failing`).
  package var failsSaves: Bool {
    get { failing.withLock { $0 } }
    set { failing.withLock { $0 = newValue } }
  }

  /// The session the base keeps.
  package func load() throws(SessionStoreError) -> StoredSession? {
    try base.load()
  }

  /// Saves to the base, unless saves are made to fail: then nothing changes and the error is
  /// ``SessionStoreError/Kind/simulatedFailure``.
  package func save(_ session: StoredSession) throws(SessionStoreError) {
    guard !failsSaves else {
      throw SessionStoreError(.simulatedFailure, path: (base as? FileSessionStore)?.path)
    }
    try base.save(session)
  }

  /// Clears the base.
  package func clear() throws(SessionStoreError) {
    try base.clear()
  }
}
