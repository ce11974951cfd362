import LoginFlow
@_spi(Locking) import LoginRuntime

/// The session store of a replay: the file of `--session-file`, or one in memory, which a
/// session's `session-store failing` line makes fail every save until `session-store working`.
///
/// It outlives the stores of a run: a `relaunch` starts a fresh ``LoginStore`` over the same
/// one, which is what makes a restore observable. The explorer uses it the same way.
package final class ReplaySessionStore: SessionStore {
  /// The store saves go to while they work.
  package let base: any SessionStore
  private let failing = Locked(false)

  /// Wraps `base`; saves work until ``failsSaves`` is set.
  package init(_ base: any SessionStore) {
    self.base = base
  }

  /// The store a run's options ask for: the file at `--session-file`, else memory.
  package convenience init(options: ReplayOptions) {
    self.init(options.sessionFile.map { FileSessionStore(path: $0) } ?? InMemorySessionStore())
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

  /// How `login-replay` words `error`: the file is "the session file given with
  /// --session-file", never its path, as no message repeats what was typed on the command
  /// line.
  package static func describe(_ error: SessionStoreError) -> String {
    guard error.path != nil else { return error.description }
    return error.description(naming: "the session file given with --session-file")
  }
}
