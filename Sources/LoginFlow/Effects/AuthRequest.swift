/// What one request asks the auth service, as data: the runtime hands it to the service and
/// turns the answer into the action the request names (``LoginAction/answer(to:with:)``).
///
/// Its textual forms never show the password.
public enum AuthRequest: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Log in with these credentials.
  case authenticate(Credentials)

  /// The kind of request, which its ``RequestID`` carries too.
  public var kind: RequestKind {
    switch self {
    case .authenticate: .authenticate
    }
  }

  /// `authenticate(Credentials(email: "…", password: <redacted>))`.
  public var description: String {
    switch self {
    case .authenticate(let credentials): "authenticate(\(credentials))"
    }
  }
}

/// What the auth service answers a request, when it does not fail with an ``AuthError``.
///
/// Its textual forms never show a token.
public enum AuthAnswer: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The user is signed in with this session.
  case session(AuthSession)

  /// `session(AuthSession(token: <redacted>))`.
  public var description: String {
    switch self {
    case .session(let session): "session(\(session))"
    }
  }
}
