import Dispatch
import Foundation
import Synchronization

/// Reads a session from a descriptor (standard input) on a thread of its own and hands the
/// commands to an async runner one at a time.
///
/// Reading a pipe blocks until the writer sends a line, possibly for ever; doing that on the
/// Swift concurrency pool (two threads on a two-core machine) could starve the store's own
/// tasks. So a dedicated thread blocks in `read(2)`, and only when the runner asks for the
/// next command: a line is read when it is needed and never ahead, so memory stays flat and
/// a driver program sees each answer before it sends the next command.
final class ThreadedCommandSource: Sendable {
  private struct State {
    var waiter: CheckedContinuation<Result<LocatedCommand, SessionError>?, Never>?
    var isFinished = false
  }

  private let state = Mutex(State())
  private let demand = DispatchSemaphore(value: 0)

  /// Starts the reading thread for `fileDescriptor`, named `fileName` in locations; the
  /// descriptor stays open.
  init(fileDescriptor: Int32, fileName: String) {
    let thread = Thread { [self] in
      let reader = SessionReader(
        lines: LineReader(fileDescriptor: fileDescriptor, fileName: fileName))
      while true {
        demand.wait()
        let item = reader.next()
        let waiter = state.withLock { state in
          if item == nil { state.isFinished = true }
          defer { state.waiter = nil }
          return state.waiter
        }
        waiter?.resume(returning: item)
        if item == nil { return }
      }
    }
    thread.name = "login-replay input"
    thread.start()
  }

  /// The next command or bad line, or `nil` at the end of the input. One caller at a time.
  func next() async -> Result<LocatedCommand, SessionError>? {
    await withCheckedContinuation {
      (waiter: CheckedContinuation<Result<LocatedCommand, SessionError>?, Never>) in
      let finished = state.withLock { state in
        if state.isFinished { return true }
        state.waiter = waiter
        return false
      }
      if finished {
        waiter.resume(returning: nil)
      } else {
        demand.signal()
      }
    }
  }
}
