/// Something that happened in the device step, or an answer to one of its polls.
public enum DeviceLoginAction: Equatable, Sendable {
  /// The time to poll came (scheduled by the answer to the previous poll).
  case pollDue
  /// Poll `request` ended.
  case pollAnswer(request: Int, Poll)
  /// A second of the codes' life passed.
  case countdownTicked
  /// The codes' life ran out.
  case codesExpired
  /// The Cancel button: back to the login form as it was.
  case cancelTapped
  /// The store closed: a poll in flight ends without an answer.
  case storeClosed

  /// How a poll of the token endpoint ended (RFC 8628 §3.5).
  public enum Poll: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The user approved: signed in with this session.
    case approved(AuthSession)
    /// `authorization_pending`: not yet.
    case pending
    /// `slow_down`: not yet, and poll less often.
    case slowDown
    /// `access_denied`.
    case denied
    /// `expired_token`.
    case expired
    /// The poll failed as any request can (network, timeout, server, rate limit, …).
    case failed(AuthError)

    /// The answer as traces write it, a session redacted: `pending`, `failed(timeout)`.
    public var description: String {
      switch self {
      case .approved(let session): "approved(\(session))"
      case .pending: "pending"
      case .slowDown: "slowDown"
      case .denied: "denied"
      case .expired: "expired"
      case .failed(let error): "failed(\(error.name))"
      }
    }
  }

  /// The action without its associated data; the raw value is its name in the device step's
  /// table.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// The next poll's time.
    case pollDue
    /// The end of a poll, for any request.
    case pollAnswer
    /// A second of the countdown.
    case countdownTicked
    /// The end of the codes' life.
    case codesExpired
    /// A tap on Cancel.
    case cancelTapped
    /// The store closing.
    case storeClosed
  }

  /// The action without its associated data.
  public var kind: Kind {
    switch self {
    case .pollDue: .pollDue
    case .pollAnswer: .pollAnswer
    case .countdownTicked: .countdownTicked
    case .codesExpired: .codesExpired
    case .cancelTapped: .cancelTapped
    case .storeClosed: .storeClosed
    }
  }
}

extension DeviceLoginAction: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A redacted description: a session never shows its token.
  public var description: String {
    switch self {
    case .pollDue: "pollDue"
    case .pollAnswer(let request, let poll): "pollAnswer(\(request), \(poll))"
    case .countdownTicked: "countdownTicked"
    case .codesExpired: "codesExpired"
    case .cancelTapped: "cancelTapped"
    case .storeClosed: "storeClosed"
    }
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror that shows the description only, so no token is a child.
  public var customMirror: Mirror {
    Mirror(self, children: ["action": description], displayStyle: .enum)
  }
}
