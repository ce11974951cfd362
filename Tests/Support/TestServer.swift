import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A Python HTTP backend from `Tests/LoginHTTPTests/Fixtures/` (see ``Script``), run as a
/// child process on 127.0.0.1 with a port the kernel picks.
///
/// Shared by the test targets: LoginHTTPTests checks the HTTP service against it, and
/// LoginReplayTests runs `login-replay --auth URL` against it.
///
/// Use it through ``withTestServer(_:)``, which stops it on every path. The script also exits
/// by itself when its standard input closes (so a crashed test process leaves nothing
/// behind) and after two minutes in any case.
public final class TestServer: Sendable {
  /// Why the server could not be started.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// Which backend to run: a script in `Tests/LoginHTTPTests/Fixtures/`.
  public enum Script: String, Sendable {
    /// `auth_server.py`: scripted answers picked by the last path component (standard
    /// library only).
    case scripted = "auth_server.py"
    /// `totp_server.py`: a login with a real RFC 6238 code step at `/login`, `/login/verify`
    /// and `/login/resend` (needs pyotp).
    case totp = "totp_server.py"
    /// `device_server.py`: an OAuth 2.0 device authorization server (RFC 8628) on oauthlib's
    /// own endpoints, at `/device` and `/token`, with `/control/approve`, `/control/deny`
    /// and `/control/expire` for what the user does in the browser (needs oauthlib).
    case device = "device_server.py"
  }

  /// The port the server listens on.
  public let port: Int
  private let process: Process
  private let input: Pipe
  private let events: ServerEventQueue

  private init(port: Int, process: Process, input: Pipe, events: ServerEventQueue) {
    self.port = port
    self.process = process
    self.input = input
    self.events = events
  }

  /// The URL of the scripted case `name`, for example `json-ok` or `hold`. Requests that
  /// run at the same time on one server need different `tag`s, so that their events
  /// (which are kept per path) do not mix.
  public func url(_ name: String, tag: String = "t") -> URL {
    URL(string: "http://127.0.0.1:\(port)/login/\(tag)/\(name)") ?? URL(fileURLWithPath: "/")
  }

  /// The URL of `path` (which starts with `/`) on this server, for example `/login`.
  public func url(path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// What the device server's user does in the browser (`approve`, `deny`) or its clock
  /// does (`expire`) to the codes of `userCode`; whether the server knew them (204).
  @discardableResult
  public func device(_ action: String, userCode: String) async throws -> Bool {
    var request = URLRequest(url: url(path: "/control/\(action)"))
    request.httpMethod = "POST"
    request.httpBody = Data("user_code=\(userCode)".utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode == 204
  }

  /// The next thing the server reported about requests to `url`, or `nil` once it has exited.
  public func nextEvent(for url: URL) async -> ServerEvent? {
    await events.next(for: url.path)
  }

  /// Stops the server and waits, on a thread of its own, for the process to end.
  public func stop() async {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    let process = process
    _ = try? await onItsOwnThread { process.waitUntilExit() }
  }

  /// Starts the server running `script` and waits until it reports its port.
  ///
  /// - Throws: ``StartError`` when python3 or the script is missing, or the script reports
  ///   why it cannot start (the TOTP server without pyotp), with that reason.
  public static func start(_ script: Script = .scripted) async throws -> TestServer {
    guard let python = findExecutable("python3") else {
      throw StartError(description: "python3 was not found on PATH")
    }
    let file = fixture(script)
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw StartError(description: "the server script is missing at \(file.path)")
    }
    let process = Process()
    process.executableURL = python
    process.arguments = ["-u", file.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    let events = ServerEventQueue()
    try process.run()
    startReader(output.fileHandleForReading, into: events)
    let first = await events.next(for: "")
    guard let first, first.event == "listening", let port = first.port else {
      try? input.fileHandleForWriting.close()
      if process.isRunning { process.terminate() }
      _ = try? await onItsOwnThread { process.waitUntilExit() }
      let reason = first?.message.map { ": \($0)" } ?? ""
      throw StartError(
        description: "the test server \(file.lastPathComponent) did not report a port\(reason)")
    }
    return TestServer(port: port, process: process, input: input, events: events)
  }

  /// The scripted server's script, `auth_server.py`.
  public static let fixture = fixture(.scripted)

  /// The script of `script`, found from this file's path: `Tests/Support/` is next to
  /// `Tests/LoginHTTPTests/`.
  public static func fixture(_ script: Script) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("LoginHTTPTests/Fixtures/\(script.rawValue)")
  }

  /// Reads the server's output on a thread of its own, one JSON event per line.
  private static func startReader(_ handle: FileHandle, into events: ServerEventQueue) {
    let thread = Thread {
      var pending = Data()
      let decoder = JSONDecoder()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = pending[pending.startIndex..<newline]
          pending = Data(pending[pending.index(after: newline)...])
          if let event = try? decoder.decode(ServerEvent.self, from: Data(line)) {
            events.push(event)
          }
        }
      }
      events.end()
    }
    thread.start()
  }

  /// The first executable file called `name` in a directory of `PATH`.
  private static func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

/// Runs `body` with a fresh test server running `script` and stops the server afterwards,
/// whatever happens.
public func withTestServer<T>(
  _ script: TestServer.Script = .scripted, _ body: (TestServer) async throws -> T
) async throws -> T {
  let server = try await TestServer.start(script)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}
