#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP port on 127.0.0.1 held by a socket that is bound but never listens.
///
/// A connection to it is refused (`ECONNREFUSED`), and while the socket stays open no other
/// socket — say, a test server started by another suite — can take the port. Use it through
/// ``withUnlistenedPort(_:)``, which closes the socket afterwards.
final class UnlistenedPort {
  /// Why the socket could not be set up.
  struct SetupError: Error, CustomStringConvertible {
    /// The call that failed, with `errno`.
    var description: String
  }

  /// The port the kernel picked.
  let port: Int
  private let descriptor: Int32

  /// Binds a new socket to 127.0.0.1 on a port the kernel picks, without listening.
  init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SetupError(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      _ = Self.closeDescriptor(descriptor)
      throw SetupError(description: "bind/getsockname: errno \(code)")
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// Closes the socket, which frees the port.
  func close() {
    _ = Self.closeDescriptor(descriptor)
  }

  private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }
}

/// Runs `body` with the port of a fresh ``UnlistenedPort``, then closes its socket.
func withUnlistenedPort<T>(_ body: (Int) async throws -> T) async throws -> T {
  let holder = try UnlistenedPort()
  defer { holder.close() }
  return try await body(holder.port)
}
