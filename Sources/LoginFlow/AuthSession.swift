/// What a successful login returns: the token that proves who the user is.
///
/// The token is a secret: ``description``, ``debugDescription``, string interpolation and
/// `dump` never show it. Read ``token`` only to hand it to the code that needs it.
public struct AuthSession: Equatable, Hashable, Sendable {
  /// The bearer token the backend issued.
  public var token: String
  /// How long the token is valid, when the backend said.
  public var expiresIn: Duration?
  /// A token to obtain a new access token, when the backend issued one.
  public var refreshToken: String?

  /// Creates a session from the backend's answer.
  public init(token: String, expiresIn: Duration? = nil, refreshToken: String? = nil) {
    self.token = token
    self.expiresIn = expiresIn
    self.refreshToken = refreshToken
  }
}

extension AuthSession {
  /// The session with its tokens emptied: it describes itself exactly as this one does, and
  /// holds no secret, so a runtime may keep it for a description it formats later.
  package var withoutSecrets: AuthSession {
    AuthSession(token: "", expiresIn: expiresIn, refreshToken: refreshToken.map { _ in "" })
  }
}

extension AuthSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `AuthSession(token: <redacted>)`, with the expiry when known.
  public var description: String {
    var text = "AuthSession(token: \(Redacted.placeholder)"
    if let expiresIn { text += ", expiresIn: \(expiresIn)" }
    if refreshToken != nil { text += ", refreshToken: \(Redacted.placeholder)" }
    return text + ")"
  }

  /// The redacted ``description`` again, so that `debugPrint` never shows a token either.
  public var debugDescription: String { description }

  /// A mirror with placeholders in place of the tokens.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("token", Redacted.placeholder)]
    if let expiresIn { children.append(("expiresIn", expiresIn)) }
    if refreshToken != nil { children.append(("refreshToken", Redacted.placeholder)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
