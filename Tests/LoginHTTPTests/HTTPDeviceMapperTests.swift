import Foundation
import LoginFlow
import Testing

@testable import LoginHTTP

/// Device login's mapping (`Docs/HTTP.md`, "Device login") on answers built in memory,
/// hostile and broken ones included.
@Suite struct HTTPDeviceMapperTests {
  static let mapper = HTTPResponseMapper(wireFormat: .oauth2Password(clientID: "c"))

  static func authorization(
    _ status: Int, _ body: String, _ headers: [String: String] = [:]
  ) -> Result<DeviceAuthorization, AuthError> {
    Result { () throws(AuthError) in
      try mapper.deviceAuthorization(
        from: HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
    }
  }

  static func poll(
    _ status: Int, _ body: String, _ headers: [String: String] = [:]
  ) -> Result<DeviceLoginAction.Poll, AuthError> {
    Result { () throws(AuthError) in
      try mapper.poll(from: HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
    }
  }

  static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

  static let good =
    #"{"device_code":"dc","user_code":"WDJB-MJHT","#
    + #""verification_uri":"https://example.com/device","expires_in":900"#

  @Test func aCompleteAnswerIsReadWithTheRFCsDefaults() throws {
    #expect(
      Self.authorization(200, Self.good + "}")
        == .success(
          DeviceAuthorization(
            deviceCode: "dc", userCode: "WDJB-MJHT", verificationURI: "https://example.com/device",
            expiresIn: .seconds(900), interval: .seconds(5))))
    let full = Self.authorization(
      200,
      Self.good
        + #","interval":"7","verification_uri_complete":"https://example.com/device?c=1"}"#)
    #expect(try full.get().interval == .seconds(7))
    #expect(try full.get().verificationURIComplete == "https://example.com/device?c=1")
    let google = Self.authorization(
      200,
      #"{"device_code":"d","user_code":"U","verification_url":"https://g.co/x","expires_in":5}"#)
    #expect(try google.get().verificationURI == "https://g.co/x")
  }

  /// `expires_in` of 1e300 is past any usable expiry, as for a login's token.
  @Test(arguments: [
    #"{"device_code":"d","user_code":"U","verification_uri":"https://e.com","expires_in":1e300}"#,
    #"{"user_code":"U","verification_uri":"https://e.com","expires_in":9}"#,
    #"{"device_code":"","user_code":"U","verification_uri":"https://e.com","expires_in":9}"#,
    #"{"device_code":"d","verification_uri":"https://e.com","expires_in":9}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"javascript:alert(1)","expires_in":9}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"file:///etc/passwd","expires_in":9}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"https://","expires_in":9}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"https://e.com"}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"https://e.com","expires_in":0}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"https://e.com","expires_in":-5}"#,
    #"{"device_code":"d","user_code":"U","verification_uri":"https://e.com","expires_in":true}"#,
    #"{"device_code":7,"user_code":"U","verification_uri":"https://e.com","expires_in":9}"#,
    "[]", "", "not json",
    #"{"device_code":"d","user_code":""# + String(repeating: "U", count: 2049)
      + #"","verification_uri":"https://e.com","expires_in":9}"#,
    // A user code is read and typed by a person: at most 64 characters.
    #"{"device_code":"d","user_code":""# + String(repeating: "U", count: 65)
      + #"","verification_uri":"https://e.com","expires_in":9}"#,
  ])
  func aBrokenAnswerIsAServerError(_ body: String) {
    #expect(Self.authorization(200, body) == .failure(.serverError))
  }

  @Test func aUserCodeOfSixtyFourCharactersIsKept() throws {
    let code = String(repeating: "U", count: DeviceAuthorization.longestUserCode)
    let answer = try Self.authorization(
      200,
      #"{"device_code":"d","user_code":""# + code
        + #"","verification_uri":"https://e.com","expires_in":9}"#
    ).get()
    #expect(answer.userCode == code)
  }

  @Test func whatAServerSetsIsBoundedAndABadCompleteURIIsDropped() throws {
    let answer = try Self.authorization(
      200,
      #"{"device_code":"d","user_code":"U","verification_uri":"http://127.0.0.1/a","#
        + #""expires_in":1e9,"interval":"abc","verification_uri_complete":"javascript:x"}"#
    ).get()
    #expect(answer.expiresIn == DeviceAuthorization.longestDeadline)
    #expect(answer.interval == DeviceAuthorization.defaultInterval)
    #expect(answer.verificationURIComplete == nil)
    let zero = try Self.authorization(200, Self.good + #","interval":0}"#).get()
    #expect(zero.interval == .seconds(1))
  }

  @Test func refusalsAndUnknownClients() {
    #expect(
      Self.authorization(429, "", ["Retry-After": "12"])
        == .failure(.rateLimited(retryAfter: .seconds(12))))
    #expect(Self.authorization(423, "") == .failure(.accountLocked))
    #expect(
      Self.authorization(400, #"{"error":"invalid_client"}"#) == .failure(.invalidCredentials))
    #expect(
      Self.authorization(401, #"{"error":"unauthorized_client"}"#) == .failure(.invalidCredentials))
    #expect(Self.authorization(400, #"{"error":"invalid_request"}"#) == .failure(.serverError))
    #expect(Self.authorization(500, Self.good + "}") == .failure(.serverError))
  }

  @Test(arguments: [
    (
      400, #"{"error":"authorization_pending"}"#,
      Result<DeviceLoginAction.Poll, AuthError>.success(.pending)
    ),
    (400, #"{"error":"slow_down"}"#, .success(.slowDown)),
    (400, #"{"error":"access_denied"}"#, .success(.denied)),
    (400, #"{"error":"expired_token"}"#, .success(.expired)),
    (400, #"{"error":"invalid_grant"}"#, .success(.expired)),
    (401, #"{"error":"invalid_client"}"#, .failure(.invalidCredentials)),
    (400, #"{"error":"unauthorized_client"}"#, .failure(.invalidCredentials)),
    (400, #"{"error":"SLOW_DOWN"}"#, .failure(.serverError)),
    (400, #"{"error":["slow_down"]}"#, .failure(.serverError)),
    (400, "slow_down", .failure(.serverError)),
    (403, #"{"error":"authorization_pending"}"#, .failure(.serverError)),
    (500, #"{"error":"authorization_pending"}"#, .failure(.serverError)),
    (200, #"{"token_type":"Bearer"}"#, .failure(.serverError)),
    (200, #"{"access_token":""}"#, .failure(.serverError)),
    (423, #"{"error":"authorization_pending"}"#, .failure(.accountLocked)),
  ])
  func aPollsAnswer(
    _ status: Int, _ body: String, _ expected: Result<DeviceLoginAction.Poll, AuthError>
  ) {
    #expect(Self.poll(status, body) == expected)
  }

  @Test func anApprovalIsTheSessionAndAThrottleItsWait() {
    #expect(
      Self.poll(200, #"{"access_token":"tok","expires_in":60,"refresh_token":"r"}"#)
        == .success(
          .approved(AuthSession(token: "tok", expiresIn: .seconds(60), refreshToken: "r"))))
    #expect(
      Self.poll(429, #"{"error":"slow_down"}"#, ["Retry-After": "3"])
        == .failure(.rateLimited(retryAfter: .seconds(3))))
  }

  @Test func theClientRefusesAnInsecureEndpointAndShowsNoURLSecret() throws {
    #expect(throws: HTTPAuthService.ConfigurationError.self) {
      try HTTPDeviceLogin(
        authorizationEndpoint: try Self.url("http://example.com/device"),
        tokenEndpoint: try Self.url("https://example.com/token"), clientID: "c")
    }
    #expect(throws: HTTPAuthService.ConfigurationError.self) {
      try HTTPDeviceLogin(
        authorizationEndpoint: try Self.url("https://example.com/device"),
        tokenEndpoint: try Self.url("http://example.com/token"), clientID: "c")
    }
    let login = try HTTPDeviceLogin(
      authorizationEndpoint: try Self.url("https://example.com/device#frag-SECRET"),
      tokenEndpoint: try Self.url("https://example.com/token?key=Q-SECRET"), clientID: "c")
    let shown = "\(login)" + String(reflecting: login)
    #expect(!shown.contains("SECRET"))
  }
}
