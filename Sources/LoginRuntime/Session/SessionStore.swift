import LoginFlow

// docs: protocol
/// Where the login store keeps the session between launches: it runs the machine's
/// `saveSession` and `clearSession` effects against it, and reads it at launch
/// (``LoginStore/restoreSession()``).
///
/// The store calls these methods on its own actor, one at a time, in the order the machine
/// emitted the effects, so a save can never overtake the clear of a logout that came after
/// it. Keep them quick: a small file, a Keychain item. Two implementations ship:
/// ``InMemorySessionStore`` for tests and previews, ``FileSessionStore`` for Linux and
/// servers; `Docs/Embedding.md` shows a Keychain-backed one for Apple platforms.
///
/// A session store never prints a token: its errors (``SessionStoreError``) say what went
/// wrong and where, not what was stored.
public protocol SessionStore: Sendable {
  /// The remembered session, or `nil` when none is kept.
  ///
  /// - Throws: ``SessionStoreError`` when something is kept but cannot be used: a file
  ///   others can read (a refusal, see ``SessionStoreError/isRefusal``), a corrupt or
  ///   truncated one, an unknown version, a failing device. The login store then reports
  ///   the session as discarded and starts logged out; it never removes what it refused.
  func load() throws(SessionStoreError) -> StoredSession?

  /// Remembers `session`, replacing any session kept before. A save that fails must leave
  /// what was kept before intact.
  func save(_ session: StoredSession) throws(SessionStoreError)

  /// Forgets the remembered session; nothing kept is not an error.
  func clear() throws(SessionStoreError)
}
// docs: end
