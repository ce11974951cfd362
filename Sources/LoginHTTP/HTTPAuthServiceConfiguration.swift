import Foundation
import LoginRuntime

extension HTTPAuthService {
  /// Where and how ``HTTPAuthService`` talks to a backend.
  ///
  /// Plain data: nothing is checked until ``HTTPAuthService/init(_:)`` validates it. Its
  /// `description` and `dump` show the endpoint as `scheme://host:port/path` only, never a
  /// user name, password, query or fragment the URL may hold.
  public struct Configuration: Equatable, Hashable, Sendable {
    /// The URL every login request is `POST`ed to, for example `https://api.example.com/login`.
    /// It must not contain a user name or password (see
    /// ``ConfigurationError/credentialsInURL(host:)``).
    public var endpoint: URL
    /// The request and response format the endpoint speaks.
    public var wireFormat: WireFormat
    /// How long one request may take in total, from sending to the last byte of the answer.
    /// When it expires the request is abandoned with ``/LoginFlow/AuthError/timedOut``. Values over
    /// a day and a second are treated as a day and a second.
    ///
    /// Under a ``/LoginRuntime/LoginStore`` on the real clock, make it longer than the store's
    /// timeout, as ``timeout(forStoreTimeout:)`` does: with equal durations both timers fire at
    /// about the same moment and either may win, so the same timeout is sometimes reported as the
    /// store's `effectTimedOut` and sometimes as an answer `timed-out`.
    public var timeout: Duration

    /// How much longer than the store's timeout ``timeout(forStoreTimeout:)`` makes the
    /// service's: one second.
    static let storeTimeoutMargin = Duration.seconds(1)

    /// Creates a configuration; the default timeout of 30 seconds matches the store's.
    public init(
      endpoint: URL, wireFormat: WireFormat = .json,
      timeout: Duration = LoginStore.defaultTimeout
    ) {
      self.endpoint = endpoint
      self.wireFormat = wireFormat
      self.timeout = timeout
    }

    /// The service timeout to use under a ``/LoginRuntime/LoginStore`` whose timeout is
    /// `storeTimeout`: the store's effective timeout (clamped into
    /// ``/LoginRuntime/LoginStore/timeoutRange``) plus one second.
    ///
    /// The store's timer then always fires first and decides the attempt (`effectTimedOut`
    /// in its events); the service's own timer is only a backstop for a request the store
    /// did not cancel.
    ///
    /// ```swift
    /// let storeTimeout = Duration.seconds(30)
    /// let service = try HTTPAuthService(
    ///   .init(
    ///     endpoint: endpoint,
    ///     timeout: HTTPAuthService.Configuration.timeout(forStoreTimeout: storeTimeout)))
    /// let store = LoginStore(service: service, timeout: storeTimeout)
    /// ```
    public static func timeout(forStoreTimeout storeTimeout: Duration) -> Duration {
      let range = LoginStore.timeoutRange
      return min(max(storeTimeout, range.lowerBound), range.upperBound) + storeTimeoutMargin
    }
  }
}

extension HTTPAuthService.Configuration: CustomStringConvertible, CustomReflectable {
  /// The endpoint as `scheme://host:port/path`, the wire format and the timeout.
  public var description: String {
    "\(endpointDescription) (\(wireFormat), timeout \(timeout))"
  }

  /// The same fields as ``description``, so that `dump` shows no URL secret either.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "endpoint": endpointDescription, "wireFormat": wireFormat, "timeout": timeout,
      ],
      displayStyle: .struct)
  }

  /// The endpoint as `scheme://host:port/path`: no user name, password, query or fragment.
  var endpointDescription: String { Self.describe(endpoint) }

  /// Any URL as `scheme://host:port/path`, the only way LoginFlow shows a URL: no user name,
  /// password, query or fragment. Also used for URLs that are refused.
  package static func describe(_ url: URL) -> String {
    let scheme = url.scheme ?? ""
    let host = url.host ?? ""
    let bracketed = host.contains(":") ? "[\(host)]" : host
    let port = url.port.map { ":\($0)" } ?? ""
    return "\(scheme)://\(bracketed)\(port)\(url.path)"
  }
}
