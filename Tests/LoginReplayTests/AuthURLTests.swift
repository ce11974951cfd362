import Foundation
import LoginTestSupport
import Testing

/// `login-replay --auth URL` end to end: the executable against the scripted HTTP server
/// on 127.0.0.1, on the real clock.
@Suite(.timeLimit(.minutes(2))) struct AuthURLTests {
  static let login = """
    type email demo@example.com
    type password Password123!
    submit
    settle
    snapshot

    """

  /// Runs `session` against `url` with `options`, waiting for it on a thread of its own.
  static func replay(
    _ session: String, url: URL, _ options: [String] = []
  ) async throws -> ReplayBinary.Result {
    let file = try TemporaryFile(session)
    defer { file.remove() }
    let arguments = options + ["--auth", url.absoluteString, file.path]
    return try await onItsOwnThread { try ReplayBinary.run(arguments) }
  }

  @Test func success() async throws {
    try await withTestServer { server in
      let url = server.url("json-ok")
      let result = try await Self.replay(
        Self.login + "expect phase succeeded\nexpect error none\n", url: url)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError == "")
      #expect(result.standardOutput.contains(": succeeded ---\n"))
      #expect(result.standardOutput.contains("Login successful"))
      #expect(result.standardOutput.hasSuffix("30 actions, 2 expectations: 2 passed, 0 failed\n"))
      #expect(!result.standardOutput.contains("tok-json-123"))
      #expect(!result.standardOutput.contains("Password123!"))
      let request = try #require(await server.nextEvent(for: url))
      #expect(request.event == "request")
      #expect(request.header("Content-Type") == "application/json")
    }
  }

  @Test func wrongPassword() async throws {
    try await withTestServer { server in
      let result = try await Self.replay(
        Self.login + """
          expect phase failed
          expect error "The email or password is incorrect."
          expect reset-suggested false

          """, url: server.url("401"), ["--trace"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains(": failed ---\n"))
      #expect(
        result.standardOutput.contains("finished authenticate(1): invalid-credentials after "))
      #expect(!result.standardOutput.contains("SERVER-TEXT"))
      #expect(!result.standardOutput.contains("Password123!"))
    }
  }

  @Test func serverError() async throws {
    try await withTestServer { server in
      let result = try await Self.replay(
        Self.login + """
          expect phase failed
          expect error "Something went wrong. Please try again."
          expect can-submit true

          """, url: server.url("500"), ["--format", "jsonl"])
      #expect(result.status == 0, "\(result.standardError)")
      let lines = result.standardOutput.split(separator: "\n")
      let objects = try lines.map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      let response = try #require(
        objects.first { ($0["action"] as? String)?.hasPrefix("authResponse") == true })
      #expect(response["action"] as? String == "authResponse(1, failure(serverError))")
      // On the real clock a fast answer may already be in when the `submit` line (3) prints
      // its events; otherwise `settle` (4) waits for it.
      #expect([3, 4].contains(response["line"] as? Int ?? 0))
      #expect(objects.last?["failed"] as? Int == 0)
      #expect(!result.standardOutput.contains("SERVER-TEXT"))
    }
  }

  @Test func aFailedExpectationAgainstTheServerIsOne() async throws {
    try await withTestServer { server in
      let result = try await Self.replay(
        Self.login + "expect phase succeeded\n", url: server.url("503"))
      #expect(result.status == 1)
      #expect(
        result.standardError.hasSuffix(": expectation failed: expected succeeded, got failed\n"))
    }
  }

  @Test func settleWaitsForTheAnswerOnTheRealClock() async throws {
    try await withTestServer { server in
      let result = try await Self.replay(
        """
        type email demo@example.com
        type password Password123!
        submit
        settle
        expect phase succeeded

        """, url: server.url("json-ok-minimal"), ["--trace"])
      // `settle` returns only after the answer: the expectation after it holds. In order: the
      // request starts on `submit`, then finishes and is applied, on `submit`'s line when the
      // server is quick enough, else on `settle`'s (a busy machine decides which).
      #expect(result.status == 0, "\(result.standardError)")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let started = try #require(
        lines.firstIndex { $0.hasSuffix("line 3: started authenticate(1)") })
      let finished = try #require(
        lines.firstIndex { $0.contains(": finished authenticate(1): success after ") })
      let succeeded = try #require(
        lines.firstIndex { $0.contains(": submitting(1) --authResponse(1, success") })
      #expect(started < finished && finished < succeeded)
    }
  }

  /// On the real clock `wait` sleeps: the JSON line of a `wait` gives the time after it, which
  /// is at least the time waited (a lower bound only, so a busy machine cannot fail it).
  @Test func waitSleepsOnTheRealClock() async throws {
    try await withTestServer { server in
      let result = try await Self.replay(
        "wait 250ms\nwait 100ms\n", url: server.url("json-ok"), ["--format", "jsonl"])
      #expect(result.status == 0, "\(result.standardError)")
      let times = try result.standardOutput.split(separator: "\n").compactMap { line -> Double? in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard object?["type"] as? String == "wait", let time = object?["time"] as? String
        else { return nil }
        return time.hasSuffix("ms")
          ? Double(time.dropLast(2)).map { $0 / 1000 } : Double(time.dropLast())
      }
      #expect(times.count == 2, "\(result.standardOutput)")
      #expect(times.first.map { $0 >= 0.25 } == true, "\(times)")
      #expect(times.last.map { $0 >= 0.35 } == true, "\(times)")
    }
  }

  /// The store's timeout decides, never the HTTP service's own: the trace always says
  /// "timed out", not "finished …: timeout".
  @Test func theStoresTimeoutAlwaysWinsOverTheHTTPServices() async throws {
    try await withTestServer { server in
      let url = server.url("hold")
      let result = try await Self.replay(
        Self.login + """
          expect phase failed
          expect error "The request timed out. Please try again."

          """, url: url, ["--trace", "--timeout", "200ms"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("line 4: timed out authenticate(1) after "))
      #expect(!result.standardOutput.contains("finished authenticate(1)"))
      #expect(await server.nextEvent(for: url)?.event == "request")
    }
  }

  /// `relaunch` against a real server: the session remembered from its answer is restored
  /// by the next store, and a logout forgets it for the one after.
  @Test func relaunchRestoresTheSessionTheServerGave() async throws {
    try await withTestServer { server in
      let folder = try TemporaryDirectory()
      defer { folder.remove() }
      let result = try await Self.replay(
        Self.login + RememberReplayTests.relaunchCycle, url: server.url("json-ok"),
        ["--session-file", folder.path("session.json")])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("3 expectations: 3 passed, 0 failed\n"))
      #expect(!result.standardOutput.contains("tok-json-123"))
    }
  }

  /// `relaunch` while the server holds the request: the closed store cancels it, and the
  /// next store starts on the first screen without waiting for the server. (Whether the
  /// request reached the server before the cancellation is a race, so it is not asserted.)
  @Test func relaunchWhileTheServerHoldsTheRequestCancelsIt() async throws {
    try await withTestServer { server in
      let url = server.url("hold")
      let result = try await Self.replay(
        """
        type email demo@example.com
        type password Password123!
        submit
        relaunch
        expect phase idle
        expect requests-in-flight 0

        """, url: url, ["--trace"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("line 4: cancelled authenticate(1) after "))
      #expect(result.standardOutput.contains("line 4: relaunched"))
    }
  }

  @Test func oauth2SendsTheClientID() async throws {
    try await withTestServer { server in
      let custom = server.url("oauth-ok", tag: "custom")
      let result = try await Self.replay(
        Self.login + "expect phase succeeded\n", url: custom,
        ["--auth-format", "oauth2", "--client-id", "my-app"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(!result.standardOutput.contains("tok-oauth-456"))
      let request = try #require(await server.nextEvent(for: custom))
      let body = try #require(request.bodyText)
      #expect(body.contains("grant_type=password"))
      #expect(body.contains("client_id=my-app"))

      let standard = server.url("oauth-ok", tag: "default")
      let second = try await Self.replay(
        Self.login + "expect phase succeeded\n", url: standard, ["--auth-format", "oauth2"])
      #expect(second.status == 0, "\(second.standardError)")
      let defaultRequest = try #require(await server.nextEvent(for: standard))
      #expect(defaultRequest.bodyText?.contains("client_id=login-replay") == true)
    }
  }
}
