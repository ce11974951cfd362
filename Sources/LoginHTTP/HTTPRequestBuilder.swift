import Foundation
import LoginFlow

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Builds the `POST` requests the service sends: a login, in the configured wire format, and
/// the code step's check and resend (`json` only).
///
/// A body holds the password or the code, so a request is handed to URLSession and nowhere else:
/// it is never logged, described or echoed.
struct HTTPRequestBuilder {
  /// The endpoint, format and timeout to build for.
  let configuration: HTTPAuthService.Configuration

  /// The request for `credentials`: method, headers and body, ready to send.
  func request(for credentials: Credentials) -> URLRequest {
    var request = post(to: configuration.endpoint)
    switch configuration.wireFormat {
    case .json:
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Self.jsonBody(credentials)
    case .oauth2Password(let clientID, let scope):
      request.setValue(
        "application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
      var fields = [
        ("grant_type", "password"),
        ("username", credentials.email),
        ("password", credentials.password),
        ("client_id", clientID),
      ]
      if let scope { fields.append(("scope", scope)) }
      request.httpBody = Data(Self.formEncoded(fields).utf8)
    }
    return request
  }

  /// The code step's check, `POST <endpoint>/verify` with `{"challenge":…,"code":…}`
  /// (`json` wire format only).
  func verifyRequest(challenge: String, code: String) -> URLRequest {
    codeStepRequest(
      "verify",
      body: "{\"challenge\":\(Self.jsonString(challenge)),\"code\":\(Self.jsonString(code))}")
  }

  /// The code step's resend, `POST <endpoint>/resend` with `{"challenge":…}` (`json` wire
  /// format only).
  func resendRequest(challenge: String) -> URLRequest {
    codeStepRequest("resend", body: "{\"challenge\":\(Self.jsonString(challenge))}")
  }

  /// The endpoint with one path component appended, its query and fragment dropped:
  /// `https://api.example.com/login?x=1` and `verify` give `https://api.example.com/login/verify`.
  static func url(_ endpoint: URL, appending component: String) -> URL {
    guard var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
      return endpoint.appendingPathComponent(component)
    }
    parts.query = nil
    parts.fragment = nil
    return (parts.url ?? endpoint).appendingPathComponent(component)
  }

  /// A form-encoded `POST` of `fields` to the endpoint, with the login's headers: device
  /// login's requests (RFC 8628 §3.1 and §3.4).
  func formRequest(_ fields: [(String, String)]) -> URLRequest {
    var request = post(to: configuration.endpoint)
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(Self.formEncoded(fields).utf8)
    return request
  }

  /// A JSON `POST` to the endpoint's sub-path `component`, with the login's headers.
  private func codeStepRequest(_ component: String, body: String) -> URLRequest {
    var request = post(to: Self.url(configuration.endpoint, appending: component))
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body.utf8)
    return request
  }

  /// A `POST` to `url` with the headers and settings every request of the service has: no
  /// cache, no cookies, `Accept`, `User-Agent`, `Accept-Encoding: identity` and the backstop
  /// timeout.
  private func post(to url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.timeoutInterval = Self.backstopSeconds(configuration.timeout)
    request.httpShouldHandleCookies = false
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
    // Replaces the transport's own `gzip, deflate, br, zstd`: a compressed answer could
    // inflate far past the body limit before the limit sees a byte.
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    return request
  }

  /// The `User-Agent` value sent with every request: `LoginFlow/<version>`.
  static let userAgent = "LoginFlow/\(LoginFlowVersion.current)"

  /// `{"email":…,"password":…}` with both strings escaped as JSON requires.
  static func jsonBody(_ credentials: Credentials) -> Data {
    let text =
      "{\"email\":\(jsonString(credentials.email)),\"password\":\(jsonString(credentials.password))}"
    return Data(text.utf8)
  }

  /// A JSON string literal for `text` (RFC 8259 escaping; non-ASCII is kept as UTF-8).
  ///
  /// The short escapes (`\n`, `\t`, …) and lowercase `\u00xx`, as common JSON encoders
  /// send them; U+007F, U+2028 and U+2029 stay raw, as RFC 8259 allows. LoginRendering's
  /// `JSONValue.quoted` escapes differently on purpose (one `\u00XX` form, and those three
  /// escaped, for line-oriented output pinned by goldens); the two decode alike, and
  /// sharing one would change the bytes this request sends.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// `application/x-www-form-urlencoded` as RFC 6749 Appendix B asks: UTF-8, every byte
  /// outside `A-Z a-z 0-9 - . _ *` percent-encoded, and a space as `+`.
  static func formEncoded(_ fields: [(String, String)]) -> String {
    fields.map { "\(formComponent($0.0))=\(formComponent($0.1))" }.joined(separator: "&")
  }

  /// One name or value, form-encoded.
  static func formComponent(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "*"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: " "):
        out += "+"
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return out
  }

  /// URLSession's own timeout for a request whose deadline is `duration`: whole seconds,
  /// at least one more than the deadline, so that ``HTTPExchange``'s timer always decides.
  static func backstopSeconds(_ duration: Duration) -> TimeInterval {
    let parts = min(duration, HTTPExchange.longestTimeout).components
    let seconds = TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    return seconds.rounded(.up) + 1
  }
}
