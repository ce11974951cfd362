import Foundation
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginHTTP

/// The code step's mapping (`Docs/HTTP.md`, "The code step") on answers built in memory.
@Suite(.hangGuard) struct HTTPCodeStepMapperTests {
  typealias Answer = Result<AuthAnswer, AuthError>

  static func response(_ status: Int, _ body: String, _ headers: [String: String]) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
  }

  static func login(
    _ status: Int, _ body: String, format: HTTPAuthService.WireFormat = .json
  ) -> Answer {
    Result { () throws(AuthError) in
      try HTTPResponseMapper(wireFormat: format).answer(toLogin: response(status, body, [:]))
    }
  }

  static func verify(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> Answer
  {
    Result { () throws(AuthError) in
      try HTTPResponseMapper(wireFormat: .json).answer(toVerify: response(status, body, headers))
    }
  }

  static func resend(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> Answer
  {
    Result { () throws(AuthError) in
      try HTTPResponseMapper(wireFormat: .json).answer(toResend: response(status, body, headers))
    }
  }

  /// A login answer asking for a code, with `fields` added to the challenge `c`.
  static func mfa(_ fields: String = "", status: Int = 401) -> Answer {
    login(status, #"{"mfa_required":true,"challenge":"c"\#(fields.isEmpty ? "" : ",")\#(fields)}"#)
  }

  @Test func aChallengeOnlyOn200Or401WithMfaRequiredTrue() {
    #expect(
      Self.mfa(status: 200) == .success(.secondFactorRequired(SecondFactorChallenge(id: "c"))))
    #expect(
      Self.mfa(status: 401) == .success(.secondFactorRequired(SecondFactorChallenge(id: "c"))))
    #expect(Self.mfa(status: 403) == .failure(.invalidCredentials))
    #expect(Self.mfa(status: 500) == .failure(.serverError))
    #expect(Self.mfa(status: 201) == .failure(.serverError))
    for flag in ["false", "1", #""true""#, "null"] {
      #expect(
        Self.login(401, #"{"mfa_required":\#(flag),"challenge":"c"}"#)
          == .failure(.invalidCredentials),
        "mfa_required \(flag)")
    }
    // A token next to `mfa_required: true` does not skip the code step.
    #expect(
      Self.login(200, #"{"mfa_required":true,"challenge":"c","token":"t"}"#)
        == .success(.secondFactorRequired(SecondFactorChallenge(id: "c"))))
  }

  @Test func everyFieldIsRead() {
    #expect(
      Self.mfa(
        #""method":"email","destination":"a•••@example.com","code_length":4,"expires_in":60.5,"resend_in":"10""#
      )
        == .success(
          .secondFactorRequired(
            SecondFactorChallenge(
              id: "c", method: .email, destination: "a•••@example.com", codeLength: 4,
              expiresIn: .milliseconds(60_500), resendAfter: .seconds(10)))))
  }

  @Test(arguments: [
    #""challenge":"""#, #""challenge":7"#, #""challenge":null"#, #""challenge":["c"]"#,
  ])
  func anUnusableChallengeIsAServerError(_ field: String) {
    #expect(Self.login(401, #"{"mfa_required":true,\#(field)}"#) == .failure(.serverError))
  }

  @Test func theChallengeIsCappedAt1024Bytes() {
    let longest = String(repeating: "é", count: 512)
    #expect(
      Self.login(401, #"{"mfa_required":true,"challenge":"\#(longest)"}"#)
        == .success(.secondFactorRequired(SecondFactorChallenge(id: longest))))
    #expect(
      Self.login(401, #"{"mfa_required":true,"challenge":"\#(longest)x"}"#)
        == .failure(.serverError))
  }

  @Test(arguments: [#""SMS""#, #""push""#, #""""#, "1", "true", #"["totp"]"#])
  func anUnknownMethodIsAServerError(_ method: String) {
    #expect(Self.mfa(#""method":\#(method)"#) == .failure(.serverError))
  }

  @Test(arguments: ["3", "11", "6.5", #""6""#, "true", "-6", "99999999999999999999"])
  func aCodeLengthOutside4To10IsAServerError(_ length: String) {
    #expect(Self.mfa(#""code_length":\#(length)"#) == .failure(.serverError), "\(length)")
  }

  @Test func absentOrNullFieldsTakeTheDefaults() {
    let defaults = Answer.success(.secondFactorRequired(SecondFactorChallenge(id: "c")))
    #expect(
      Self.mfa(#""method":null,"code_length":null,"expires_in":null,"resend_in":null"#) == defaults)
    #expect(Self.mfa(#""code_length":6.0,"destination":null"#) == defaults)
    // A number no double can hold is read as `null`, as everywhere in an answer.
    #expect(Self.mfa(#""code_length":1e400"#) == defaults)
    // An unusable duration is the default; a huge one is cut to a day.
    #expect(Self.mfa(#""expires_in":-1,"resend_in":"soon""#) == defaults)
    #expect(Self.mfa(#""expires_in":true,"resend_in":1e400"#) == defaults)
    #expect(
      Self.mfa(#""expires_in":1e9,"resend_in":86401"#)
        == .success(
          .secondFactorRequired(
            SecondFactorChallenge(
              id: "c", expiresIn: .seconds(86_400), resendAfter: .seconds(86_400)))))
    // A destination that is not a string, or nothing printable, is no destination.
    for destination in ["42", "{}", #""\u001b\u0007\n\u202e""#, #""   ""#] {
      #expect(Self.mfa(#""destination":\#(destination)"#) == defaults, "\(destination)")
    }
  }

  @Test(arguments: [
    ("\u{1B}[31m•••• 42\u{1B}[0m", "[31m•••• 42[0m"),
    ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{202E}f", "abcdef"),
    ("a\u{2066}b\u{2067}c\u{2068}d\u{2069}e", "abcde"),
    ("a\u{0}b\u{7F}c\u{85}d\u{9B}e\u{9F}f", "abcdef"),
    ("line\nbreak\r\ttab\u{2028}\u{2029}", "linebreaktab"),
    ("\u{200E}zero\u{200B}width\u{FEFF}", "zerowidth"),
    ("  •••• 42  ", "•••• 42"),
    ("\u{E000}private\u{10FFFD}", "private"),
  ])
  func theDestinationKeepsOnlyPrintableCharacters(_ raw: String, _ cleaned: String) {
    #expect(SecondFactorFields.cleaned(raw) == cleaned)
  }

  @Test func theDestinationIsCappedAt64() {
    #expect(
      SecondFactorFields.cleaned(String(repeating: "•", count: 100))
        == String(repeating: "•", count: 64))
    #expect(
      SecondFactorFields.cleaned(String(repeating: "\u{1B}", count: 1000) + "ok") == "ok")
  }

  @Test func oauth2NeverAsksForACode() {
    let oauth = HTTPAuthService.WireFormat.oauth2Password(clientID: "app")
    #expect(
      Self.login(403, #"{"error":"mfa_required","mfa_token":"m"}"#, format: oauth)
        == .failure(.serverError))
    #expect(Self.login(400, #"{"error":"mfa_required"}"#, format: oauth) == .failure(.serverError))
    #expect(
      Self.login(401, #"{"mfa_required":true,"challenge":"c"}"#, format: oauth)
        == .failure(.serverError))
    #expect(
      Self.login(200, #"{"access_token":"at"}"#, format: oauth)
        == .success(.session(AuthSession(token: "at"))))
  }

  @Test func verifyRows() {
    #expect(
      Self.verify(200, #"{"token":"t","expiresIn":5}"#)
        == .success(.session(AuthSession(token: "t", expiresIn: .seconds(5)))))
    #expect(Self.verify(200, #"{"mfa_required":true,"challenge":"c"}"#) == .failure(.serverError))
    #expect(Self.verify(200) == .failure(.serverError))
    #expect(Self.verify(401, #"{"error":"invalid_code"}"#) == .success(.codeRejected))
    #expect(Self.verify(401) == .failure(.serverError))
    #expect(Self.verify(400, #"{"error":"invalid_code"}"#) == .failure(.serverError))
    #expect(Self.verify(410) == .success(.codeExpired))
    #expect(Self.verify(410, #"{"error":"invalid_code"}"#) == .success(.codeExpired))
    for status in [400, 401, 403, 404, 422, 499] {
      #expect(
        Self.verify(status, #"{"error":"expired_code"}"#) == .success(.codeExpired), "\(status)")
    }
    #expect(Self.verify(500, #"{"error":"expired_code"}"#) == .failure(.serverError))
    #expect(
      Self.verify(429, headers: ["Retry-After": "3"])
        == .failure(.rateLimited(retryAfter: .seconds(3))))
    for status in [204, 302, 403, 404, 500, 503] {
      #expect(
        Self.verify(status, #"{"error":"invalid_code"}"#) == .failure(.serverError), "\(status)")
    }
  }

  @Test func resendRows() {
    #expect(Self.resend(204) == .success(.codeSent(CodeRenewal())))
    #expect(Self.resend(200) == .success(.codeSent(CodeRenewal())))
    #expect(Self.resend(200, "{}") == .success(.codeSent(CodeRenewal())))
    #expect(
      Self.resend(200, #"{"expires_in":90,"resend_in":15}"#)
        == .success(.codeSent(CodeRenewal(expiresIn: .seconds(90), resendAfter: .seconds(15)))))
    #expect(
      Self.resend(200, #"{"expires_in":-1,"resend_in":1e400}"#)
        == .success(.codeSent(CodeRenewal())))
    #expect(
      Self.resend(200, #"{"expires_in":1e9}"#)
        == .success(.codeSent(CodeRenewal(expiresIn: .seconds(86_400)))))
    #expect(Self.resend(200, "sent") == .failure(.serverError))
    #expect(Self.resend(200, "[1]") == .failure(.serverError))
    #expect(Self.resend(429) == .failure(.rateLimited(retryAfter: nil)))
    for status in [410, 400, 401, 302, 404, 500] {
      #expect(
        Self.resend(status, #"{"error":"expired_code"}"#) == .failure(.serverError), "\(status)")
    }
  }
}
