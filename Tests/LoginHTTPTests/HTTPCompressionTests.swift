import Foundation
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginHTTP

/// Compressed answers: the request asks for none, and an answer that is compressed anyway is
/// refused when its headers arrive, before a single body byte is accepted.
@Suite(.hangGuard) struct HTTPCompressionTests {
  /// One exchange against `url`, as the service runs it, so that the test can look at what
  /// the exchange accepted as well as at its outcome.
  static func exchange(_ url: URL) -> HTTPExchange {
    let configuration = HTTPAuthService.Configuration(endpoint: url, timeout: .seconds(20))
    return HTTPExchange(
      request: HTTPRequestBuilder(configuration: configuration).request(for: .sample),
      timeout: configuration.timeout,
      maximumBodyBytes: HTTPAuthService.maximumResponseBytes)
  }

  /// About 500 KB that inflate to 500 MiB of zeros, well inside the limit as sent.
  @Test(arguments: ["gzip-bomb", "deflate-bomb"])
  func aCompressionBombIsRefusedBeforeAnyBodyByte(_ name: String) async throws {
    try await withTestServer { server in
      let url = server.url(name)
      let exchange = Self.exchange(url)
      let outcome = await exchange.run()
      guard case .failure(.serverError) = outcome else {
        Issue.record("\(name): \(outcome), expected serverError")
        return
      }
      #expect(exchange.bodyBytesAccepted == 0)
      let request = try #require(await server.nextEvent(for: url))
      #expect(request.event == "request")
      #expect(request.header("Accept-Encoding") == "identity")
    }
  }

  /// Even a small, valid compressed answer is refused: it is not what the request asked for.
  @Test func aSmallCompressedAnswerIsAServerError() async throws {
    try await withTestServer { server in
      let url = server.url("gzip-json")
      let exchange = Self.exchange(url)
      let outcome = await exchange.run()
      guard case .failure(.serverError) = outcome else {
        Issue.record("\(outcome), expected serverError")
        return
      }
      #expect(exchange.bodyBytesAccepted == 0)
    }
  }

  /// The counter does count: an ordinary answer's body is accepted in full.
  @Test func anOrdinaryAnswerIsAcceptedInFull() async throws {
    try await withTestServer { server in
      let url = server.url("json-ok-minimal")
      let exchange = Self.exchange(url)
      guard case .response(let response) = await exchange.run() else {
        Issue.record("no response")
        return
      }
      #expect(response.body.count == #"{"token": "tok-min"}"#.utf8.count)
      #expect(exchange.bodyBytesAccepted == response.body.count)
    }
  }

  @Test(
    arguments: [
      ("gzip", false), ("deflate", false), ("br", false), ("zstd", false), ("GZIP", false),
      ("identity", true), ("Identity", true), (" identity ", true), (nil, true),
      ("identity, gzip", false), ("", false),
    ] as [(String?, Bool)])
  func onlyAnAbsentOrIdentityContentEncodingIsAccepted(_ value: String?, _ accepted: Bool) {
    #expect(HTTPExchange.isIdentityEncoding(value) == accepted, "\(String(describing: value))")
  }
}
