import LoginRuntime

/// A thread-safe list that concurrent test tasks append to, read once they are done.
final class Recorder<Element: Sendable>: Sendable {
  private let items = Locked<[Element]>([])

  func append(_ item: Element) {
    items.withLock { $0.append(item) }
  }

  var all: [Element] {
    items.withLock { $0 }
  }
}

/// An actor to hop through, so that woken work takes several steps before it finishes.
actor Hops {
  private(set) var count = 0

  func hop() {
    count += 1
  }
}
