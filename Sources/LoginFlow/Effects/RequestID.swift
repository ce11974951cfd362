/// Which request of the machine an effect starts, cancels or is answered for: its kind and
/// its number among the requests of that kind.
///
/// The runtime keys its running requests by it, whatever the request asks, so that a second
/// kind of request is a new ``RequestKind``, not new bookkeeping in the store. Numbers only
/// grow, so an answer to an old request can never pass for the answer to a newer one.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
  /// What the request asks for.
  public var kind: RequestKind
  /// Its number among the requests of its kind: for a login, the attempt (the first is 1).
  public var number: Int

  /// Names request `number` of `kind`.
  public init(_ kind: RequestKind, _ number: Int) {
    self.kind = kind
    self.number = number
  }

  /// Login attempt `number`.
  public static func authenticate(_ number: Int) -> RequestID {
    RequestID(.authenticate, number)
  }

  /// `authenticate(1)`: how traces name a request.
  public var description: String { "\(kind.name)(\(number))" }
}

/// The kinds of request the login machine makes.
public enum RequestKind: String, CaseIterable, Hashable, Sendable {
  /// A login with an email and a password.
  case authenticate
  /// A check of a one-time code.
  case verifyCode = "verify-code"
  /// A request for a new one-time code.
  case resendCode = "resend-code"
  /// A poll of device login's token endpoint.
  case pollDevice = "poll-device"

  /// The kind's name in traces and JSON, such as `authenticate`.
  public var name: String { rawValue }
}
