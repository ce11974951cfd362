/// What a successful resend says about the new code: its life and cooldown, where the
/// server gave them (otherwise the challenge's own).
public struct CodeRenewal: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The new code's life, if the server said.
  public var expiresIn: Duration?
  /// The new cooldown, if the server said.
  public var resendAfter: Duration?

  /// A renewal; `nil` keeps the challenge's figure.
  public init(expiresIn: Duration? = nil, resendAfter: Duration? = nil) {
    self.expiresIn = expiresIn.map(SecondFactorChallenge.bounded)
    self.resendAfter = resendAfter.map(SecondFactorChallenge.bounded)
  }

  /// `CodeRenewal(expiresIn: 300 seconds, resendAfter: nil)`.
  public var description: String {
    "CodeRenewal(expiresIn: \(expiresIn.map { "\($0)" } ?? "nil"), "
      + "resendAfter: \(resendAfter.map { "\($0)" } ?? "nil"))"
  }
}
