/// What the runtime does for an effect, in the few words every effect of every machine is
/// made of: start a request or cancel it, deliver an action later or take that back, and
/// remember or forget the session.
///
/// The runtime knows only these; each machine maps its own effects to them (see
/// ``LoginEffect/work``). A request's answer comes back as the action the machine names for
/// it (``LoginAction/answer(to:with:)``), and a late answer (its request no longer running)
/// is dropped by the runtime, whatever the request's kind.
public enum EffectWork: Equatable, Sendable {
  /// Start request `id`, which asks the service `request`; a request already running under
  /// `id` is cancelled first.
  case start(RequestID, AuthRequest)
  /// Cancel request `id`: the service sees cancellation, and no answer is applied for it.
  case cancel(RequestID)
  /// Deliver `action` to the machine `after` this long on the store's clock, unless
  /// cancelled first; a timer already pending under `timer` is replaced.
  case deliver(LoginAction, after: Duration, TimerID)
  /// Take back the delivery pending under `timer`, if any.
  case cancelTimer(TimerID)
  /// Remember `session` for the next launch; the runtime adds its absolute expiry.
  case saveSession(AuthSession)
  /// Forget the remembered session, if there is one.
  case clearSession
}

/// A delivery the machine asked for and may take back: the key of a deadline.
///
/// The child machines that need a deadline add a case each.
public enum TimerID: Hashable, Sendable {
  /// The one-time code's expiry.
  case codeExpiry
  /// The next arrival of the resend countdown.
  case resendCountdown
  /// The next arrival of the throttle's countdown: a second, or its deadline.
  case throttle
  /// Device login's next poll.
  case devicePoll
  /// The next arrival of device login's countdown: a second, or the codes' expiry.
  case deviceCountdown
}
