import LoginCommandLine
import LoginFlow
import LoginSimulation

/// `respond`: the one command with options of its own (the challenge of `second-factor`).
extension LineParser {
  /// Parses `respond OUTCOME [after DURATION]`, for `second-factor` the challenge's options
  /// (`[method M] [length N] [expires DURATION] [resend-after DURATION]`), and for
  /// `rate-limited` the wait the server asks for (`[retry-after DURATION]`); each at most
  /// once, in any order.
  func respond() throws(SessionError) -> SessionCommand {
    let signature = SessionCommand.Signature.command(.respond)
    guard let outcomeToken = arguments.first else {
      throw error(.wrongArgumentCount(command: signature, got: 0), at: head)
    }
    guard var outcome = ScriptedOutcome(name: outcomeToken.text) else {
      let names = ScriptedOutcome.allCases.map(\.name)
      throw error(
        .badValue(
          command: signature, expected: "one of: " + names.joined(separator: ", "),
          suggestion: Suggestion.closest(to: outcomeToken.text, among: names)),
        at: outcomeToken)
    }
    var challenge: SecondFactorChallenge?
    if case .secondFactor(let scripted) = outcome { challenge = scripted }
    var codes: DeviceAuthorization?
    if case .deviceCode(let scripted) = outcome { codes = scripted }
    let isRateLimited = outcome == .failure(.rateLimited(retryAfter: nil))
    var retryAfter: Duration?
    let keys = RespondOption.allCases.filter { key in
      switch key {
      case .after: true
      case .retryAfter: isRateLimited
      case .method, .length, .resendAfter: challenge != nil
      case .expires: challenge != nil || codes != nil
      case .userCode, .interval: codes != nil
      }
    }
    var delay = SessionCommand.defaultResponseDelay
    var seen: Set<RespondOption> = []
    var index = arguments.startIndex + 1
    while index < arguments.endIndex {
      let keyToken = arguments[index]
      let left = keys.filter { !seen.contains($0) }
      guard let key = RespondOption(rawValue: keyToken.text), left.contains(key) else {
        throw error(
          .badValue(
            command: signature, expected: RespondOption.expectation(left),
            suggestion: Suggestion.closest(to: keyToken.text, among: left.map(\.rawValue))),
          at: keyToken)
      }
      seen.insert(key)
      guard index + 1 < arguments.endIndex else {
        let what =
          key == .method || key == .length || key == .userCode ? "a value" : "a duration"
        throw error(
          .badValue(
            command: signature, expected: "\(what) after '\(key.rawValue)'", suggestion: nil),
          at: keyToken)
      }
      let value = arguments[index + 1]
      switch key {
      case .after: delay = try duration(value, for: .respond)
      case .retryAfter: retryAfter = try duration(value, for: .respond)
      case .method:
        guard let method = SecondFactorChallenge.Method(rawValue: value.text) else {
          let names = SecondFactorChallenge.Method.allCases.map(\.rawValue)
          throw error(
            .badValue(
              command: signature, expected: "one of: " + names.joined(separator: ", "),
              suggestion: Suggestion.closest(to: value.text, among: names)),
            at: value)
        }
        challenge?.method = method
        if method != .totp, challenge?.destination == nil {
          challenge?.destination = method == .sms ? "•••• 42" : "d•••@example.com"
        }
      case .length:
        let lengths = SecondFactorChallenge.codeLengths
        guard let length = Self.digits(value.text, atMost: 2), lengths.contains(length) else {
          throw error(
            .badValue(
              command: signature,
              expected: "a code length from \(lengths.lowerBound) to \(lengths.upperBound)",
              suggestion: nil),
            at: value)
        }
        challenge?.codeLength = length
      case .userCode:
        guard (1...DeviceAuthorization.longestUserCode).contains(value.text.count) else {
          throw error(
            .badValue(
              command: signature,
              expected: "a user code of 1 to \(DeviceAuthorization.longestUserCode) characters",
              suggestion: nil),
            at: value)
        }
        codes?.userCode = value.text
      case .interval,
        .expires where codes != nil:
        let parsed = try duration(value, for: .respond)
        let longest = DurationLiteral.format(DeviceAuthorization.longestDeadline)
        let shortest = DeviceAuthorization.shortestInterval
        let fits =
          key == .interval
          ? parsed >= shortest : parsed > .zero
        guard fits, parsed <= DeviceAuthorization.longestDeadline else {
          let expected =
            key == .interval
            ? "a duration from \(DurationLiteral.format(shortest)) to \(longest)"
            : "a duration above 0s, at most \(longest)"
          throw error(.badValue(command: signature, expected: expected, suggestion: nil), at: value)
        }
        if key == .interval { codes?.interval = parsed } else { codes?.expiresIn = parsed }
      case .expires, .resendAfter:
        let limit = SecondFactorChallenge.longestDeadline
        let parsed = try duration(value, for: .respond)
        guard parsed <= limit else {
          throw error(
            .badValue(
              command: signature,
              expected: "a duration of at most \(DurationLiteral.format(limit))",
              suggestion: nil),
            at: value)
        }
        if key == .expires {
          challenge?.expiresIn = parsed
        } else {
          challenge?.resendAfter = parsed
        }
      }
      index += 2
    }
    if let challenge { outcome = .secondFactor(challenge) }
    if let codes { outcome = .deviceCode(codes) }
    if isRateLimited { outcome = .failure(.rateLimited(retryAfter: retryAfter)) }
    return .respond(outcome, after: delay)
  }

  /// The words that may follow a `respond` outcome.
  fileprivate enum RespondOption: String, CaseIterable, Hashable {
    case method, length
    case userCode = "user-code"
    case interval, expires
    case resendAfter = "resend-after"
    case retryAfter = "retry-after"
    case after

    /// What may come next when `left` are the options not given yet.
    static func expectation(_ left: [RespondOption]) -> String {
      switch left {
      case []: "nothing more"
      case [.after]: "'after' and a duration"
      default: "one of " + SessionError.list(left.map { "'\($0.rawValue)'" }) + " and its value"
      }
    }
  }
}
