/// Everything the device step knows: the authorization, whether a poll is in flight, the
/// interval as `slow_down` answers grew it, and the time left as the countdown left it.
///
/// The step reads no clock. The next poll arrives as ``DeviceLoginAction/pollDue``, scheduled
/// by the answer to the previous one; the codes' life is counted down by
/// ``DeviceLoginAction/countdownTicked`` and ends with ``DeviceLoginAction/codesExpired``.
/// Descriptions and `dump` never show the device code.
public struct DeviceLoginState: Equatable, Hashable, Sendable {
  /// Where the step is.
  public enum Step: Equatable, Hashable, Sendable {
    /// Waiting for the next poll to fall due.
    case waiting
    /// Poll ``DeviceLoginState/request`` is in flight.
    case polling
  }

  /// What the server answered the device authorization request.
  public var authorization: DeviceAuthorization
  /// Where the step is.
  public var step: Step
  /// The id of the most recent poll; ids continue the login's requests, so that an answer
  /// to an earlier poll can never pass for a later one's.
  public var request: Int
  /// The least time from an answer to the next poll: the server's interval, plus
  /// ``DeviceAuthorization/slowDownIncrease`` for every `slow_down`.
  public var interval: Duration
  /// The codes' life left, as the last tick of the countdown left it.
  public var timeLeft: Duration
  /// The error of the last poll when it failed and polling goes on (a network error, a
  /// timeout): a quiet notice; `nil` once a poll is answered.
  public var notice: AuthError?

  /// The step the authorization asked for by request `request` starts in.
  public init(authorization: DeviceAuthorization, request: Int) {
    self.authorization = authorization
    step = .waiting
    self.request = request
    interval = authorization.interval
    timeLeft = authorization.expiresIn
    notice = nil
  }

  /// Whether a poll is in flight.
  public var isPolling: Bool { step == .polling }

  /// The whole seconds left a screen shows ("Expires in 14:59"), rounded up.
  public var secondsLeft: Int { SecondFactorState.wholeSeconds(roundingUp: timeLeft) }
}

extension DeviceLoginState: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A one-line description without the device code.
  public var description: String {
    "DeviceLoginState(\(authorization), step: \(step), request: \(request), "
      + "interval: \(interval), timeLeft: \(timeLeft), notice: \(notice.map(\.name) ?? "none"))"
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror whose authorization hides its device code.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "authorization": authorization, "step": step, "request": request, "interval": interval,
        "timeLeft": timeLeft, "notice": notice as Any,
      ], displayStyle: .struct)
  }
}
