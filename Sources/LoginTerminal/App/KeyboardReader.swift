import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads standard input on a thread of its own, blocked in `read` (no polling), and hands
/// each chunk to `deliver`; ends with ``AppEvent/inputEnded``.
enum KeyboardReader {
  /// Starts the thread; it lives as long as standard input does.
  static func start(_ deliver: @escaping @Sendable (AppEvent) -> Void) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count > 0 {
          deliver(.input(Array(buffer[0..<count])))
        } else if count < 0, errno == EINTR || errno == EAGAIN {
          continue
        } else {
          deliver(.inputEnded)
          return
        }
      }
    }
    thread.name = "login-tui keyboard"
    thread.start()
  }
}
