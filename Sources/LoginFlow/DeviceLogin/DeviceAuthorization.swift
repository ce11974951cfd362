/// What a server answers a device authorization request (RFC 8628 §3.2): the code the user
/// types in a browser, where, for how long, and how often the tool may ask whether they did.
///
/// The ``deviceCode`` is a secret, like a token: descriptions and `dump` never show it. The
/// ``userCode`` is shown on purpose.
public struct DeviceAuthorization: Equatable, Hashable, Sendable {
  /// The code the tool polls with; never shown.
  public var deviceCode: String
  /// The code the user enters in the browser.
  public var userCode: String
  /// Where the user enters it.
  public var verificationURI: String
  /// The same page with the code filled in, when the server gave one.
  public var verificationURIComplete: String?
  /// How long the codes live.
  public var expiresIn: Duration
  /// The least time between the answer to one poll and the next poll.
  public var interval: Duration

  /// The interval when the server does not say (RFC 8628 §3.2): five seconds.
  public static let defaultInterval = Duration.seconds(5)
  /// How much every `slow_down` answer adds to the interval (RFC 8628 §3.5).
  public static let slowDownIncrease = Duration.seconds(5)
  /// The longest interval or life a server may set (a day): a larger figure is cut to it, so
  /// that a deadline always fits the clock.
  public static let longestDeadline = SecondFactorChallenge.longestDeadline
  /// The shortest interval: a server's `0` cannot make a tool poll in a loop.
  public static let shortestInterval = Duration.seconds(1)
  /// The longest user code, in characters: a person reads it and types it (RFC 8628 §6.1
  /// suggests eight); a server's longer one is a broken answer.
  public static let longestUserCode = 64

  /// An authorization; a negative or too long duration is brought to zero or
  /// ``longestDeadline``, and an interval below one second is raised to one, so that a
  /// server's `0` cannot make a tool poll in a loop.
  public init(
    deviceCode: String, userCode: String, verificationURI: String,
    verificationURIComplete: String? = nil, expiresIn: Duration,
    interval: Duration = Self.defaultInterval
  ) {
    self.deviceCode = deviceCode
    self.userCode = userCode
    self.verificationURI = verificationURI
    self.verificationURIComplete = verificationURIComplete
    self.expiresIn = SecondFactorChallenge.bounded(expiresIn)
    self.interval = max(SecondFactorChallenge.bounded(interval), Self.shortestInterval)
  }
}

extension DeviceAuthorization: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `DeviceAuthorization(deviceCode: <redacted>, userCode: "WDJB-MJHT", …)`.
  public var description: String {
    var text =
      "DeviceAuthorization(deviceCode: \(Redacted.placeholder), userCode: "
      + "\(String(reflecting: userCode)), verificationURI: \(String(reflecting: verificationURI))"
    if let verificationURIComplete {
      text += ", verificationURIComplete: \(String(reflecting: verificationURIComplete))"
    }
    return text + ", expiresIn: \(expiresIn), interval: \(interval))"
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror with a placeholder in place of the device code.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "deviceCode": Redacted.placeholder, "userCode": userCode,
        "verificationURI": verificationURI,
        "verificationURIComplete": verificationURIComplete as Any, "expiresIn": expiresIn,
        "interval": interval,
      ], displayStyle: .struct)
  }
}
