import Foundation

/// Decides whether a URL host names this machine, the only place plain `http` may go.
///
/// Loopback is `127.0.0.0/8` written as a dotted quad, the IPv6 address `::1` in any
/// spelling, and the name `localhost`. Everything else, including shorthand such as
/// `127.1`, is treated as remote: the rule errs on the side of refusing. (On Linux
/// ``HTTPAuthService`` refuses every IPv6 address as a host, `::1` included, since URLSession
/// there cannot reach one.)
enum LoopbackHost {
  /// Whether `host` (as `URL.host` gives it, without brackets) is loopback.
  static func contains(_ host: String) -> Bool {
    var name = host
    if name.hasPrefix("["), name.hasSuffix("]") {
      name = String(name.dropFirst().dropLast())
    }
    if name.lowercased() == "localhost" { return true }
    if let octets = ipv4Octets(name) { return octets[0] == 127 }
    if let groups = ipv6Groups(name) { return groups == [0, 0, 0, 0, 0, 0, 0, 1] }
    return false
  }

  /// The four octets of a strict dotted-quad IPv4 address, or `nil`.
  static func ipv4Octets(_ text: String) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var octets: [Int] = []
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(part), value <= 255
      else { return nil }
      octets.append(value)
    }
    return octets
  }

  /// The eight 16-bit groups of a hexadecimal IPv6 address (with optional `::`), or `nil`.
  static func ipv6Groups(_ text: String) -> [Int]? {
    let halves = text.components(separatedBy: "::")
    switch halves.count {
    case 1:
      guard let groups = hexGroups(halves[0]), groups.count == 8 else { return nil }
      return groups
    case 2:
      guard let head = hexGroups(halves[0]), let tail = hexGroups(halves[1]),
        head.count + tail.count < 8
      else { return nil }
      return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    default:
      return nil
    }
  }

  /// Colon-separated groups of one to four hex digits; the empty string is no group.
  private static func hexGroups(_ text: String) -> [Int]? {
    if text.isEmpty { return [] }
    var groups: [Int] = []
    for part in text.split(separator: ":", omittingEmptySubsequences: false) {
      guard (1...4).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isHexDigit }),
        let value = Int(part, radix: 16)
      else { return nil }
      groups.append(value)
    }
    return groups
  }
}
