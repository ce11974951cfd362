import Foundation
import LoginFlow
import LoginHTTP
import LoginTestSupport
import Testing

/// Cancelling the calling task cancels the request: the connection closes and no answer is
/// reported.
@Suite(.hangGuard) struct HTTPCancellationTests {
  @Test func cancellingTheTaskClosesTheConnection() async throws {
    try await withTestServer { server in
      // A long timeout: only the cancellation can end this request early.
      let url = server.url("hold")
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(60)))
      let task = Task { await authOutcome(service) }
      // The server has the request and holds it: the request is in flight.
      #expect(await server.nextEvent(for: url)?.event == "request")
      task.cancel()
      // The server saw the client hang up (rather than its own 20 s hold limit expiring).
      #expect(await server.nextEvent(for: url)?.event == "client-closed")
      #expect(await task.value == .failure(.unexpected))
    }
  }

  @Test func alreadyCancelledTaskSendsNothing() async throws {
    try await withTestServer { server in
      let url = server.url("json-ok")
      let service = try HTTPAuthService(.init(endpoint: url, timeout: .seconds(20)))
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await authOutcome(service)
      }
      #expect(await task.value == .failure(.unexpected))
      // The same request again, not cancelled, is the first the server ever receives: the
      // cancelled one never went out.
      #expect(await authOutcome(service) != .failure(.unexpected))
      let request = await server.nextEvent(for: url)
      #expect(request?.event == "request")
      #expect(request?.number == 1)
    }
  }
}
