import Foundation
import LoginTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `login-tui`.
enum TerminalBinary {
  static func path() throws -> String {
    try BuiltProduct.url(named: "login-tui").path
  }
}
