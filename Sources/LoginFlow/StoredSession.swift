/// A session as it is remembered between launches: the tokens, and the moment it expires.
///
/// A remembered session always has an absolute expiry, so that an old one is never restored:
/// the lifetime the backend gave (``AuthSession/expiresIn``), or a default one when it gave
/// none, counted from the moment the session was saved and rounded down to the second. The
/// tokens are secrets: ``description``, ``debugDescription``, string interpolation and `dump`
/// never show them.
public struct StoredSession: Equatable, Hashable, Sendable {
  /// The bearer token the backend issued.
  public var token: String
  /// The token to obtain a new access token, when the backend issued one.
  public var refreshToken: String?
  /// When the session stops being valid: at this moment and after, it is not restored.
  public var expiresAt: Timestamp

  /// Creates a remembered session.
  public init(token: String, refreshToken: String? = nil, expiresAt: Timestamp) {
    self.token = token
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
  }

  /// The session to remember after a login at `now`: it expires when the backend said, or
  /// `defaultLifetime` after `now` when the backend gave no lifetime, rounded down to the
  /// whole second (a remembered session never outlives what it was given).
  public init(remembering session: AuthSession, at now: Timestamp, defaultLifetime: Duration) {
    let expiry = now.advanced(by: session.expiresIn ?? defaultLifetime)
    self.init(
      token: session.token, refreshToken: session.refreshToken,
      expiresAt: Timestamp(secondsSinceEpoch: expiry.wholeSecondsSinceEpoch))
  }

  /// Whether the session has expired at `now`: `now` is at or after ``expiresAt``.
  public func isExpired(at now: Timestamp) -> Bool {
    now >= expiresAt
  }

  /// The session this restores at `now`: the same tokens, valid for what remains of its life.
  public func session(at now: Timestamp) -> AuthSession {
    AuthSession(token: token, expiresIn: now.duration(to: expiresAt), refreshToken: refreshToken)
  }
}

extension StoredSession: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `StoredSession(token: <redacted>, expiresAt: 1970-01-08T00:00:01Z)`, with a redacted
  /// refresh token when there is one.
  public var description: String {
    var text = "StoredSession(token: \(Redacted.placeholder)"
    if refreshToken != nil { text += ", refreshToken: \(Redacted.placeholder)" }
    return text + ", expiresAt: \(expiresAt))"
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a token either.
  public var debugDescription: String { description }

  /// A mirror with placeholders in place of the tokens.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("token", Redacted.placeholder)]
    if refreshToken != nil { children.append(("refreshToken", Redacted.placeholder)) }
    children.append(("expiresAt", expiresAt))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
