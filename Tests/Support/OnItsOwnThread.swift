import Foundation

/// Runs `body`, which blocks (waits for a child process, polls a terminal), on a thread of
/// its own and awaits its result, so that the test holds no thread of Swift's cooperative
/// pool meanwhile: on two cores a blocked pool starves every other test (under the thread
/// sanitizer, past their time limits).
package func onItsOwnThread<T: Sendable>(
  _ body: @escaping @Sendable () throws -> T
) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}
