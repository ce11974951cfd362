import Dispatch
import Foundation
import LoginTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `login-tui --auth-format device` on a pseudo-terminal against a real RFC 8628 server
/// (`device_server.py`, oauthlib's own endpoints) on 127.0.0.1: the code is shown at launch,
/// and what the test does as the user in the browser is what the screen shows next. Each
/// waits for the program's first poll, one interval (5 s) after the codes.
@Suite(.serialized, .hangGuard) struct TerminalDeviceLoginTests {
  /// The device server's first user code, as the screen shows it: large, a space between
  /// its characters.
  static let shownCode = "U S E R - 0 0 0 1"

  static func arguments(_ server: TestServer) -> [String] {
    [
      "--auth", server.url(path: "/token").absoluteString, "--auth-format", "device",
      "--device-url", server.url(path: "/device").absoluteString, "--client-id",
      "login-flow-tests", "--scope", "profile",
    ]
  }

  @Test(arguments: [
    ("approve", "Login successful"), ("deny", "Sign-in was denied in the browser."),
    ("expire", "The code expired. Start again."),
  ])
  func theCodeIsShownAndTheBrowsersAnswerIsTheScreens(
    _ action: String, _ shown: String
  ) async throws {
    try await withTestServer(.device) { server in
      let arguments = Self.arguments(server)
      let control = server.url(path: "/control/\(action)")
      try await onItsOwnThread {
        let terminal = try PseudoTerminal(arguments)
        try terminal.waitFor(Self.shownCode)
        #expect(Self.post(control, "user_code=USER-0001") == 204)
        try terminal.waitFor(shown)
        terminal.send("\u{03}")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.attributesRestored)
      }
    }
  }

  /// Posts `body` to `url` from this thread, waiting for the status.
  static func post(_ url: URL, _ body: String) -> Int? {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(body.utf8)
    let status = Mutex<Int?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { _, response, _ in
      status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode }
      done.signal()
    }.resume()
    done.wait()
    return status.withLock { $0 }
  }

  @Test func withoutTheDeviceEndpointItSaysWhatIsMissing() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([
        "--auth", "http://127.0.0.1:1/token", "--auth-format", "device",
      ])
      try terminal.waitFor("missing option '--device-url', which '--auth-format device' needs")
      #expect(try terminal.waitForExit() == 2)
    }
  }
}
