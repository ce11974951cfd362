import Foundation

/// One line a test server (`Tests/LoginHTTPTests/Fixtures/auth_server.py`, `totp_server.py`)
/// printed.
public struct ServerEvent: Decodable, Sendable {
  /// `listening`, `request`, `done`, `client-closed`, `hold-expired`, `send-aborted`,
  /// `send-complete`, or `error` when the server cannot start.
  public var event: String
  /// Why the server cannot start, for `error`.
  public var message: String?
  /// The port, for `listening`.
  public var port: Int?
  /// How many requests this server has received, this one included, for `request`.
  public var number: Int?
  /// The request method, for `request`.
  public var method: String?
  /// The request target, for every event but `listening`.
  public var path: String?
  /// The request header lines as `[name, value]` pairs, in the order received.
  public var headers: [[String]]?
  /// The request body, base64-encoded, for `request`.
  public var body: String?
  /// Bytes of a big body sent before the client stopped reading or the end.
  public var sent: Int?

  /// The request body as text.
  public var bodyText: String? {
    guard let body, let data = Data(base64Encoded: body) else { return nil }
    return String(bytes: data, encoding: .utf8)
  }

  /// The value of the header `name` (case-insensitive), when present exactly once.
  public func header(_ name: String) -> String? {
    let matches = (headers ?? []).filter { $0.first?.lowercased() == name.lowercased() }
    guard matches.count == 1, matches[0].count == 2 else { return nil }
    return matches[0][1]
  }

  /// The header names, lowercased and sorted.
  public var headerNames: [String] {
    (headers ?? []).compactMap { $0.first?.lowercased() }.sorted()
  }
}
