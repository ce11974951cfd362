/// What a server sends when a correct email and password are not enough: a one-time code is
/// needed, and how it is delivered, how long it is, how long it lives and when a new one may
/// be sent.
///
/// The ``id`` is a secret, like a token: descriptions and `dump` never show it.
public struct SecondFactorChallenge: Equatable, Hashable, Sendable {
  /// How the code reaches the user.
  public enum Method: String, CaseIterable, Hashable, Sendable {
    /// An authenticator app (RFC 6238 time-based codes).
    case totp
    /// A text message.
    case sms
    /// An email.
    case email
  }

  /// The opaque handle the server gave this challenge; checks and resends send it back.
  public var id: String
  /// How the code reaches the user.
  public var method: Method
  /// Where the code went, masked by the server (`•••• 42`), when it said.
  public var destination: String?
  /// How many digits the code has, from ``codeLengths``.
  public var codeLength: Int
  /// How long a code lives after it is sent.
  public var expiresIn: Duration
  /// How long after a code is sent a new one may be asked for.
  public var resendAfter: Duration

  /// The lengths a code may have; a length outside is brought to the nearest end.
  public static let codeLengths = 4...10
  /// A code's length when the server does not say.
  public static let defaultCodeLength = 6
  /// A code's life when the server does not say: five minutes.
  public static let defaultExpiry = Duration.seconds(300)
  /// The resend cooldown when the server does not say: thirty seconds.
  public static let defaultResendCooldown = Duration.seconds(30)
  /// The longest a code's life or cooldown may be (a day): a server's larger figure is cut to
  /// it, so that a deadline always fits the clock.
  public static let longestDeadline = Duration.seconds(86_400)

  /// A challenge; a code length outside ``codeLengths`` is brought inside, and a negative or
  /// too long duration to zero or ``longestDeadline``.
  public init(
    id: String, method: Method = .totp, destination: String? = nil,
    codeLength: Int = Self.defaultCodeLength, expiresIn: Duration = Self.defaultExpiry,
    resendAfter: Duration = Self.defaultResendCooldown
  ) {
    self.id = id
    self.method = method
    self.destination = destination
    self.codeLength = min(max(codeLength, Self.codeLengths.lowerBound), Self.codeLengths.upperBound)
    self.expiresIn = Self.bounded(expiresIn)
    self.resendAfter = Self.bounded(resendAfter)
  }

  /// `duration` within zero and ``longestDeadline``.
  public static func bounded(_ duration: Duration) -> Duration {
    min(max(duration, .zero), longestDeadline)
  }
}

extension SecondFactorChallenge: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `SecondFactorChallenge(id: <redacted>, method: totp, codeLength: 6, …)`.
  public var description: String {
    var text = "SecondFactorChallenge(id: \(Redacted.placeholder), method: \(method.rawValue)"
    if let destination { text += ", destination: \(String(reflecting: destination))" }
    return text
      + ", codeLength: \(codeLength), expiresIn: \(expiresIn), resendAfter: \(resendAfter))"
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror with a placeholder in place of the id.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": Redacted.placeholder, "method": method, "destination": destination as Any,
        "codeLength": codeLength, "expiresIn": expiresIn, "resendAfter": resendAfter,
      ], displayStyle: .struct)
  }
}
