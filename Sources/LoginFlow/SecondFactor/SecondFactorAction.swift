/// Something that happened in the code step, or an answer to one of its requests.
public enum SecondFactorAction: Equatable, Sendable {
  /// The code field now holds this text; anything but ASCII digits is dropped, and digits
  /// beyond the code's length.
  case codeChanged(String)
  /// The Verify button.
  case verifyTapped
  /// The Resend code button.
  case resendTapped
  /// The Back button: back to the login form.
  case backTapped
  /// Check `request` ended.
  case verifyAnswer(request: Int, CodeCheck)
  /// Resend `request` ended: a new code was sent, or the error.
  case resendAnswer(request: Int, Result<CodeRenewal, AuthError>)
  /// The code's expiry fell due.
  case codeExpired
  /// A second of the resend cooldown passed.
  case countdownTicked
  /// The resend cooldown ended.
  case resendAvailable
  /// The store closed: a request in flight ends without an answer.
  case storeClosed

  /// How a check of a code ended.
  public enum CodeCheck: Equatable, Sendable {
    /// The code was right: signed in.
    case accepted(AuthSession)
    /// The code was wrong.
    case rejected
    /// The code had expired.
    case expired
    /// The check failed as a login can (network, server, timeout, rate limit, …).
    case failed(AuthError)
  }

  /// The action without its associated data; the raw value is its name in the code step's
  /// table.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// A new text in the code field.
    case codeChanged
    /// A tap on Verify.
    case verifyTapped
    /// A tap on Resend code.
    case resendTapped
    /// A tap on Back.
    case backTapped
    /// The end of a check, for any request.
    case verifyAnswer
    /// The end of a resend, for any request.
    case resendAnswer
    /// The code's expiry.
    case codeExpired
    /// A second of the cooldown.
    case countdownTicked
    /// The end of the cooldown.
    case resendAvailable
    /// The store closing.
    case storeClosed
  }

  /// The action without its associated data.
  public var kind: Kind {
    switch self {
    case .codeChanged: .codeChanged
    case .verifyTapped: .verifyTapped
    case .resendTapped: .resendTapped
    case .backTapped: .backTapped
    case .verifyAnswer: .verifyAnswer
    case .resendAnswer: .resendAnswer
    case .codeExpired: .codeExpired
    case .countdownTicked: .countdownTicked
    case .resendAvailable: .resendAvailable
    case .storeClosed: .storeClosed
    }
  }

  /// The request this action answers, for an answer; `nil` otherwise.
  public var answeredRequest: RequestID? {
    switch self {
    case .verifyAnswer(let request, _): RequestID(.verifyCode, request)
    case .resendAnswer(let request, _): RequestID(.resendCode, request)
    case .codeChanged, .verifyTapped, .resendTapped, .backTapped, .codeExpired,
      .countdownTicked, .resendAvailable, .storeClosed:
      nil
    }
  }

  /// The refusal this action brings `state`: a rate limit in answer to the request in
  /// flight, which throttles the whole login; `nil` for anything else, a late answer
  /// included.
  func refusal(answering state: SecondFactorState) -> AuthError? {
    let error: AuthError
    switch (self, state.step) {
    case (.verifyAnswer(let request, .failed(let failure)), .checking),
      (.resendAnswer(let request, .failure(let failure)), .resending):
      guard request == state.request else { return nil }
      error = failure
    case (.codeChanged, _), (.verifyTapped, _), (.resendTapped, _), (.backTapped, _),
      (.verifyAnswer, _), (.resendAnswer, _), (.codeExpired, _), (.countdownTicked, _),
      (.resendAvailable, _), (.storeClosed, _):
      return nil
    }
    guard case .rateLimited = error else { return nil }
    return error
  }
}

extension SecondFactorAction: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A redacted description: a code shows only its length, a session never its token.
  public var description: String {
    switch self {
    case .codeChanged(let code): "codeChanged(\(Redacted.length(of: code)))"
    case .verifyTapped: "verifyTapped"
    case .resendTapped: "resendTapped"
    case .backTapped: "backTapped"
    case .verifyAnswer(let request, .accepted(let session)):
      "verifyAnswer(\(request), accepted(\(session)))"
    case .verifyAnswer(let request, .rejected): "verifyAnswer(\(request), rejected)"
    case .verifyAnswer(let request, .expired): "verifyAnswer(\(request), expired)"
    case .verifyAnswer(let request, .failed(let error)):
      "verifyAnswer(\(request), failed(\(error)))"
    case .resendAnswer(let request, .success(let renewal)):
      "resendAnswer(\(request), success(\(renewal)))"
    case .resendAnswer(let request, .failure(let error)):
      "resendAnswer(\(request), failure(\(error)))"
    case .codeExpired: "codeExpired"
    case .countdownTicked: "countdownTicked"
    case .resendAvailable: "resendAvailable"
    case .storeClosed: "storeClosed"
    }
  }

  /// The redacted ``description`` again.
  public var debugDescription: String { description }

  /// A mirror that shows the description only, so no code or token is a child.
  public var customMirror: Mirror {
    Mirror(self, children: ["action": description], displayStyle: .enum)
  }
}
