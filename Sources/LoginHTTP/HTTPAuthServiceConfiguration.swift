import Foundation

extension HTTPAuthService {
  /// Where and how ``HTTPAuthService`` talks to a backend.
  ///
  /// Plain data: nothing is checked until ``HTTPAuthService/init(_:)`` validates it.
  public struct Configuration: Equatable, Hashable, Sendable {
    /// The URL every login request is `POST`ed to, for example `https://api.example.com/login`.
    public var endpoint: URL
    /// The request and response format the endpoint speaks.
    public var wireFormat: WireFormat
    /// How long one request may take in total, from sending to the last byte of the answer.
    /// When it expires the request is abandoned with ``AuthError/timedOut``. Values over a
    /// day are treated as a day.
    public var timeout: Duration

    /// Creates a configuration; the default timeout of 30 seconds matches the store's.
    public init(endpoint: URL, wireFormat: WireFormat = .json, timeout: Duration = .seconds(30)) {
      self.endpoint = endpoint
      self.wireFormat = wireFormat
      self.timeout = timeout
    }
  }
}
