// libFuzzer target `http`: an HTTP answer (status, headers, body) through the response
// mapper, to a session or an AuthError. See Docs/Fuzzing.md.
//
// The input is text: a first line `json STATUS` or `oauth2 STATUS`, header lines
// `Name: value`, an empty line, and the body's bytes.
import Foundation
import LoginFlow

@testable import LoginHTTP

/// A token marker: whatever the body holds, no error and no description may show it.
private let secret = "TokenSecret77"

/// libFuzzer's entry point: runs one input and checks the invariants, crashing on a
/// violation; returns 0 to keep the input, -1 to reject it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let input = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  let (format, response) = decode(input)
  let mapper = HTTPResponseMapper(wireFormat: format)
  do throws(AuthError) {
    let session = try mapper.session(from: response)
    precondition((200...299).contains(response.status), "a session from \(response.status)")
    precondition(!session.token.isEmpty, "a session with an empty token")
    if let expiry = session.expiresIn {
      precondition(expiry >= .zero, "a negative expiry")
      precondition(expiry < .seconds(HTTPResponseMapper.longestExpirySeconds), "expiry too long")
    }
    // Redacted: the texts do not depend on the tokens at all.
    var other = session
    other.token = "x"
    other.refreshToken = session.refreshToken.map { _ in "y" }
    precondition("\(session)" == "\(other)", "a description depends on the token")
    precondition(String(reflecting: session) == String(reflecting: other), "debug shows the token")
    for text in [
      "\(session)", String(reflecting: session), "\(AuthResponseText(session))",
    ] {
      precondition(!text.holds(secret), "a description shows the token marker: \(text)")
    }
  } catch {
    for text in ["\(error)", String(reflecting: error), error.message] {
      precondition(!text.holds(secret), "an error shows the token: \(text)")
    }
    if case .rateLimited(let retryAfter) = error {
      precondition(response.status == 429, "rate limited on \(response.status)")
      if let retryAfter { precondition(retryAfter >= .zero, "a negative Retry-After") }
    }
  }

  // The number rewriter never makes invalid JSON valid, and is a no-op on its own output.
  let body = response.body
  let rewritten = JSONNumberRewriter.nullingUnrepresentableNumbers(in: body)
  precondition(
    JSONNumberRewriter.nullingUnrepresentableNumbers(in: rewritten) == rewritten,
    "the rewrite is not idempotent")
  // Foundation accepts some numbers it cannot represent (`1e999` parses on Linux), so "the
  // body parsed" does not mean "no number was rewritten"; what must hold is that the
  // rewrite never breaks a document that parsed.
  let parses = { (data: Data) in
    (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
  }
  precondition(!parses(body) || parses(rewritten), "the rewrite broke a document that parsed")
  let wait = RetryAfter.wait(
    in: response.header("Retry-After"), date: response.header("Date"), now: Date())
  precondition(wait.map { $0 > .zero && $0 <= LoginState.maximumRetryAfter } ?? true)
  return 0
}

/// How the session would appear in a response's description.
private struct AuthResponseText: CustomStringConvertible {
  let session: AuthSession
  init(_ session: AuthSession) { self.session = session }
  var description: String {
    "\(LoginAction.authResponse(attempt: 1, .success(session)))"
  }
}

/// Splits the input into the wire format, status, headers and body.
private func decode(_ input: [UInt8]) -> (HTTPAuthService.WireFormat, HTTPResponse) {
  var rest = input[...]
  func line() -> ArraySlice<UInt8>? {
    guard !rest.isEmpty else { return nil }
    guard let end = rest.firstIndex(of: 0x0A) else {
      defer { rest = rest[rest.endIndex...] }
      return rest
    }
    defer { rest = rest[(end + 1)...] }
    return rest[..<end]
  }
  let first = String(decoding: line() ?? [], as: UTF8.self)
  let words = first.split(separator: " ")
  let format: HTTPAuthService.WireFormat =
    words.first == "oauth2" ? .oauth2Password(clientID: "fuzz", scope: nil) : .json
  let status = words.dropFirst().first.flatMap { Int($0) } ?? 200
  var headers: [String: String] = [:]
  while let header = line(), !header.isEmpty, headers.count < 16 {
    let text = String(decoding: header, as: UTF8.self)
    guard let colon = text.firstIndex(of: ":") else { continue }
    headers[String(text[..<colon])] = String(text[text.index(after: colon)...])
  }
  return (format, HTTPResponse(status: status, headers: headers, body: Data(rest)))
}
