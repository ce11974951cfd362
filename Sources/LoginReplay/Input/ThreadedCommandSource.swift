import Dispatch
import Foundation
import LoginRuntime

/// Reads a session from a descriptor (standard input, a pipe) on a thread of its own and
/// hands the commands to an async runner in order: the ``CommandSource`` of a stream.
///
/// Reading a pipe blocks until the writer sends a line, possibly for ever; doing that on the
/// Swift concurrency pool (two threads on a two-core machine) could starve the store's own
/// tasks. So a dedicated thread blocks in `read(2)`. It parses ahead into a small bounded
/// queue (``capacity`` commands), so memory stays flat however long the input is, and a
/// piped file flows without a thread hand-over per line; a driver program that writes one
/// command and waits still gets its answer at once, because a command is handed over as
/// soon as its line is complete.
final class ThreadedCommandSource: CommandSource, Sendable {
  /// How many parsed commands may wait for the runner.
  static let capacity = 256

  private typealias Item = Result<LocatedCommand, SessionError>

  private struct State {
    /// The parsed lines not taken yet; the reading thread holds a place (the `space`
    /// semaphore) before it appends, so appending never finds the queue full.
    var queue: [Item] = []
    var waiter: CheckedContinuation<Item?, Never>?
    var isFinished = false
  }

  private let state = Locked(State())
  /// Free places in the queue; the reading thread takes one before reading a line.
  ///
  /// Created at zero and then signalled: libdispatch traps when a semaphore is destroyed
  /// with a count below the value it was created with, which a reader stopped mid-queue has.
  private let space = DispatchSemaphore(value: 0)

  /// Starts the reading thread for `fileDescriptor`, named `fileName` in locations; the
  /// descriptor stays open.
  init(fileDescriptor: Int32, fileName: String) {
    for _ in 0..<Self.capacity { space.signal() }
    let thread = Thread { [self] in
      let reader = SessionCommandSequence(
        lines: DescriptorLineReader(fileDescriptor: fileDescriptor, fileName: fileName))
      while true {
        space.wait()
        let item = reader.next()
        // A waiting runner takes the item directly (its place in the queue is free again);
        // otherwise the item waits in the queue.
        let waiter: CheckedContinuation<Item?, Never>? = state.withLock { state in
          if item == nil { state.isFinished = true }
          if let waiter = state.waiter {
            state.waiter = nil
            return waiter
          }
          if let item { state.queue.append(item) }
          return nil
        }
        if let waiter {
          space.signal()
          waiter.resume(returning: item)
        }
        if item == nil { return }
      }
    }
    thread.name = "login-replay input"
    thread.start()
  }

  /// The next command or bad line, or `nil` at the end of the input. One caller at a time.
  func next() async -> Result<LocatedCommand, SessionError>? {
    enum Ready {
      case item(Item)
      case end
      case wait
    }
    let ready: Ready = state.withLock { state in
      if !state.queue.isEmpty { return .item(state.queue.removeFirst()) }
      return state.isFinished ? .end : .wait
    }
    switch ready {
    case .item(let item):
      space.signal()
      return item
    case .end:
      return nil
    case .wait:
      break
    }
    return await withCheckedContinuation { (waiter: CheckedContinuation<Item?, Never>) in
      // The thread may have queued or finished between the check above and now.
      let now: Ready = state.withLock { state in
        if !state.queue.isEmpty { return .item(state.queue.removeFirst()) }
        if state.isFinished { return .end }
        state.waiter = waiter
        return .wait
      }
      switch now {
      case .item(let item):
        space.signal()
        waiter.resume(returning: item)
      case .end:
        waiter.resume(returning: nil)
      case .wait:
        break
      }
    }
  }
}
