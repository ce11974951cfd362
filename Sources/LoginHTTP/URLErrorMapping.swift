import Foundation
import LoginFlow

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Maps a transport failure reported by URLSession to the ``AuthError`` the user sees.
///
/// Task cancellation never gets here: ``HTTPExchange`` reports it as its own outcome.
enum URLErrorMapping {
  /// The codes that mean "this device cannot reach the backend right now".
  static let networkUnavailableCodes: [URLError.Code] = [
    .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .cannotConnectToHost,
    .dnsLookupFailed,
  ]

  /// The user-facing error for a URLSession error code.
  static func authError(for code: URLError.Code) -> AuthError {
    if code == .timedOut { return .timedOut }
    if networkUnavailableCodes.contains(code) { return .networkUnavailable }
    return .unexpected
  }

  /// The user-facing error for any error a URLSession task completed with.
  ///
  /// `responseStarted` says whether the response headers had arrived. swift-corelibs-foundation
  /// reports a body cut short by the server closing the connection as `URLError.unknown`
  /// (Apple platforms say `networkConnectionLost`), so `unknown` after the headers is treated
  /// as a lost connection on every platform.
  static func authError(for error: any Error, responseStarted: Bool) -> AuthError {
    guard let code = code(of: error) else { return .unexpected }
    if code == .unknown, responseStarted { return .networkUnavailable }
    return authError(for: code)
  }

  /// The URLError code of `error`, whether it arrives as `URLError` or as an `NSError` in
  /// `NSURLErrorDomain`.
  static func code(of error: any Error) -> URLError.Code? {
    if let urlError = error as? URLError { return urlError.code }
    let nsError = error as NSError
    guard nsError.domain == NSURLErrorDomain else { return nil }
    return URLError.Code(rawValue: nsError.code)
  }
}
