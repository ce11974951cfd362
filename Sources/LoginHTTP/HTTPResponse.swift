import Foundation

/// A complete answer from the endpoint, already size-checked: status, headers and body.
struct HTTPResponse: Sendable {
  /// The HTTP status code.
  var status: Int
  /// Header fields by name, as received.
  var headers: [String: String]
  /// The body, at most ``HTTPAuthService/maximumResponseBytes`` long.
  var body: Data

  /// The value of the header `name`, compared case-insensitively.
  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.key.lowercased() == wanted }?.value
  }
}
