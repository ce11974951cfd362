import Foundation
import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every URLError code `Docs/HTTP.md` maps, plus representatives of "anything else".
@Suite(.hangGuard) struct URLErrorMappingTests {
  static let rows: [(URLError.Code, AuthError)] = [
    (.notConnectedToInternet, .networkUnavailable),
    (.networkConnectionLost, .networkUnavailable),
    (.cannotFindHost, .networkUnavailable),
    (.cannotConnectToHost, .networkUnavailable),
    (.dnsLookupFailed, .networkUnavailable),
    (.timedOut, .timedOut),
    (.cancelled, .unexpected),
    (.badURL, .unexpected),
    (.unknown, .unexpected),
    (.badServerResponse, .unexpected),
    (.secureConnectionFailed, .unexpected),
    (.serverCertificateUntrusted, .unexpected),
    (.cannotDecodeContentData, .unexpected),
    (.httpTooManyRedirects, .unexpected),
    (.userAuthenticationRequired, .unexpected),
  ]

  @Test(arguments: rows)
  func code(_ code: URLError.Code, _ expected: AuthError) {
    #expect(URLErrorMapping.authError(for: code) == expected)
    #expect(URLErrorMapping.authError(for: URLError(code), responseStarted: false) == expected)
    let nsError = NSError(domain: NSURLErrorDomain, code: code.rawValue)
    #expect(URLErrorMapping.authError(for: nsError, responseStarted: false) == expected)
  }

  @Test func unknownAfterTheHeadersIsALostConnection() {
    // swift-corelibs-foundation reports a body cut short as `unknown`.
    #expect(
      URLErrorMapping.authError(for: URLError(.unknown), responseStarted: true)
        == .networkUnavailable)
    #expect(URLErrorMapping.authError(for: URLError(.timedOut), responseStarted: true) == .timedOut)
    #expect(URLErrorMapping.authError(for: URLError(.badURL), responseStarted: true) == .unexpected)
  }

  @Test func errorsFromOtherDomainsAreUnexpected() {
    let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNREFUSED))
    #expect(URLErrorMapping.authError(for: posix, responseStarted: false) == .unexpected)
    struct Other: Error {}
    #expect(URLErrorMapping.authError(for: Other(), responseStarted: true) == .unexpected)
  }
}
